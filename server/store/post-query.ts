// Builds and runs a list query over posts, pages or media: filters, search through the
// trigram index, visibility, ordering and paging. Returns one page of ids and the total.
import type { Dialect, Store } from './db.ts';
import { ITEMS_ONLY, isPostRowKept } from './posts.ts';
import { containsText, searchIndexTable } from './search-text.ts';

export interface TaxClause {
  taxonomy: string;
  terms: number[];
  /** IN: any of the terms; AND: all of them; NOT IN: none of them. */
  operator: 'IN' | 'AND' | 'NOT IN';
}

export interface PostSearch {
  text: string;
  columns: readonly ('title' | 'content' | 'excerpt')[];
  exact: boolean;
}

/** What one user may read and edit among the items of one type: post-permissions.ts's rules, for SQL. */
export interface TypeAccess {
  userId: number;
  /** May read others' private items. */
  readOthersPrivate: boolean;
  /** May edit others' items, and so read their drafts, pending and scheduled ones. */
  editOthers: boolean;
  editOthersPrivate: boolean;
  editOwn: boolean;
  /** May edit their own published, scheduled and private items. */
  editOwnPublished: boolean;
}

/** Which rows the asker may see; left out, a query sees every row (the site's own work). */
export interface Visibility {
  access: TypeAccess;
  /** Items that inherit their status (attachments) are readable when their parent is: its type's rules. */
  parents: Record<'post' | 'page', TypeAccess>;
  /** Only the items the user may edit (edit-context lists). */
  editableOnly: boolean;
}

export interface PostQuery {
  type: string;
  statuses: readonly string[];
  visibility?: Visibility;
  search?: PostSearch;
  afterGmt?: string;
  beforeGmt?: string;
  modifiedAfterGmt?: string;
  modifiedBeforeGmt?: string;
  authors?: readonly number[];
  authorsExclude?: readonly number[];
  include?: readonly number[];
  exclude?: readonly number[];
  parents?: readonly number[];
  parentsExclude?: readonly number[];
  slugs?: readonly string[];
  menuOrder?: number;
  stickyOnly?: boolean;
  /** Only items that are not sticky. */
  stickyExclude?: boolean;
  stickyFirst?: boolean;
  formats?: readonly string[];
  mimeTypes?: readonly string[];
  /** For revisions: autosaves only (true) or real revisions only (false). */
  autosave?: boolean;
  tax?: { relation: 'AND' | 'OR'; clauses: TaxClause[] };
  orderby: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const ORDER_COLUMNS: Record<string, string> = {
  author: 'p.author',
  date: 'p.date_gmt',
  id: 'p.id',
  modified: 'p.modified_gmt',
  parent: 'p.parent',
  slug: 'p.slug',
  title: 'p.title COLLATE NOCASE',
  menu_order: 'p.menu_order',
};

class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  /** Whether the query reads the search index, which must be brought up to date first. */
  usesSearchIndex = false;
  add(sql: string, ...params: unknown[]): void {
    this.parts.push(sql);
    this.params.push(...params);
  }
  list(column: string, values: readonly unknown[] | undefined, negate = false): void {
    if (!values || values.length === 0) return;
    this.add(`${column} ${negate ? 'NOT IN' : 'IN'} (${values.map(() => '?').join(',')})`, ...values);
  }
}

/** One FTS5 phrase: the trigram tokenizer matches it as a substring. */
function ftsPhrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/** Splits a search the way site searches do: words, "quoted phrases", and -excluded words. */
export function searchTerms(text: string): { include: string[]; exclude: string[] } {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const match of text.matchAll(/(-?)(?:"([^"]+)"|(\S+))/g)) {
    const word = (match[2] ?? match[3]).trim();
    if (word === '') continue;
    (match[1] === '-' ? exclude : include).push(word);
  }
  return { include, exclude };
}

/**
 * `indexed`: whether the rows are in the trigram index (revisions are not). On PostgreSQL
 * the index (pg_trgm, over the folded columns) serves the LIKE of containsText itself, once
 * the query says it wants no revisions.
 */
