// Keeps the index current: builds indexables (one transaction per batch), extracts
// internal links from content into seo_links and keeps both link counts right.
import type { SiteContext } from '../../site-context.ts';
import { childrenOf, getPost, type PostRow } from '../../store/posts.ts';
import type { TermRow } from '../../store/terms.ts';
import {
  deleteIndexable, indexableByPermalink, indexableOfObject, indexablesWithParent, upsertIndexable, type IndexableRow,
} from './store/indexables.ts';
import { linkTargets, recountIncoming, replaceLinks, resolveLinksTo, type NewLink } from './store/links.ts';
import { resolveSiteUrl } from '../../content/url-to-post.ts';
import { nextModifiedPair } from '../../../shared/dates.ts';
import { getSettings } from '../../content/settings.ts';
import { parseHtml, type ParsedText } from './analysis-text.ts';
import { isInternalUrl } from './analysis-keyphrase.ts';
import { postFields, termFields } from './indexable-fields.ts';
import { writePostSeoMeta, type PostSeoMeta } from './post-seo-meta.ts';

export const INDEXED_POST_TYPES: ReadonlySet<string> = new Set(['post', 'page']);

/** The address a link points at, absolute and without its fragment; null for non-links. */
function linkUrl(href: string, base: string): string | null {
  if (href === '' || /^(#|mailto:|tel:|javascript:|data:)/i.test(href)) return null;
  try {
    const url = new URL(href, `${base}/`);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/** The indexable an internal address points at, indexing a post first seen here. */
function targetOf(site: SiteContext, url: string): number | null {
  const known = indexableByPermalink(site.store, url);
  if (known) return known.id;
  const resolved = resolveSiteUrl(site, url);
  if (!resolved) return null;
  return (indexableOfObject(site.store, 'post', resolved.post.id) ?? indexPost(site, resolved.post, { links: false })).id;
}

function linksOf(site: SiteContext, parsed: ParsedText): NewLink[] {
  const links: NewLink[] = [];
  for (const link of parsed.links) {
    const url = linkUrl(link.href, site.urls.base);
    if (url === null) continue;
    const internal = isInternalUrl(url, site.urls.base);
    links.push({ url, type: internal ? 'internal' : 'external', target_indexable_id: internal ? targetOf(site, url) : null });
  }
  for (const image of parsed.images) {
    const url = linkUrl(image.src, site.urls.base);
    if (url !== null) links.push({ url, type: isInternalUrl(url, site.urls.base) ? 'image-internal' : 'image-external', target_indexable_id: null });
  }
  return links;
}

/** Replaces the links of an indexable's content and recounts the incoming links of every target, old and new. */
export function indexLinks(site: SiteContext, source: IndexableRow, parsed: ParsedText): void {
  const links = linksOf(site, parsed);
  const before = replaceLinks(site.store, source.id, links);
  recountIncoming(site.store, [...before, ...links.flatMap((link) => (link.target_indexable_id === null ? [] : [link.target_indexable_id]))]);
}

/** Builds a post's indexable, points links written before it existed at it, and (with `links`) indexes its own links. */
export function indexPost(site: SiteContext, post: PostRow, options: { links: boolean }): IndexableRow {
  const parsed = parseHtml(post.content_rendered);
  const row = upsertIndexable(site.store, postFields(site, post, parsed));
  if (row.permalink) {
    resolveLinksTo(site.store, [row.permalink], row.id);
    recountIncoming(site.store, [row.id]);
  }
  if (options.links) indexLinks(site, row, parsed);
  return row;
}

export function indexTerm(site: SiteContext, term: TermRow, options: { links: boolean }): IndexableRow {
  const row = upsertIndexable(site.store, termFields(site, term));
  if (options.links) indexLinks(site, row, parseHtml(term.description));
  return row;
}

/** Removes a deleted post's indexable; the posts it linked to lose an incoming link. */
export function removePost(site: SiteContext, postId: number): void {
  const row = indexableOfObject(site.store, 'post', postId);
  if (!row) return;
  const targets = linkTargets(site.store, row.id);
  deleteIndexable(site.store, row.id);
  recountIncoming(site.store, targets);
}

/**
 * A page's address holds its parents' slugs: when a page's address changed, its children's
 * indexables follow, and theirs in turn.
 */
function reindexPages(site: SiteContext, pages: readonly PostRow[], seen = new Set<number>()): void {
  for (const page of pages) {
    if (seen.has(page.id)) continue;
    seen.add(page.id);
    if (reindexed(site, page)) reindexPages(site, childrenOf(site.store, page.id, 'page'), seen);
  }
}

/** Indexes a page again; whether its address changed. */
function reindexed(site: SiteContext, page: PostRow, links = false): boolean {
  const before = indexableOfObject(site.store, 'post', page.id)?.permalink;
  return indexPost(site, page, { links }).permalink !== before;
}

/** Registers the listener that keeps the index current after every content write. */
export function keepIndexCurrent(site: SiteContext): void {
  site.contentListeners.push(({ post, deleted }) => {
    if (!INDEXED_POST_TYPES.has(post.type)) return;
    if (deleted) {
      // The deleted page's children have moved up to its parent; their indexables still name it.
      const moved = indexablesWithParent(site.store, post.id).flatMap((row) => getPost(site.store, row.object_id) ?? []);
      removePost(site, post.id);
      reindexPages(site, moved);
    } else if (reindexed(site, post, true) && post.type === 'page') {
      reindexPages(site, childrenOf(site.store, post.id, 'page'));
    }
  });
}

/**
 * Stores a post's search settings and re-indexes it at once (its scores depend on them). The
 * post counts as modified, as when an editor saves them with it: its Last-Modified moves.
 */
export function saveSeoSettings(site: SiteContext, post: PostRow, changes: Partial<PostSeoMeta>): IndexableRow {
  const modified = nextModifiedPair(post.modified_gmt, getSettings(site.store).timezone_string);
  return site.store.transaction(() => {
    writePostSeoMeta(site.store, post, changes, { modified: modified.local, modified_gmt: modified.gmt });
    return indexPost(site, getPost(site.store, post.id)!, { links: true });
  });
}
