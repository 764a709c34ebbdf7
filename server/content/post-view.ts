// The response form of a post or page: every field, then trimmed to the request's
// context by the item schema's tags, with `_links` for discovery and `_embed`.
import type { ArgSchema } from '../rest/types.ts';
import { api as cms, restBase } from '../../shared/api-routes.ts';
import type { SiteContext } from '../site-context.ts';
import type { PostRow, PostTerms } from '../store/posts.ts';
import { revisionSummary, type RevisionSummary } from '../store/posts.ts';
import { renderExcerpt, hasBlocks } from './render.ts';
import { postLink, permalinkTemplate } from './permalinks.ts';
import { sanitizeTitle } from '../../shared/slugs.ts';
import type { Context, PostType } from './post-schema.ts';
import { readMeta } from './meta.ts';
import { getSettings, siteLocalDate } from './settings.ts';

export interface ViewOptions {
  context: Context;
  /** Whether protected content and excerpt may be shown. */
  showProtected: boolean;
  excerptLength?: number;
  terms?: PostTerms;
  /** The item's revisions when the caller knows them (read otherwise). */
  revisions?: RevisionSummary;
}

/** What trimming to one context does with the fields a schema knows: those it drops, those trimmed inside. */
interface Trim {
  dropped: ReadonlySet<string>;
  inside: ReadonlyMap<string, Trim>;
  /** Nothing is dropped, however deep (an edit context's item): trimming would only copy. */
  keepsAll: boolean;
}

/** Trims by schema and context, worked out once: every item of every answer is trimmed. */
const trims = new WeakMap<Record<string, ArgSchema>, Map<Context, Trim>>();

function trimFor(schema: Record<string, ArgSchema>, context: Context): Trim {
  let byContext = trims.get(schema);
  if (!byContext) trims.set(schema, (byContext = new Map()));
  let trim = byContext.get(context);
  if (!trim) {
    const dropped = new Set<string>();
    const inside = new Map<string, Trim>();
    for (const [name, field] of Object.entries(schema)) {
      if (field.context && !field.context.includes(context)) dropped.add(name);
      else if (field.properties) inside.set(name, trimFor(field.properties, context));
    }
    const keepsAll = dropped.size === 0 && [...inside.values()].every((within) => within.keepsAll);
    byContext.set(context, (trim = { dropped, inside, keepsAll }));
  }
  return trim;
}

function trimmed(item: Record<string, unknown>, trim: Trim): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(item)) {
    if (trim.dropped.has(name)) continue;
    const value = item[name];
    const inside = trim.inside.get(name);
    result[name] = inside && isRecord(value) ? trimmed(value, inside) : value;
  }
  return result;
}