function addSearch(where: Where, search: PostSearch, indexed: boolean, dialect: Dialect): void {
  const columns = search.columns.length > 0 ? search.columns : (['title', 'excerpt', 'content'] as const);
  if (search.exact) {
    const equal = columns.map((column) => `p.${column} = ? COLLATE NOCASE`).join(' OR ');
    where.add(`(${equal})`, ...columns.map(() => search.text.trim()));
    return;
  }
  const { include, exclude } = searchTerms(search.text);
  if (indexed && dialect === 'postgres' && include.length > 0) where.add("p.type <> 'revision'");
  const viaIndex = indexed && dialect === 'sqlite' ? include.filter((word) => [...word].length >= 3) : [];
  // Each word in any of the columns: the rows of each column's index that hold it.
  for (const word of viaIndex) {
    const holders = columns.map((column) => `SELECT rowid FROM ${searchIndexTable(column)} WHERE ${searchIndexTable(column)} MATCH ?`);
    where.add(`p.id IN (${holders.join(' UNION ALL ')})`, ...columns.map(() => ftsPhrase(word)));
    where.usesSearchIndex = true;
  }
  // Words too short for SQLite's trigram index (or rows outside it) are matched directly on the rows left.
  for (const word of include.filter((candidate) => !viaIndex.includes(candidate))) {
    const contains = columns.map((column) => containsText(dialect, `p.${column}`, word));
    where.add(`(${contains.map((clause) => clause.sql).join(' OR ')})`, ...contains.map((clause) => clause.param));
  }
  for (const word of exclude) {
    const contains = columns.map((column) => containsText(dialect, `p.${column}`, word));
    where.add(`NOT (${contains.map((clause) => clause.sql).join(' OR ')})`, ...contains.map((clause) => clause.param));
  }
}

interface Clause {
  sql: string;
  params: unknown[];
}

function anyOf(clauses: Clause[]): Clause {
  if (clauses.length === 0) return { sql: '1 = 0', params: [] };
  return { sql: `(${clauses.map((clause) => clause.sql).join(' OR ')})`, params: clauses.flatMap((clause) => clause.params) };
}

/** Rows `row` the user may edit: their own by status, others' with the rights for them. */
function editable(row: string, access: TypeAccess): Clause {
  const clauses: Clause[] = [];
  const published = `${row}.status IN ('publish', 'future', 'private')`;
  const own = access.editOwn && access.editOwnPublished ? '' : access.editOwn ? ` AND NOT ${published}` : access.editOwnPublished ? ` AND ${published}` : null;
  if (own !== null) clauses.push({ sql: `(${row}.author = ?${own})`, params: [access.userId] });
  if (access.editOthers) {
    clauses.push({ sql: `(${row}.author <> ?${access.editOthersPrivate ? '' : ` AND ${row}.status <> 'private'`})`, params: [access.userId] });
  }
  return anyOf(clauses);
}

/** Rows `row` the user may read, leaving aside inheritance: published, their own, or others' with the rights. */
function readableOwnStatus(row: string, access: TypeAccess): Clause {
  const clauses: Clause[] = [{ sql: `${row}.status = 'publish'`, params: [] }, { sql: `${row}.author = ?`, params: [access.userId] }];
  if (access.readOthersPrivate) clauses.push({ sql: `${row}.status = 'private'`, params: [] });
  if (access.editOthers) clauses.push({ sql: `${row}.status NOT IN ('publish', 'private', 'inherit')`, params: [] });
  return anyOf(clauses);
}

/** An item that inherits its status is readable unless it has a parent the user may not read. */
function readableParent(visibility: Visibility): Clause {
  const byType = (['post', 'page'] as const).map((type) => {
    const readable = readableOwnStatus('par', visibility.parents[type]);
    return { sql: `(par.type ${type === 'page' ? '=' : '<>'} 'page' AND ${readable.sql})`, params: readable.params };
  });
  const readable = anyOf(byType);
  return { sql: `(p.status = 'inherit' AND NOT EXISTS (SELECT 1 FROM posts par WHERE par.id = p.parent AND par.status <> 'inherit' AND NOT ${readable.sql}))`, params: readable.params };
}

