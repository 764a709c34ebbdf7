// Rows of the posts table (posts, pages, media items, revisions) and their terms.
import type { Store } from './db.ts';

export interface PostRow {
  id: number;
  type: string;
  status: string;
  author: number;
  parent: number;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  title_rendered: string;
  content_rendered: string;
  excerpt_rendered: string;
  date: string;
  date_gmt: string;
  modified: string;
  modified_gmt: string;
  password: string;
  comment_status: string;
  ping_status: string;
  format: string;
  sticky: number;
  template: string;
  menu_order: number;
  featured_media: number;
  mime_type: string;
  meta: string;
  version: number;
  status_before_trash: string | null;
  autosave: number;
  date_floating: number;
}

export type NewPostRow = Omit<PostRow, 'id' | 'version'>;
export type PostChanges = Partial<Omit<PostRow, 'id' | 'type' | 'version'>>;

const COLUMNS: readonly (keyof NewPostRow)[] = [
  'type', 'status', 'author', 'parent', 'slug', 'title', 'content', 'excerpt', 'title_rendered',
  'content_rendered', 'excerpt_rendered', 'date', 'date_gmt', 'modified', 'modified_gmt', 'password',
  'comment_status', 'ping_status', 'format', 'sticky', 'template', 'menu_order', 'featured_media',
  'mime_type', 'meta', 'status_before_trash', 'autosave', 'date_floating',
];
const INSERT_SQL = `INSERT INTO posts (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

/**
 * A new row's values in COLUMNS' order, bound by position: bound by name, better-sqlite3 looks
 * each of the 28 names up on the row from C++ (a row built by assignment is in V8's dictionary
 * mode), about 1.5 µs of an insert's 15 (an item's and its revision's in every create and save).
 */
function insertValues(row: NewPostRow): unknown[] {
  const values = new Array<unknown>(COLUMNS.length);
  for (let index = 0; index < COLUMNS.length; index++) values[index] = row[COLUMNS[index]!];
  return values;
}

/**
 * What a query of items (not revisions) says, in these words, so that SQLite may use the
 * indexes that find items by type: they leave revisions out (migration 16), as every save
 * writes one and nothing looks revisions up there (they are found under their parent).
 */
export const ITEMS_ONLY = "type <> 'revision'";

/** Rows of posts are kept under this kind until posts change, but for writes that say which rows they change (memoisedByIds, changingRows). */
const KEPT_ROWS = 'posts';
/** Revision summaries are kept under this kind until posts change, as rows are. */
const KEPT_SUMMARIES = 'revision summaries';

/**
 * A new row changes no kept row (none is kept of an id not found), and of the kept revision
 * summaries only its parent's (a revision of it): every other row kept stays kept.
 */
function inserting<T>(store: Store, row: NewPostRow, insert: () => T): T {
  return store.changingRows('posts', { [KEPT_ROWS]: [], [KEPT_SUMMARIES]: [row.parent] }, insert);
}

export function insertPost(store: Store, row: NewPostRow): number {
  return inserting(store, row, () => Number(store.run(INSERT_SQL, ...insertValues(row)).lastInsertRowid));
}

const INSERT_IF_SLUG_FREE_SQL = `INSERT INTO posts (${COLUMNS.join(', ')}) SELECT ${COLUMNS.map(() => '?').join(', ')}
  WHERE NOT EXISTS (SELECT 1 FROM posts WHERE type = ? AND slug = ? AND ${ITEMS_ONLY})`;

/**
 * insertPost unless another item of the row's type has its slug: the check and the insert in
 * one statement (one round trip on PostgreSQL). The new id, or null when the slug is taken.
 */
export function insertPostIfSlugFree(store: Store, row: NewPostRow): number | null {
  const inserted = inserting(store, row, () => store.run(INSERT_IF_SLUG_FREE_SQL, ...insertValues(row), row.type, row.slug));
  return inserted.changes > 0 ? Number(inserted.lastInsertRowid) : null;
}

/** insertPost for a row whose id is wanted only later (Store.insertLater): a revision written with its item. */
export function insertPostLater(store: Store, row: NewPostRow): () => number {
  return inserting(store, row, () => store.insertLater(INSERT_SQL, ...insertValues(row)));
}

/** Columns that place a row under its parent, as a revision counted in the parent's summary or not. */
const PLACING: readonly string[] = ['parent', 'autosave'];

/**
 * Applies `changes` and bumps the row's version (its ETag). Other rows kept stay kept, and so
 * do revision summaries unless the row moves to another parent or stops or starts counting.
 */
export function updatePost(store: Store, id: number, changes: PostChanges): void {
  const names = Object.keys(changes).filter((name) => COLUMNS.includes(name as keyof NewPostRow));
  const assignments = [...names.map((name) => `${name} = @${name}`), 'version = version + 1'];
  const sql = `UPDATE posts SET ${assignments.join(', ')} WHERE id = @id`;
  const values = Object.assign({}, changes, { id });
  if (names.some((name) => PLACING.includes(name))) store.write(sql, values);
  else store.changingRows('posts', { [KEPT_ROWS]: [id], [KEPT_SUMMARIES]: [] }, () => store.write(sql, values));
}

/**
 * updatePost of the columns `changes` sets to values other than `existing`'s, the row as this
 * write transaction read it: a column set to its own value costs SQLite what a change does
 * (every index holding it rewritten: a title's save rewrote the status, slug and date indexes).
 */
export function updatePostFrom(store: Store, existing: Readonly<PostRow>, changes: PostChanges): void {
  const differing: PostChanges = {};
  const set: Record<string, unknown> = differing;
  for (const [name, value] of Object.entries(changes)) if (value !== existing[name as keyof PostChanges]) set[name] = value;
  updatePost(store, existing.id, differing);
}

/** Rows by id, kept until posts change (inside a transaction, for the rest of it). */
function postRows(store: Store, ids: readonly number[], ahead: readonly number[] = []): Map<number, PostRow> {
  return store.memoisedByIds(KEPT_ROWS, ids, ['posts'], (missing) => {
    const rows = store.all<PostRow>(`SELECT * FROM posts WHERE id IN (${missing.map(() => '?').join(',')})`, ...missing);
    return new Map(rows.map((row) => [row.id, row]));
  }, ahead);
}

/**
 * An item's row, read once per request and transaction however many checks ask for it (its
 * permissions, its precondition, its answer, its Allow header): a copy, as callers may change it.
 */
export function getPost(store: Store, id: number): PostRow | undefined {
  const row = postRows(store, [id]).get(id);
  return row && { ...row };
}

/**
 * getPost's row itself, kept and frozen, for a caller that only reads it: an update's
 * permission, its Allow header's three and its handler each copied the row's 31 fields, a
 * tenth of the garbage an update made.
 */
export function viewPost(store: Store, id: number): Readonly<PostRow> | undefined {
  return postRows(store, [id]).get(id);
}

/** A row as the transaction under way has just written it in full: kept for getPost once it commits (Store.keepWritten). */
export function keepWrittenPost(store: Store, row: PostRow): void {
  store.keepWritten(KEPT_ROWS, ['posts'], row.id, row);
}

/** Whether the row of `id` is kept from an earlier list (getPostsByIds). */
export function isPostRowKept(store: Store, id: number): boolean {
  return store.keeps(KEPT_ROWS, id, ['posts']);
}

/** `ahead`: the ids of the pages that come next, read with these when these must be read (memoisedByIds). */
export function getPostsByIds(store: Store, ids: readonly number[], ahead: readonly number[] = []): PostRow[] {
  if (ids.length === 0) return [];
  // A page of a list, read again for every page asked: kept until posts change.
  const byId = postRows(store, ids, ahead);
  return ids.map((id) => byId.get(id)).filter((row): row is PostRow => row !== undefined);
}

export function deletePost(store: Store, id: number): void {
  store.run('DELETE FROM posts WHERE id = ?', id);
}

/** Whether another item of `type` has `slug` (one indexed lookup). */
export function slugTaken(store: Store, type: string, slug: string, exceptId: number): boolean {
  return store.get(`SELECT 1 FROM posts WHERE type = ? AND slug = ? AND id <> ? AND ${ITEMS_ONLY} LIMIT 1`, type, slug, exceptId) !== undefined;
}

/** Slugs of `type` starting with `base-`, for picking the next free suffix in one range scan. */
export function suffixedSlugs(store: Store, type: string, base: string, exceptId: number): Set<string> {
  const rows = store.all<{ slug: string }>(
    `SELECT slug FROM posts WHERE type = ? AND id <> ? AND slug >= ? AND slug < ? AND ${ITEMS_ONLY}`, type, exceptId, `${base}-`, `${base}.`,
  );
  return new Set(rows.map((row) => row.slug));
}

/** Children of `parent` of `type` (revisions, autosaves), newest first. */
export function childrenOf(store: Store, parent: number, type: string): PostRow[] {
  return store.all<PostRow>(
    'SELECT * FROM posts WHERE parent = ? AND type = ? ORDER BY date_gmt DESC, id DESC', parent, type,
  );
}

export function deleteChildren(store: Store, parent: number, type: string): void {
  store.run('DELETE FROM posts WHERE parent = ? AND type = ?', parent, type);
}

/** Puts the children of `from` of the given types under `to` (new versions); returns their ids. */
export function moveChildren(store: Store, from: number, to: number, types: readonly string[]): number[] {
  const marks = types.map(() => '?').join(',');
  const ids = store.all<{ id: number }>(`SELECT id FROM posts WHERE parent = ? AND type IN (${marks})`, from, ...types).map((row) => row.id);
  store.run(`UPDATE posts SET parent = ?, version = version + 1 WHERE parent = ? AND type IN (${marks})`, to, from, ...types);
  return ids;
}

/** Items that show `mediaId` as their featured image no longer do (new versions); returns their ids. */
export function clearFeaturedMedia(store: Store, mediaId: number): number[] {
  const ids = store.all<{ id: number }>('SELECT id FROM posts WHERE featured_media = ?', mediaId).map((row) => row.id);
  store.run('UPDATE posts SET featured_media = 0, version = version + 1 WHERE featured_media = ?', mediaId);
  return ids;
}

/** Gives every page below `id` a new version: their addresses follow its slug. */
export function touchDescendants(store: Store, id: number): void {
  store.run(
    `WITH RECURSIVE below(id) AS (SELECT id FROM posts WHERE parent = ? AND type = 'page'
       UNION SELECT p.id FROM posts p JOIN below b ON p.parent = b.id WHERE p.type = 'page')
     UPDATE posts SET version = version + 1 WHERE id IN (SELECT id FROM below)`,
    id,
  );
}

/** The fields a revision keeps and a save compares. */
export const REVISED_FIELDS = ['title', 'content', 'excerpt'] as const;
type RevisionText = Pick<PostRow, (typeof REVISED_FIELDS)[number]>;

/** The revisions of an item (not its autosaves): how many, and the newest one's id and whether its text is the text asked about. */
export interface Revisions {
  count: number;
  latest: { id: number; sameText: boolean } | undefined;
}

/**
 * Revisions of `parent` in one query: counted from the index, and whether the newest one's
 * title, content and excerpt are `text`'s, compared in the database: its text (as long as the
 * item's) is not read back for that.
 */
export function revisionsOf(store: Store, parent: number, text: RevisionText): Revisions {
  // Kept as the last save left them (keepWrittenRevisionSummary): no query.
  const kept = store.kept<KeptSummary>(KEPT_SUMMARIES, parent, ['posts']);
  if (kept?.newestText) {
    const { newestText } = kept;
    const latest = kept.latest === null ? undefined : { id: kept.latest, sameText: REVISED_FIELDS.every((field) => newestText[field] === text[field]) };
    return { count: kept.count, latest };
  }
  const row = store.get<{ count: number; id: number | null; same: number | boolean | null }>(
    `SELECT c.count, r.id, (r.title = ? AND r.content = ? AND r.excerpt = ?) AS same
     FROM (SELECT COUNT(*) AS count, MAX(id) AS latest FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 0) c
     LEFT JOIN posts r ON r.id = c.latest`,
    text.title, text.content, text.excerpt, parent,
  )!;
  // SQLite answers the comparison 1 or 0, PostgreSQL true or false.
  const latest = row.id === null ? undefined : { id: row.id, sameText: Boolean(row.same) };
  return { count: Number(row.count), latest };
}

/** The autosave of `parent` by one author (each author has at most one). */
export function findAutosave(store: Store, parent: number, author: number): PostRow | undefined {
  return store.get<PostRow>(
    "SELECT * FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 1 AND author = ?", parent, author,
  );
}

/** Every author's autosave of `parent`, newest first. */
export function autosavesOf(store: Store, parent: number): PostRow[] {
  return store.all<PostRow>(
    "SELECT * FROM posts WHERE parent = ? AND type = 'revision' AND autosave = 1 ORDER BY date_gmt DESC, id DESC", parent,
  );
}

/** Published posts and pages whose slug is `slug` (one per parent path at most). */
export function publishedBySlug(store: Store, slug: string): PostRow[] {
  return store.all<PostRow>(`SELECT * FROM posts WHERE slug = ? AND type IN ('post', 'page') AND status = 'publish' AND ${ITEMS_ONLY}`, slug);
}

/** Whether the user is the author of a published post or page. */
export function hasPublished(store: Store, author: number): boolean {
  return store.get("SELECT 1 FROM posts WHERE author = ? AND status = 'publish' AND type IN ('post', 'page') LIMIT 1", author) !== undefined;
}

export interface RevisionSummary {
  count: number;
  latest: number | null;
}

/** A summary as a save left it, with its newest revision's text (the item's as saved), for the next save to compare (revisionsOf). */
interface KeptSummary extends RevisionSummary {
  newestText?: RevisionText;
}

/**
 * An item's revision summary as the transaction under way leaves it, given once the
 * transaction has sent its writes (a revision's id): kept for revisionSummary once it commits,
 * so that the answer need not count again (Store.keepWritten). The newest revision then has
 * the item's text as saved: the next save of the item compares with it (revisionsOf).
 */
export function keepWrittenRevisionSummary(store: Store, item: PostRow, summary: () => RevisionSummary): void {
  const newestText: RevisionText = { title: item.title, content: item.content, excerpt: item.excerpt };
  store.keepWritten(KEPT_SUMMARIES, ['posts'], item.id, (): KeptSummary => ({ ...summary(), newestText }));
}

export function revisionSummary(store: Store, parent: number): RevisionSummary {
  return revisionSummaries(store, [parent]).get(parent)!;
}

/** The revisions of each of a page of items, in one query; kept until posts change. */
export function revisionSummaries(store: Store, parents: readonly number[], ahead: readonly number[] = []): Map<number, RevisionSummary> {
  if (parents.length === 0) return new Map();
  return store.memoisedByIds(KEPT_SUMMARIES, parents, ['posts'], (missing) => {
    const result = new Map<number, RevisionSummary>(missing.map((id) => [id, { count: 0, latest: null }]));
    const rows = store.all<{ parent: number; count: number; latest: number }>(
      `SELECT parent, COUNT(*) AS count, MAX(id) AS latest FROM posts
       WHERE parent IN (${missing.map(() => '?').join(',')}) AND type = 'revision' AND autosave = 0 GROUP BY parent`,
      ...missing,
    );
    for (const row of rows) result.set(row.parent, { count: row.count, latest: row.latest });
    return result;
  }, ahead);
}

/** A post's term ids by taxonomy (`category`, `post_tag`), ordered by term name. */
export type PostTerms = Readonly<Record<string, readonly number[]>>;

/** Term ids of each post, by taxonomy, for a page of posts in one query; kept until terms or their links change. */
export function termsOfPosts(store: Store, ids: readonly number[], ahead: readonly number[] = []): Map<number, PostTerms> {
  if (ids.length === 0) return new Map();
  return store.memoisedByIds('post terms', ids, ['term_relationships', 'terms'], (missing) => {
    const result = new Map<number, Record<string, number[]>>(missing.map((id) => [id, {}]));
    const rows = store.all<{ post_id: number; term_id: number; taxonomy: string }>(
      `SELECT r.post_id, r.term_id, t.taxonomy FROM term_relationships r JOIN terms t ON t.id = r.term_id
       WHERE r.post_id IN (${missing.map(() => '?').join(',')}) ORDER BY t.name`,
      ...missing,
    );
    for (const row of rows) {
      const byTaxonomy = result.get(row.post_id)!;
      (byTaxonomy[row.taxonomy] ??= []).push(row.term_id);
    }
    // Shared with later callers (memoisedByIds freezes the records, not their lists).
    for (const byTaxonomy of result.values()) Object.values(byTaxonomy).forEach((list) => Object.freeze(list));
    return result;
  }, ahead);
}

/** `isNew`: the post was just inserted, so it has no terms to remove first. */
export function setPostTerms(store: Store, postId: number, taxonomy: string, termIds: readonly number[], isNew = false): void {
  if (!isNew) {
    store.write(
      'DELETE FROM term_relationships WHERE post_id = ? AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)',
      postId, taxonomy,
    );
  }
  for (const termId of termIds) {
    store.write('INSERT OR IGNORE INTO term_relationships (post_id, term_id) VALUES (?, ?)', postId, termId);
  }
}

/** Items due to be published: scheduled ones whose time has come. */
export function duePostIds(store: Store, nowGmt: string): number[] {
  return store
    .all<{ id: number }>("SELECT id FROM posts WHERE status = 'future' AND date_gmt <= ? ORDER BY date_gmt", nowGmt)
    .map((row) => row.id);
}

/**
 * Publishes a scheduled item if it is still scheduled and due: true for exactly one caller
 * however many ask at once (the update waits for a concurrent one, then finds it published).
 */
export function claimDuePost(store: Store, id: number, nowGmt: string): boolean {
  return store.run("UPDATE posts SET status = 'publish', version = version + 1 WHERE id = ? AND status = 'future' AND date_gmt <= ?", id, nowGmt).changes === 1;
}

export function nextScheduledGmt(store: Store): string | undefined {
  return store.get<{ date_gmt: string }>("SELECT MIN(date_gmt) AS date_gmt FROM posts WHERE status = 'future'")
    ?.date_gmt ?? undefined;
}