/** Keeps the fields (and sub-fields) the schema tags for `context`; fields it does not know stay. */
export function trimToContext(item: Record<string, unknown>, schema: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const trim = trimFor(schema, context);
  // An item built for this answer alone is its own trimmed form when the context drops nothing.
  if (!sharedItems.has(item)) return trim.keepsAll ? item : trimmed(item, trim);
  // A shared item's trimmed form is shared too, frozen whole, so answers keep its JSON (answers.ts):
  // a copy, so that nothing it was built from (a schema's default meta value) is frozen with it.
  let byTrim = sharedTrims.get(item);
  if (!byTrim) sharedTrims.set(item, (byTrim = new Map()));
  let result = byTrim.get(trim);
  if (!result) byTrim.set(trim, (result = deepFreeze(structuredClone(trimmed(item, trim)))));
  return result;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function postLinks(site: SiteContext, post: PostRow, known?: RevisionSummary): Record<string, unknown[]> {
  const api = site.urls.apiRoot;
  const base = `${api}${cms.posts(restBase(post.type))}`;
  const links: Record<string, unknown[]> = {
    self: [{ href: `${base}/${post.id}` }],
    collection: [{ href: base }],
  };
  // A synced pattern shows no author (WordPress's wp_block supports none); it keeps revisions as posts do.
  if (post.type !== 'wp_block') links.author = [{ embeddable: true, href: `${api}${cms.user(post.author)}` }];
  const revisions = known ?? revisionSummary(site.store, post.id);
  links['version-history'] = [{ count: revisions.count, href: `${base}/${post.id}/revisions` }];
  if (revisions.latest !== null) {
    links['predecessor-version'] = [{ id: revisions.latest, href: `${base}/${post.id}/revisions/${revisions.latest}` }];
  }
  if (post.type === 'page' && post.parent > 0) links.up = [{ embeddable: true, href: `${base}/${post.parent}` }];
  if (post.featured_media > 0) {
    links['wp:featuredmedia'] = [{ embeddable: true, href: `${api}${cms.media(post.featured_media)}` }];
  }
  links['wp:attachment'] = [{ href: `${api}${cms.mediaList()}?parent=${post.id}` }];
  if (post.type === 'post') {
    links['wp:term'] = [
      { taxonomy: 'category', embeddable: true, href: `${api}${cms.terms('categories')}?post=${post.id}` },
      { taxonomy: 'post_tag', embeddable: true, href: `${api}${cms.terms('tags')}?post=${post.id}` },
    ];
  }
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return links;
}

export function generatedSlug(post: PostRow): string {
  return post.slug !== '' ? post.slug : sanitizeTitle(post.title);
}

/**
 * An item built from a kept row (frozen: the same object until posts change, see getPostsByIds)
 * with everything else it shows given: its terms and revisions (kept objects too) and the
 * settings it was built with. Lists ask for the same items again and again; each is built once.
 */
interface SharedItem {
  site: SiteContext;
  terms: PostTerms | undefined;
  revisions: RevisionSummary;
  settings: object;
  showProtected: boolean;
  excerptLength: number | undefined;
  item: Record<string, unknown>;
}

const sharedByRow = new WeakMap<PostRow, SharedItem[]>();
/** Items built once and shared: nothing may change them (trimToContext gives frozen copies). */
const sharedItems = new WeakSet<Record<string, unknown>>();
const sharedTrims = new WeakMap<Record<string, unknown>, Map<Trim, Record<string, unknown>>>();

/** The full item before trimming to a context: shared when all it shows is known and kept (SharedItem). */
export function postItem(site: SiteContext, post: PostRow, options: ViewOptions): Record<string, unknown> {
  const { revisions } = options;
  if (revisions === undefined || !Object.isFrozen(post)) return buildPostItem(site, post, options);
  const settings = getSettings(site.store);
  const shared = sharedByRow.get(post) ?? [];
  const found = shared.find((entry) => entry.site === site && entry.terms === options.terms && entry.revisions === revisions && entry.settings === settings
    && entry.showProtected === options.showProtected && entry.excerptLength === options.excerptLength);
  if (found) return found.item;
  const item = buildPostItem(site, post, options);
  shared.push({ site, terms: options.terms, revisions, settings, showProtected: options.showProtected, excerptLength: options.excerptLength, item });
  sharedByRow.set(post, shared);
  sharedItems.add(item);
  return item;
}

/** The fields every item type shows first, in the reference's order. */
function itemHead(site: SiteContext, post: PostRow): Record<string, unknown> {
  return {
    id: post.id,
    date: siteLocalDate(site.store, post.date_gmt, post.date),
    date_gmt: post.date_gmt,
    guid: { rendered: `${site.urls.base}/?p=${post.id}`, raw: `${site.urls.base}/?p=${post.id}` },
    modified: siteLocalDate(site.store, post.modified_gmt, post.modified),
    modified_gmt: post.modified_gmt,
    slug: post.slug,
    status: post.status,
    type: post.type,
    link: postLink(site, post),
    password: post.password,
  };
}

/** A synced pattern's item: the fields of WordPress 6.1's `wp/v2/blocks`, its text raw only. */
function buildPatternItem(site: SiteContext, post: PostRow, revisions?: RevisionSummary): Record<string, unknown> {
  // Added to the head's object, as buildPostItem's.
  return Object.assign(itemHead(site, post), {
    title: { raw: post.title },
    content: { raw: post.content, protected: post.password !== '', block_version: hasBlocks(post.content) ? 1 : 0 },
    meta: readMeta(site.deployment.postMeta, post.meta),
    template: post.template,
    _links: postLinks(site, post, revisions),
  });
}

function buildPostItem(site: SiteContext, post: PostRow, options: ViewOptions): Record<string, unknown> {
  if (post.type === 'wp_block') return buildPatternItem(site, post, options.revisions);
  const type = post.type as PostType;
  const isProtected = post.password !== '';
  const hidden = isProtected && !options.showProtected;
  const excerptRendered = hidden
    ? ''
    : options.excerptLength !== undefined
      ? renderExcerpt(post.excerpt, post.content, options.excerptLength)
      : post.excerpt_rendered;
  // Fields added to the head's object, not to a spread copy of it: V8 gives each object made by
  // spread and then added to maps of its own, tens of µs and kilobytes of garbage an item.
  const item = itemHead(site, post);
  item.permalink_template = permalinkTemplate(site, post);
  item.generated_slug = generatedSlug(post);
  if (type === 'page') item.parent = post.parent;
  item.title = { raw: post.title, rendered: post.title_rendered };
  item.content = {
    raw: post.content,
    rendered: hidden ? '' : post.content_rendered,
    protected: isProtected,
    block_version: hasBlocks(post.content) ? 1 : 0,
  };
  item.author = post.author;
  item.excerpt = { raw: post.excerpt, rendered: excerptRendered, protected: isProtected };
  item.featured_media = post.featured_media;
  item.comment_status = post.comment_status;
  item.ping_status = post.ping_status;
  if (type === 'page') item.menu_order = post.menu_order;
  else item.format = post.format;
  item.meta = readMeta(site.deployment.postMeta, post.meta);
  if (type === 'post') item.sticky = post.sticky === 1;
  item.template = post.template;
  if (type === 'post') {
    item.categories = options.terms?.category ?? [];
    item.tags = options.terms?.post_tag ?? [];
  }
  item._links = postLinks(site, post, options.revisions);
  return item;
}
