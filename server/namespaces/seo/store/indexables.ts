// Rows of the search-optimisation index: one per thing with an address (posts, pages,
// terms, the posts archive, home, search and 404), and the queries the seo/v1 routes ask.
import type { Store } from '../../../store/db.ts';
import { ITEMS_ONLY, type PostRow } from '../../../store/posts.ts';
import type { TermRow } from '../../../store/terms.ts';

export interface IndexableRow {
  id: number;
  object_type: string;
  object_sub_type: string;
  object_id: number;
  permalink: string | null;
  title: string | null;
  description: string | null;
  breadcrumb_title: string | null;
  post_status: string | null;
  is_public: number;
  is_protected: number;
  author_id: number | null;
  post_parent: number | null;
  is_robots_noindex: number | null;
  is_robots_nofollow: number;
  is_cornerstone: number;
  primary_focus_keyword: string | null;
  primary_focus_keyword_score: number | null;
  readability_score: number | null;
  estimated_reading_time_minutes: number | null;
  link_count: number | null;
  incoming_link_count: number;
  number_of_pages: number | null;
  object_last_modified: string | null;
  object_published_at: string | null;
  updated_at: string;
}

/** What a builder decides; the link counts belong to link indexing and are kept on update. */
export type IndexableFields = Omit<IndexableRow, 'id' | 'link_count' | 'incoming_link_count'>;

const FIELDS: readonly (keyof IndexableFields)[] = [
  'object_type', 'object_sub_type', 'object_id', 'permalink', 'title', 'description', 'breadcrumb_title',
  'post_status', 'is_public', 'is_protected', 'author_id', 'post_parent', 'is_robots_noindex', 'is_robots_nofollow',
  'is_cornerstone', 'primary_focus_keyword', 'primary_focus_keyword_score', 'readability_score',
  'estimated_reading_time_minutes', 'number_of_pages', 'object_last_modified', 'object_published_at', 'updated_at',
];
const KEY: readonly string[] = ['object_type', 'object_id', 'object_sub_type'];
const UPSERT_SQL = `INSERT INTO seo_indexables (${FIELDS.join(', ')}) VALUES (${FIELDS.map((f) => '@' + f).join(', ')})
  ON CONFLICT (${KEY.join(', ')}) DO UPDATE SET
  ${FIELDS.filter((f) => !KEY.includes(f)).map((f) => `${f} = excluded.${f}`).join(', ')}`;

/** Writes the indexable of an object (new or again) and returns its row. */
export function upsertIndexable(store: Store, fields: IndexableFields): IndexableRow {
  store.run(UPSERT_SQL, fields);
  return store.get<IndexableRow>(
    'SELECT * FROM seo_indexables WHERE object_type = ? AND object_id = ? AND object_sub_type = ?',
    fields.object_type, fields.object_id, fields.object_sub_type,
  )!;
}

export function getIndexable(store: Store, id: number): IndexableRow | undefined {
  return store.get<IndexableRow>('SELECT * FROM seo_indexables WHERE id = ?', id);
}

export function indexableOfObject(store: Store, objectType: 'post' | 'term', objectId: number): IndexableRow | undefined {
  return store.get<IndexableRow>('SELECT * FROM seo_indexables WHERE object_type = ? AND object_id = ? LIMIT 1', objectType, objectId);
}

export function indexableByPermalink(store: Store, permalink: string): IndexableRow | undefined {
  return store.get<IndexableRow>('SELECT * FROM seo_indexables WHERE permalink = ? ORDER BY id LIMIT 1', permalink);
}

/** Indexables of posts whose parent was `parentId` when they were last indexed. */
export function indexablesWithParent(store: Store, parentId: number): IndexableRow[] {
  return store.all<IndexableRow>("SELECT * FROM seo_indexables WHERE object_type = 'post' AND post_parent = ?", parentId);
}

export function deleteIndexable(store: Store, id: number): void {
  store.run('DELETE FROM seo_indexables WHERE id = ?', id);
}

const INDEXED_TYPES = "('post', 'page')";

/** Posts and pages that have no indexable yet, oldest first. */
export function unindexedPosts(store: Store, limit: number): PostRow[] {
  return store.all<PostRow>(
    `SELECT p.* FROM posts p WHERE p.type IN ${INDEXED_TYPES} AND p.${ITEMS_ONLY} AND p.status <> 'auto-draft'
     AND NOT EXISTS (SELECT 1 FROM seo_indexables i WHERE i.object_type = 'post' AND i.object_id = p.id) ORDER BY p.id LIMIT ?`,
    limit,
  );
}

export function unindexedTerms(store: Store, limit: number): TermRow[] {
  return store.all<TermRow>(
    `SELECT t.* FROM terms t WHERE NOT EXISTS (SELECT 1 FROM seo_indexables i WHERE i.object_type = 'term' AND i.object_id = t.id)
     ORDER BY t.id LIMIT ?`,
    limit,
  );
}

