// The batches of a full indexing run. Each action indexes the next batch of objects that are
// not indexed yet, in one transaction, and says whether any are left.
import type { SiteContext } from '../../site-context.ts';
import {
  getIndexable, indexableOfObject, indexedKeys, postsWithoutLinkIndex, termsWithoutLinkIndex, unindexedPosts, unindexedTerms,
  upsertIndexable, type IndexableFields, type IndexableRow,
} from './store/indexables.ts';
import { parseHtml } from './analysis-text.ts';
import { ARCHIVED_POST_TYPES, GENERAL_PAGES, archiveFields, generalFields } from './indexable-fields.ts';
import { indexLinks, indexPost, indexTerm } from './indexer.ts';

/** Large enough that 10,000 posts take 20 requests; small enough that a batch answers in well under a second. */
export const BATCH_SIZE = 500;

export interface IndexingAction {
  /** The objects indexed by this call. */
  run(site: SiteContext): IndexableRow[];
  /** Whether anything is left for another call. */
  hasMore(site: SiteContext): boolean;
}

function batches<T>(next: (site: SiteContext, limit: number) => T[], index: (site: SiteContext, item: T) => IndexableRow): IndexingAction {
  return {
    run: (site) => site.store.transaction(() => next(site, BATCH_SIZE).map((item) => index(site, item))),
    hasMore: (site) => next(site, 1).length > 0,
  };
}

/** Actions over a fixed list of things (archives, general pages): each is indexed once. */
function fixed<T extends { object_type: string; object_sub_type: string }>(all: (site: SiteContext) => T[], build: (site: SiteContext, item: T) => IndexableFields): IndexingAction {
  const missing = (site: SiteContext) => {
    const done = indexedKeys(site.store, [...new Set(all(site).map((item) => item.object_type))]);
    return all(site).filter((item) => !done.has(`${item.object_type}:${item.object_sub_type}`));
  };
  return {
    run: (site) => site.store.transaction(() => missing(site).map((item) => upsertIndexable(site.store, build(site, item)))),
    hasMore: (site) => missing(site).length > 0,
  };
}

export const INDEXING_ACTIONS = {
  posts: batches((site, limit) => unindexedPosts(site.store, limit), (site, post) => indexPost(site, post, { links: false })),
  terms: batches((site, limit) => unindexedTerms(site.store, limit), (site, term) => indexTerm(site, term, { links: false })),
  'post-type-archives': fixed(
    () => ARCHIVED_POST_TYPES.map((postType) => ({ object_type: 'post-type-archive', object_sub_type: postType })),
    (site, item) => archiveFields(site, item.object_sub_type),
  ),
  general: fixed(() => [...GENERAL_PAGES], generalFields),
} satisfies Record<string, IndexingAction>;

export const LINK_INDEXING_ACTIONS = {
  posts: batches((site, limit) => postsWithoutLinkIndex(site.store, limit), (site, post) => {
    const row = indexableOfObject(site.store, 'post', post.id) ?? indexPost(site, post, { links: false });
    indexLinks(site, row, parseHtml(post.content_rendered));
    return getIndexable(site.store, row.id)!;
  }),
  terms: batches((site, limit) => termsWithoutLinkIndex(site.store, limit), (site, term) => {
    const row = indexableOfObject(site.store, 'term', term.id) ?? indexTerm(site, term, { links: false });
    indexLinks(site, row, parseHtml(term.description));
    return getIndexable(site.store, row.id)!;
  }),
} satisfies Record<string, IndexingAction>;
