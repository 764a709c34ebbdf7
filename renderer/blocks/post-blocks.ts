// The blocks a query loop's post template is made of (each item's title, date, excerpt …) and
// the other blocks of the site's templates a post may hold (a query's title, pagination): made
// by the site for the item it shows, so each is a dynamic block with its settings. Offered in a
// query loop's post template (renderer/blocks/query-template.ts), not by the inserter on its own.
import { COLOURS_AND_FONTS, HEADING_LEVELS, IN_SITE_TEMPLATE, styled, type DynamicBlockType } from './dynamic-block-type.ts';

const TYPOGRAPHY_AND_MORE = [...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];
const LINKED = { path: 'isLink', label: 'Link to the item', kind: 'boolean' } as const;
const IN_TEMPLATE = 'core/post-template';
/** The arrow beside a pagination's links (a query loop's, or its comments'). */
export const PAGINATION_ARROW = { path: 'paginationArrow', label: 'Arrow', kind: 'choice', choices: [['none', 'None'], ['arrow', 'Arrow →'], ['chevron', 'Chevron »']] } as const;

/** A pagination's link to the previous or next page (of a query loop's items, or of the comments): its label is its setting. */
export const paginationLink = (title: string, keywords: string, parent: string): DynamicBlockType => ({
  title,
  keywords,
  attributes: { label: undefined, ...styled([...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'style', 'metadata']) },
  settings: [{ path: 'label', label: 'Label', kind: 'text' }],
  parent,
});