function addVisibility(where: Where, query: PostQuery, visibility: Visibility): void {
  // Published items are public: the rules matter only when other statuses are asked for.
  if (query.statuses.length === 0 || query.statuses.some((status) => status !== 'publish')) {
    const readable = anyOf([readableOwnStatus('p', visibility.access), readableParent(visibility)]);
    where.add(readable.sql, ...readable.params);
  }
  if (visibility.editableOnly) {
    const editableRow = editable('p', visibility.access);
    where.add(editableRow.sql, ...editableRow.params);
    return;
  }
  if (query.search && query.search.text.trim() !== '') {
    // A protected item is no search result for those who may not edit it (as the reference for
    // visitors): the search would tell the words of its text. The few protected rows are found
    // apart, so the list keeps its index.
    const editableRow = editable('q', visibility.access);
    where.add(`p.id NOT IN (SELECT q.id FROM posts q WHERE q.type = ? AND q.password <> '' AND NOT ${editableRow.sql})`, query.type, ...editableRow.params);
  }
}

function addTax(where: Where, tax: NonNullable<PostQuery['tax']>): void {
  const included: string[] = [];
  const params: unknown[] = [];
  for (const clause of tax.clauses) {
    if (clause.terms.length === 0) continue;
    const marks = clause.terms.map(() => '?').join(',');
    // Only terms of the clause's taxonomy count: a category id given as a tag names no tag.
    const has = `SELECT tr.post_id FROM term_relationships tr JOIN terms t ON t.id = tr.term_id AND t.taxonomy = ? WHERE tr.term_id IN (${marks})`;
    const hasParams = [clause.taxonomy, ...clause.terms];
    if (clause.operator === 'NOT IN') {
      // Exclusions hold whatever the relation between the other clauses.
      where.add(`p.id NOT IN (${has})`, ...hasParams);
    } else if (clause.operator === 'AND') {
      included.push(`p.id IN (${has} GROUP BY tr.post_id HAVING COUNT(*) = ?)`);
      params.push(...hasParams, new Set(clause.terms).size);
    } else {
      included.push(`p.id IN (${has})`);
      params.push(...hasParams);
    }
  }
  if (included.length > 0) where.add(`(${included.join(tax.relation === 'OR' ? ' OR ' : ' AND ')})`, ...params);
}

function buildWhere(query: PostQuery, dialect: Dialect): Where {
  const where = new Where();
  where.add('p.type = ?', query.type);
  // SQLite uses its indexes of items by type only for a query that says it wants no revisions.
  if (query.type !== 'revision' && dialect === 'sqlite') where.add(`p.${ITEMS_ONLY}`);
  where.list('p.status', query.statuses);
  if (query.visibility) addVisibility(where, query, query.visibility);
  if (query.search && query.search.text.trim() !== '') addSearch(where, query.search, query.type !== 'revision', dialect);
  if (query.afterGmt) where.add('p.date_gmt > ?', query.afterGmt);
  if (query.beforeGmt) where.add('p.date_gmt < ?', query.beforeGmt);
  if (query.modifiedAfterGmt) where.add('p.modified_gmt > ?', query.modifiedAfterGmt);
  if (query.modifiedBeforeGmt) where.add('p.modified_gmt < ?', query.modifiedBeforeGmt);
  where.list('p.author', query.authors);
  where.list('p.author', query.authorsExclude, true);
  where.list('p.id', query.include);
  where.list('p.id', query.exclude, true);
  where.list('p.parent', query.parents);
  where.list('p.parent', query.parentsExclude, true);
  where.list('p.slug', query.slugs);
  where.list('p.format', query.formats);
  if (query.mimeTypes && query.mimeTypes.length > 0) {
    // Either a full type (image/png) or a family (image).
    const match = query.mimeTypes.map(() => '(p.mime_type = ? OR p.mime_type LIKE ?)').join(' OR ');
    where.add(`(${match})`, ...query.mimeTypes.flatMap((type) => [type, `${type}/%`]));
  }
  if (query.autosave !== undefined) where.add('p.autosave = ?', query.autosave ? 1 : 0);
  if (query.menuOrder !== undefined) where.add('p.menu_order = ?', query.menuOrder);
  if (query.stickyOnly) where.add('p.sticky = 1');
  if (query.stickyExclude) where.add('p.sticky = 0');
  if (query.tax) addTax(where, query.tax);
  return where;
}

