// Dynamic blocks: blocks the site makes when the page is shown (latest posts, a query loop,
// the site's title …), saved as a comment holding their attributes, self-closing or around
// the inner blocks of a query loop (kept as read). One definition per block: its attributes
// in the order the block type declares them with their defaults (the block editor writes
// them in that order and leaves defaults out; tests/unit/dynamic-blocks.test.ts checks both
// against it), and the settings the writer changes in the editor.
import type { JSONContent } from '@tiptap/core';
import { parse } from '@wordpress/block-serialization-default-parser';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { COLOURS_AND_FONTS, HEADING_LEVELS, styled, type DynamicBlockType } from './dynamic-block-type.ts';
import { POST_BLOCKS } from './post-blocks.ts';
import { COMMENT_BLOCKS } from './comment-blocks.ts';
import { NAVIGATION_BLOCKS } from './navigation-blocks.ts';
import { SITE_BLOCKS } from './site-blocks.ts';
import { TERM_BLOCKS } from './term-blocks.ts';

export type { DynamicBlockType, Setting } from './dynamic-block-type.ts';

/** The services a social icon links to, as the block editor names them. */
const SOCIAL_SERVICES = [['wordpress', 'WordPress'], ['fivehundredpx', '500px'], ['amazon', 'Amazon'], ['bandcamp', 'Bandcamp'], ['behance', 'Behance'], ['bluesky', 'Bluesky'], ['chain', 'Link'], ['codepen', 'CodePen'], ['deviantart', 'DeviantArt'], ['discord', 'Discord'], ['dribbble', 'Dribbble'], ['dropbox', 'Dropbox'], ['etsy', 'Etsy'], ['facebook', 'Facebook'], ['feed', 'RSS Feed'], ['flickr', 'Flickr'], ['foursquare', 'Foursquare'], ['goodreads', 'Goodreads'], ['google', 'Google'], ['github', 'GitHub'], ['gravatar', 'Gravatar'], ['instagram', 'Instagram'], ['lastfm', 'Last.fm'], ['linkedin', 'LinkedIn'], ['mail', 'Mail'], ['mastodon', 'Mastodon'], ['meetup', 'Meetup'], ['medium', 'Medium'], ['patreon', 'Patreon'], ['pinterest', 'Pinterest'], ['pocket', 'Pocket'], ['reddit', 'Reddit'], ['skype', 'Skype'], ['snapchat', 'Snapchat'], ['soundcloud', 'SoundCloud'], ['spotify', 'Spotify'], ['telegram', 'Telegram'], ['threads', 'Threads'], ['tiktok', 'TikTok'], ['tumblr', 'Tumblr'], ['twitch', 'Twitch'], ['twitter', 'Twitter'], ['vimeo', 'Vimeo'], ['vk', 'VK'], ['whatsapp', 'WhatsApp'], ['x', 'X'], ['yelp', 'Yelp'], ['youtube', 'YouTube']] as const;

const ORDER = [['desc', 'Newest first'], ['asc', 'Oldest first']] as const;
const ORDER_BY = [['date', 'Date'], ['title', 'Title']] as const;

/** The query loop's query when the block holds none of its own. */
export const DEFAULT_QUERY = { perPage: null, pages: 0, offset: 0, postType: 'post', order: 'desc', orderBy: 'date', author: '', search: '', exclude: [], sticky: '', inherit: true, taxQuery: null, parents: [], format: [], excludeCurrent: null };

/** The post date names the field it shows (a binding), as the block editor writes it now. */
const POST_DATE = { metadata: { bindings: { datetime: { source: 'core/post-data', args: { field: 'date' } } } } };

/** A query loop's HTML around the post template the block editor makes first (each item's title and date). */
export const DEFAULT_QUERY_INNER = `\n<div class="wp-block-query"><!-- wp:post-template -->\n<!-- wp:post-title /-->\n\n<!-- wp:post-date ${serializeBlockAttributes(POST_DATE)} /-->\n<!-- /wp:post-template --></div>\n`;