/** Posts and pages whose links were never indexed (with or without an indexable). */
export function postsWithoutLinkIndex(store: Store, limit: number): PostRow[] {
  return store.all<PostRow>(
    `SELECT p.* FROM posts p LEFT JOIN seo_indexables i ON i.object_type = 'post' AND i.object_id = p.id
     WHERE p.type IN ${INDEXED_TYPES} AND p.${ITEMS_ONLY} AND p.status <> 'auto-draft' AND (i.id IS NULL OR i.link_count IS NULL) ORDER BY p.id LIMIT ?`,
    limit,
  );
}

export function termsWithoutLinkIndex(store: Store, limit: number): TermRow[] {
  return store.all<TermRow>(
    `SELECT t.* FROM terms t LEFT JOIN seo_indexables i ON i.object_type = 'term' AND i.object_id = t.id
     WHERE i.id IS NULL OR i.link_count IS NULL ORDER BY t.id LIMIT ?`,
    limit,
  );
}

/** Things of one kind (archives, general pages) that already have their indexable. */
export function indexedKeys(store: Store, objectTypes: readonly string[]): Set<string> {
  const rows = store.all<{ object_type: string; object_sub_type: string }>(
    `SELECT object_type, object_sub_type FROM seo_indexables WHERE object_type IN (${objectTypes.map(() => '?').join(',')})`,
    ...objectTypes,
  );
  return new Set(rows.map((row) => `${row.object_type}:${row.object_sub_type}`));
}

export interface ScoreFilter {
  postType: string;
  /** Only posts with this term. */
  termId?: number;
  /** Only this author's posts. */
  authorId?: number;
}

function filterClause(filter: ScoreFilter): string {
  return [
    filter.termId === undefined ? '' : 'AND i.object_id IN (SELECT post_id FROM term_relationships WHERE term_id = @termId)',
    filter.authorId === undefined ? '' : 'AND i.author_id = @authorId',
  ].join(' ');
}

/** The highest score of the bad and of the ok band (the caller's thresholds). */
export interface ScoreBands {
  badMax: number;
  okMax: number;
}

/**
 * Published posts of a type that search engines may index, counted per score band of
 * `column`: bad, ok, good, and `na` for not analysed.
 */
export function countByScore(
  store: Store, column: 'primary_focus_keyword_score' | 'readability_score', filter: ScoreFilter, bands: ScoreBands,
): Record<string, number> {
  const rows = store.all<{ band: string; count: number }>(
    `SELECT CASE WHEN i.${column} IS NULL OR i.${column} < 1 THEN 'na' WHEN i.${column} <= @badMax THEN 'bad'
       WHEN i.${column} <= @okMax THEN 'ok' ELSE 'good' END AS band, COUNT(*) AS count
     FROM seo_indexables i WHERE i.object_type = 'post' AND i.object_sub_type = @postType AND i.post_status = 'publish'
       AND COALESCE(i.is_robots_noindex, 0) = 0 ${filterClause(filter)}
     GROUP BY band`,
    { postType: filter.postType, termId: filter.termId, authorId: filter.authorId, ...bands },
  );
  return Object.fromEntries(rows.map((row) => [row.band, row.count]));
}

/** Published posts of a type noindexed by their own setting. */
export function countNoindexed(store: Store, filter: ScoreFilter): number {
  return store.get<{ count: number }>(
    `SELECT COUNT(*) AS count FROM seo_indexables i WHERE i.object_type = 'post' AND i.object_sub_type = @postType
       AND i.post_status = 'publish' AND i.is_robots_noindex = 1 ${filterClause(filter)}`,
    { postType: filter.postType, termId: filter.termId, authorId: filter.authorId },
  )!.count;
}

/** Public posts and pages whose links were indexed and that no other public content links to. */
const ORPHANED = 'is_public = 1 AND link_count IS NOT NULL AND incoming_link_count = 0';

/** Published posts and pages nothing public links to, cornerstones first. */
export function orphanedIndexables(store: Store, limit: number): IndexableRow[] {
  return store.all<IndexableRow>(
    `SELECT * FROM seo_indexables WHERE object_type = 'post' AND post_status = 'publish' AND ${ORPHANED}
     ORDER BY is_cornerstone DESC, id LIMIT ?`,
    limit,
  );
}

export function cornerstoneIndexables(store: Store, limit: number): IndexableRow[] {
  return store.all<IndexableRow>(
    "SELECT * FROM seo_indexables WHERE object_type = 'post' AND is_cornerstone = 1 AND post_status = 'publish' ORDER BY id LIMIT ?",
    limit,
  );
}

/** Counts of published posts and pages that miss something, for the task list. */
export function countPublished(store: Store, condition: 'no_keyphrase' | 'no_description' | 'orphaned'): number {
  const conditions = {
    no_keyphrase: "COALESCE(primary_focus_keyword, '') = ''",
    no_description: "COALESCE(description, '') = ''",
    orphaned: ORPHANED,
  } as const;
  return store.get<{ count: number }>(
    `SELECT COUNT(*) AS count FROM seo_indexables WHERE object_type = 'post' AND post_status = 'publish' AND ${conditions[condition]}`,
  )!.count;
}