function orderClause(query: PostQuery, dialect: Dialect): { sql: string; params: unknown[] } {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const sticky = query.stickyFirst ? 'p.sticky DESC, ' : '';
  if (query.orderby === 'include' && query.include?.length) {
    const cases = query.include.map((_, index) => `WHEN ? THEN ${index}`).join(' ');
    return { sql: `${sticky}CASE p.id ${cases} END`, params: [...query.include] };
  }
  if (query.orderby === 'include_slugs' && query.slugs?.length) {
    const cases = query.slugs.map((_, index) => `WHEN ? THEN ${index}`).join(' ');
    return { sql: `${sticky}CASE p.slug ${cases} END`, params: [...query.slugs] };
  }
  if (query.orderby === 'relevance' && query.search) {
    // Title matches first, then excerpt, then the rest, newest first within each group.
    const { include } = searchTerms(query.search.text);
    const word = include[0] ?? query.search.text;
    const [title, excerpt] = [containsText(dialect, 'p.title', word), containsText(dialect, 'p.excerpt', word)];
    return {
      sql: `${sticky}CASE WHEN ${title.sql} THEN 0 WHEN ${excerpt.sql} THEN 1 ELSE 2 END, p.date_gmt DESC, p.id DESC`,
      params: [title.param, excerpt.param],
    };
  }
  const column = ORDER_COLUMNS[query.orderby] ?? ORDER_COLUMNS.date;
  return { sql: `${sticky}${column} ${direction}, p.id ${direction}`, params: [] };
}

/** What a post query's filters read: it is kept until one of these changes. */
const QUERY_TABLES = ['posts', 'term_relationships', 'terms'];
/**
 * Paging on past the first page of a list of at most this many items reads their order once
 * and slices it until the next change: a page far down then costs as little as the first,
 * where OFFSET walks every row before it. The order is read at the second such page since
 * the last change, so that a site written to between every two pages never reads it.
 */
const KEPT_ORDER_IDS = 100_000;
/** Pages read ahead from a kept order (memoisedByIds), at most this many ids: paging on costs one query per few pages. */
const PAGES_AHEAD = 4;
const MOST_AHEAD = 100;

/** `ahead`: the ids of the next pages, when the order is kept, to be read with this page's rows. */
export function runPostQuery(store: Store, query: PostQuery): { ids: number[]; total: number; ahead: number[] } {
  const where = buildWhere(query, store.dialect);
  const whereSql = where.parts.join(' AND ');
  if (where.usesSearchIndex) store.updateSearchIndex();
  const params = JSON.stringify(where.params);
  // Paging through a list asks the same count for every page.
  const countSql = `SELECT COUNT(*) AS total FROM posts p WHERE ${whereSql}`;
  const total = store.memoised(`${countSql}\0${params}`, () => store.get<{ total: number }>(countSql, ...where.params)!.total, QUERY_TABLES);
  if (total === 0 || query.offset >= total) return { ids: [], total, ahead: [] };
  const order = orderClause(query, store.dialect);
  const orderedSql = `SELECT p.id FROM posts p WHERE ${whereSql} ORDER BY ${order.sql}`;
  const end = query.limit < 0 ? undefined : query.offset + query.limit;
  const orderKey = `${orderedSql}\0${params}\0${JSON.stringify(order.params)}`;
  if (query.offset > 0 && total <= KEPT_ORDER_IDS && store.askedBefore(orderKey, QUERY_TABLES)) {
    const ordered = store.memoised(
      orderKey,
      () => store.all<{ id: number }>(orderedSql, ...where.params, ...order.params).map((row) => row.id),
      QUERY_TABLES,
      (ids) => ids.length,
    );
    // Reading ahead pays when paging on (the row just before this page was read for the page
    // before), not for pages asked in no order, where it would read rows nobody asks for.
    const pagingOn = end !== undefined && isPostRowKept(store, ordered[query.offset - 1]!);
    const ahead = pagingOn ? ordered.slice(end, end + Math.min(MOST_AHEAD, PAGES_AHEAD * query.limit)) : [];
    return { ids: ordered.slice(query.offset, end), total, ahead };
  }
  // A page read through OFFSET is kept like the count: the first page is what most readers ask.
  const pageSql = `${orderedSql} LIMIT ? OFFSET ?`;
  const ids = store.memoised(
    `${orderKey}\0${query.limit}\0${query.offset}`,
    () => store.all<{ id: number }>(pageSql, ...where.params, ...order.params, query.limit, query.offset).map((row) => row.id),
    QUERY_TABLES,
    (page) => page.length,
  );
  return { ids, total, ahead: [] };
}