export const POST_BLOCKS: Readonly<Record<string, DynamicBlockType>> = {
  'core/post-title': {
    title: 'Title',
    keywords: 'post title heading name',
    attributes: { level: 2, levelOptions: undefined, isLink: false, rel: '', linkTarget: '_self', placeholder: undefined, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [{ path: 'level', label: 'Level', kind: 'choice', choices: HEADING_LEVELS }, LINKED],
    parent: IN_TEMPLATE,
  },
  'core/post-date': {
    title: 'Date',
    keywords: 'post date published time',
    attributes: { datetime: undefined, format: undefined, isLink: false, ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [LINKED],
    parent: IN_TEMPLATE,
  },
  'core/post-excerpt': {
    title: 'Excerpt',
    keywords: 'post excerpt summary teaser',
    attributes: { moreText: undefined, showMoreOnNewLine: true, excerptLength: 55, ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [
      { path: 'excerptLength', label: 'Words in the excerpt', kind: 'number', min: 10, max: 100 },
      { path: 'moreText', label: 'Read more text', kind: 'text' },
      { path: 'showMoreOnNewLine', label: 'Read more on a line of its own', kind: 'boolean' },
    ],
    parent: IN_TEMPLATE,
  },
  'core/post-featured-image': {
    title: 'Featured image',
    keywords: 'post featured image thumbnail picture',
    attributes: { isLink: false, aspectRatio: undefined, width: undefined, height: undefined, scale: 'cover', sizeSlug: undefined, rel: '', linkTarget: '_self', overlayColor: undefined, customOverlayColor: undefined, dimRatio: 0, gradient: undefined, customGradient: undefined, useFirstImageFromPost: false, ...styled(['align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [LINKED],
    parent: IN_TEMPLATE,
  },
  'core/post-author': {
    title: 'Author',
    keywords: 'post author writer byline avatar',
    attributes: { textAlign: undefined, avatarSize: 48, showAvatar: true, showBio: undefined, byline: undefined, isLink: false, linkTarget: '_self', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [
      { path: 'showAvatar', label: 'Show the avatar', kind: 'boolean' },
      { path: 'showBio', label: 'Show the biography', kind: 'boolean' },
      { path: 'byline', label: 'Byline', kind: 'text' },
    ],
    parent: IN_TEMPLATE,
  },
  'core/post-author-name': {
    title: 'Author name',
    keywords: 'post author name writer',
    attributes: { isLink: false, linkTarget: '_self', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'isLink', label: 'Link to the author\'s posts', kind: 'boolean' }],
    parent: IN_TEMPLATE,
  },
  'core/post-author-biography': {
    title: 'Author biography',
    keywords: 'post author bio description',
    attributes: styled(TYPOGRAPHY_AND_MORE),
    settings: [],
    parent: IN_TEMPLATE,
  },
  'core/post-terms': {
    title: 'Terms',
    keywords: 'post categories tags terms taxonomy',
    attributes: { term: undefined, separator: ', ', prefix: '', suffix: '', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [
      { path: 'term', label: 'Terms', kind: 'choice', choices: [['category', 'Categories'], ['post_tag', 'Tags']] },
      { path: 'prefix', label: 'Before them', kind: 'text' },
      { path: 'separator', label: 'Between them', kind: 'text' },
    ],
    parent: IN_TEMPLATE,
  },
  'core/read-more': {
    title: 'Read more',
    keywords: 'read more link continue',
    attributes: { content: undefined, linkTarget: '_self', ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'content', label: 'Link text', kind: 'text' }],
    parent: IN_TEMPLATE,
  },
  'core/post-comments-count': {
    title: 'Comments count',
    keywords: 'post comments number',
    attributes: styled(TYPOGRAPHY_AND_MORE),
    settings: [],
    parent: IN_TEMPLATE,
  },
  'core/post-comments-link': {
    title: 'Comments link',
    keywords: 'post comments link',
    attributes: styled(['backgroundColor', 'textColor', 'fontFamily', 'fontSize', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']),
    settings: [],
    parent: IN_TEMPLATE,
  },
  'core/post-time-to-read': {
    title: 'Time to read',
    keywords: 'post reading time words length',
    attributes: { displayAsRange: true, displayMode: 'time', averageReadingSpeed: 189, ...styled(TYPOGRAPHY_AND_MORE) },
    settings: [{ path: 'displayMode', label: 'Show', kind: 'choice', choices: [['time', 'Time to read'], ['words', 'Number of words']] }],
    parent: IN_TEMPLATE,
  },
  'core/post-content': {
    title: 'Content',
    keywords: 'post content body text',
    attributes: { tagName: 'div', ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata']) },
    settings: [],
    parent: IN_TEMPLATE,
  },
  'core/avatar': {
    title: 'Avatar',
    keywords: 'author picture gravatar profile',
    attributes: { userId: undefined, size: 96, isLink: false, linkTarget: '_self', ...styled(['align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [{ path: 'size', label: 'Size in pixels', kind: 'number', min: 16, max: 512 }, { path: 'isLink', label: 'Link to the author\'s posts', kind: 'boolean' }],
    parent: IN_TEMPLATE,
  },
  'core/post-navigation-link': {
    title: 'Next or previous post',
    keywords: 'post navigation next previous link',
    attributes: { type: 'next', label: undefined, showTitle: false, linkLabel: false, arrow: 'none', taxonomy: '', ...styled(['backgroundColor', 'textColor', 'fontFamily', 'fontSize', 'lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [
      { path: 'type', label: 'Link to', kind: 'choice', choices: [['next', 'The next post'], ['previous', 'The previous post']] },
      { path: 'label', label: 'Label', kind: 'text' },
      { path: 'showTitle', label: 'Show the post\'s title', kind: 'boolean' },
    ],
    parent: IN_SITE_TEMPLATE,
  },
  'core/query-title': {
    title: 'Query title',
    keywords: 'archive search title heading',
    attributes: { type: undefined, level: 1, levelOptions: undefined, showPrefix: true, showSearchTerm: true, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']) },
    settings: [
      { path: 'type', label: 'Title of', kind: 'choice', choices: [['archive', 'An archive'], ['search', 'Search results']] },
      { path: 'level', label: 'Level', kind: 'choice', choices: HEADING_LEVELS.filter(([level]) => level > 0) },
      { path: 'showPrefix', label: 'Show the prefix', kind: 'boolean' },
    ],
    parent: IN_SITE_TEMPLATE,
  },
  'core/post-template': {
    title: 'Post template',
    keywords: 'query loop items template',
    attributes: styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'layout', 'metadata']),
    settings: [],
    holdsBlocks: true,
    parent: 'core/query',
  },
  'core/query-no-results': {
    title: 'No results',
    keywords: 'query empty nothing found',
    attributes: styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata']),
    settings: [],
    holdsBlocks: true,
    parent: 'core/query',
  },
  'core/query-pagination': {
    title: 'Pagination',
    keywords: 'query pages next previous',
    attributes: { paginationArrow: 'none', showLabel: true, ...styled([...COLOURS_AND_FONTS, 'align', 'lock', 'anchor', 'className', 'style', 'layout', 'metadata']) },
    settings: [PAGINATION_ARROW, { path: 'showLabel', label: 'Show the labels', kind: 'boolean' }],
    holdsBlocks: true,
    parent: 'core/query',
  },
  'core/query-pagination-previous': paginationLink('Previous page', 'pagination previous older', 'core/query-pagination'),
  'core/query-pagination-next': paginationLink('Next page', 'pagination next newer', 'core/query-pagination'),
  'core/query-pagination-numbers': {
    title: 'Page numbers',
    keywords: 'pagination pages numbers',
    attributes: { midSize: 2, ...styled([...COLOURS_AND_FONTS, 'lock', 'anchor', 'className', 'style', 'metadata']) },
    settings: [{ path: 'midSize', label: 'Numbers either side of the current page', kind: 'number', min: 0, max: 5 }],
    parent: 'core/query-pagination',
  },
};