export const DYNAMIC_BLOCKS: Readonly<Record<string, DynamicBlockType>> = {
  'core/latest-posts': {
    title: 'Latest posts',
    keywords: 'recent blog news list',
    attributes: {
      categories: undefined, selectedAuthor: undefined, postsToShow: 5, displayPostContent: false, displayPostContentRadio: 'excerpt', excerptLength: 55, displayAuthor: false, displayPostDate: false, order: 'desc', orderBy: 'date', displayFeaturedImage: false, featuredImageAlign: undefined, featuredImageSizeSlug: 'thumbnail', featuredImageSizeWidth: null, featuredImageSizeHeight: null, addLinkToFeaturedImage: false,
      ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata']),
    },
    settings: [
      { path: 'postsToShow', label: 'Number of posts', kind: 'number', min: 1, max: 100 },
      { path: 'order', label: 'Order', kind: 'choice', choices: ORDER },
      { path: 'orderBy', label: 'Sorted by', kind: 'choice', choices: ORDER_BY },
      { path: 'displayPostDate', label: 'Show the date', kind: 'boolean' },
      { path: 'displayPostContent', label: 'Show the excerpt', kind: 'boolean' },
      { path: 'displayAuthor', label: 'Show the author', kind: 'boolean' },
    ],
  },
  'core/query': {
    title: 'Query loop',
    keywords: 'posts list loop archive pages',
    attributes: { queryId: undefined, query: DEFAULT_QUERY, tagName: 'div', namespace: undefined, enhancedPagination: false, ...styled(['align', 'lock', 'anchor', 'className', 'style', 'layout', 'metadata']) },
    settings: [
      { path: 'query.postType', label: 'Post type', kind: 'choice', choices: [['post', 'Posts'], ['page', 'Pages']] },
      { path: 'query.perPage', label: 'Items per page', kind: 'number', min: 1, max: 100 },
      { path: 'query.order', label: 'Order', kind: 'choice', choices: ORDER },
      { path: 'query.orderBy', label: 'Sorted by', kind: 'choice', choices: ORDER_BY },
    ],
    holdsBlocks: true,
    madeInner: DEFAULT_QUERY_INNER,
    // Written self-closing, it holds no post template: read on its own, that is its first form, which the block editor migrates and saves empty (older-query.ts); held in another block, its first change gives it the default one.
    plainAttributes: ['queryId', 'query', 'namespace', 'enhancedPagination'],
  },
  'core/site-title': {
    title: 'Site title',
    keywords: 'name blog heading',
    attributes: { level: 1, levelOptions: [0, 1, 2, 3, 4, 5, 6], isLink: true, linkTarget: '_self', ...styled([...COLOURS_AND_FONTS, 'fitText', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'level', label: 'Level', kind: 'choice', choices: HEADING_LEVELS },
      { path: 'isLink', label: 'Link to the home page', kind: 'boolean' },
    ],
  },
  'core/site-tagline': {
    title: 'Site tagline',
    keywords: 'description subtitle slogan',
    attributes: { level: 0, levelOptions: [0, 1, 2, 3, 4, 5, 6], ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [{ path: 'level', label: 'Level', kind: 'choice', choices: HEADING_LEVELS }],
  },
  'core/archives': {
    title: 'Archives',
    keywords: 'months years dates',
    attributes: { displayAsDropdown: false, showLabel: true, showPostCounts: false, type: 'monthly', ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'type', label: 'Group by', kind: 'choice', choices: [['monthly', 'Month'], ['yearly', 'Year']] },
      { path: 'showPostCounts', label: 'Show post counts', kind: 'boolean' },
      { path: 'displayAsDropdown', label: 'Show as a drop-down', kind: 'boolean' },
    ],
  },
  'core/categories': {
    title: 'Categories',
    keywords: 'terms topics taxonomy',
    attributes: { taxonomy: 'category', displayAsDropdown: false, showHierarchy: false, showPostCounts: false, showOnlyTopLevel: false, showEmpty: false, label: undefined, showLabel: true, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'showPostCounts', label: 'Show post counts', kind: 'boolean' },
      { path: 'showHierarchy', label: 'Show the hierarchy', kind: 'boolean' },
      { path: 'showEmpty', label: 'Show empty categories', kind: 'boolean' },
      { path: 'displayAsDropdown', label: 'Show as a drop-down', kind: 'boolean' },
    ],
  },
  'core/page-list': {
    title: 'Page list',
    keywords: 'pages menu navigation',
    attributes: { parentPageID: 0, ...styled([...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [],
  },
  'core/social-link': {
    title: 'Social icon',
    keywords: 'social link profile',
    attributes: { url: undefined, service: undefined, label: undefined, rel: undefined, ...styled(['lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [
      { path: 'service', label: 'Service', kind: 'choice', choices: SOCIAL_SERVICES },
      { path: 'url', label: 'Address', kind: 'text' },
      { path: 'label', label: 'Label', kind: 'text' },
    ],
    parent: 'core/social-links',
  },
  'core/latest-comments': {
    title: 'Latest comments',
    keywords: 'recent discussion replies',
    attributes: { commentsToShow: 5, displayAvatar: true, displayDate: true, displayContent: 'excerpt', ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [
      { path: 'commentsToShow', label: 'Number of comments', kind: 'number', min: 1, max: 100 },
      { path: 'displayAvatar', label: 'Show avatars', kind: 'boolean' },
      { path: 'displayDate', label: 'Show the date', kind: 'boolean' },
      { path: 'displayContent', label: 'Content', kind: 'choice', choices: [['none', 'None'], ['excerpt', 'Excerpt'], ['full', 'Full text']] },
    ],
  },
  ...POST_BLOCKS,
  ...COMMENT_BLOCKS,
  ...NAVIGATION_BLOCKS,
  ...SITE_BLOCKS,
  ...TERM_BLOCKS,
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The block's attributes as the block editor writes them: in the declared order, those equal to their default left out, ones it does not declare after them. */
export function writtenAttributes(name: string, attributes: Record<string, unknown>): Record<string, unknown> {
  const declared = DYNAMIC_BLOCKS[name].attributes;
  const ordered = Object.keys(declared).filter((key) => attributes[key] !== undefined && !sameValue(attributes[key], declared[key]));
  const others = Object.keys(attributes).filter((key) => !Object.hasOwn(declared, key));
  return Object.fromEntries([...ordered, ...others].map((key) => [key, attributes[key]]));
}

/** The value a setting has: the block's own, or the block type's default. */
export function settingValue(name: string, attributes: Record<string, unknown>, path: string): unknown {
  const [first, second] = path.split('.');
  const top = attributes[first] ?? DYNAMIC_BLOCKS[name].attributes[first];
  return second === undefined ? top : (top as Record<string, unknown> | undefined)?.[second];
}

/** The attributes with one setting changed (a query's key changed inside its query, the other keys kept in their order). */
export function withSetting(name: string, attributes: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [first, second] = path.split('.');
  if (second === undefined) return { ...attributes, [first]: value };
  const held = (attributes[first] ?? DYNAMIC_BLOCKS[name].attributes[first]) as Record<string, unknown>;
  return { ...attributes, [first]: { ...held, [second]: value } };
}


/** What the block editor gives a new one beside its defaults (a query loop lists five posts of its own; a search form's default variation words its label and button). */
const MADE_ATTRIBUTES: Readonly<Record<string, Record<string, unknown>>> = {
  'core/query': { query: { ...DEFAULT_QUERY, perPage: 5, inherit: false } },
  'core/search': { label: 'Search', buttonText: 'Search' },
};

/** The markup the block editor saves for a new one (a query loop listing its posts' titles and dates). */
export function newDynamicBlock(name: string): string {
  return dynamicBlockMarkup({ attrs: { name, blockAttributes: MADE_ATTRIBUTES[name] ?? {}, inner: null } });
}

/** Whether the block's save writes no element of its own for these attributes. */
function elementless(type: DynamicBlockType, attributes: Record<string, unknown>): boolean {
  return type.elementlessWhen !== undefined && attributes[type.elementlessWhen] === true;
}

/** A dynamic block's node, or null when it is not one (or holds HTML of its own that it should not). */
export function readDynamicBlock(block: ParsedBlock, source: string): JSONContent | null {
  const type = Object.hasOwn(DYNAMIC_BLOCKS, block.blockName ?? '') ? DYNAMIC_BLOCKS[block.blockName ?? ''] : null;
  if (!type) return null;
  const node = (inner: string | null) => ({ type: 'dynamicBlock', attrs: { name: block.blockName, blockAttributes: block.attrs ?? {}, inner } });
  if (!type.holdsBlocks) return block.innerHTML.trim() === '' && block.innerBlocks.length === 0 ? node(null) : null;
  // Its inner blocks (a query loop's post template, a menu's links) are held as read, between its comments.
  const opening = /^\s*<!--[\s\S]*?-->/.exec(source);
  const closing = source.lastIndexOf('<!-- /wp:');
  // Written self-closing, one whose blocks stand in an element of its own holds none: read only when its attributes leave that element plain.
  if (opening?.[0].endsWith('/-->')) return !type.madeInner || elementless(type, block.attrs ?? {}) || Object.keys(block.attrs ?? {}).every((key) => type.plainAttributes?.includes(key)) ? node(null) : null;
  return opening && closing > opening[0].length ? node(source.slice(opening[0].length, closing)) : null;
}

/** The first block named `name` in `blocks` or inside them. */
function firstBlock(blocks: ParsedBlock[], name: string): ParsedBlock | null {
  for (const block of blocks) {
    const found = block.blockName === name ? block : firstBlock(block.innerBlocks, name);
    if (found) return found;
  }
  return null;
}

/**
 * What each item of a query loop shows, from its post template's blocks as read ('Title',
 * 'Date', 'Featured image'; another plugin's block by its name); null when it has no post template.
 */
export function queryTemplateParts(inner: string | null): string[] | null {
  const template = inner === null ? null : firstBlock(parse(inner), 'core/post-template');
  if (!template) return null;
  return template.innerBlocks.map(({ blockName }) => partTitle(blockName ?? 'HTML'));
}

/** The blocks a block holds as read, as a writer would name them ('Comments title', 'Comment template'). */
export function heldParts(inner: string | null): string[] {
  return inner === null ? [] : parse(inner).flatMap(({ blockName }) => (blockName ? [partTitle(blockName)] : []));
}

/** A post template's block as a writer would name it ('Title', 'Featured image'; another plugin's by its name). */
export function partTitle(name: string): string {
  if (Object.hasOwn(DYNAMIC_BLOCKS, name)) return DYNAMIC_BLOCKS[name].title;
  const words = name.replace(/^core\/(?:post-)?/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A dynamic block's inner markup: as read, or, read without any, what the block editor makes for a new one (none where its attributes leave it no element of its own). */
export function innerOnceChanged(name: string, attributes: Record<string, unknown>, held: unknown): string | null {
  if (typeof held === 'string') return held;
  const type = Object.hasOwn(DYNAMIC_BLOCKS, name) ? DYNAMIC_BLOCKS[name] : null;
  return type && !elementless(type, attributes) ? (type.madeInner ?? null) : null;
}

/** The block's markup: a self-closing comment with its attributes, or its comments around its inner markup as read (one read self-closing whose blocks stand in an element of its own: that element as the block editor makes it). */
export function dynamicBlockMarkup(node: JSONContent): string {
  const name = String(node.attrs?.name);
  const attributes = writtenAttributes(name, (node.attrs?.blockAttributes ?? {}) as Record<string, unknown>);
  const short = name.replace(/^core\//, '');
  const json = Object.keys(attributes).length > 0 ? ` ${serializeBlockAttributes(attributes)}` : '';
  const inner = innerOnceChanged(name, attributes, node.attrs?.inner);
  return typeof inner === 'string' ? `<!-- wp:${short}${json} -->${inner}<!-- /wp:${short} -->` : `<!-- wp:${short}${json} /-->`;
}
