// Revisions are left out of the indexes that find items by type (migration 16: every save
// writes a revision, and its entries there cost it for no query), and every query of items the
// store makes still finds them through those indexes on SQLite (issue 32).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { insertPost, insertPostIfSlugFree, publishedBySlug, slugTaken, suffixedSlugs, type NewPostRow } from '../../server/store/posts.ts';
import { runPostQuery, type PostQuery } from '../../server/store/post-query.ts';
import { publishedByTitle } from '../../server/namespaces/seo/store/published-posts.ts';
import { postsWithMetaKeys } from '../../server/namespaces/seo/store/foreign-meta.ts';
import { postsWithoutLinkIndex, unindexedPosts } from '../../server/namespaces/seo/store/indexables.ts';

const ITEM_INDEXES = ['posts_type_status_date', 'posts_type_slug', 'posts_type_modified'];

// A store of its own for each test: each finds the statements it prepares (they are prepared once
// per store) and the rows it inserted, in any order (CI shuffles the tests).
let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-item-indexes-'));
  store = new SqliteStore(path.join(dir, 'site.db'));
  store.run(`INSERT INTO users (id, login, email, name, slug, role, password_hash, registered)
    VALUES (1, 'admin', 'a@example.test', 'Admin', 'admin', 'administrator', 'x', '2020-01-01T00:00:00')`);
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function row(type: string, slug: string, parent = 0): NewPostRow {
  const date = '2024-01-01T00:00:00';
  return {
    type, status: type === 'revision' ? 'inherit' : 'publish', author: 1, parent, slug, title: slug, content: '', excerpt: '',
    title_rendered: slug, content_rendered: '', excerpt_rendered: '', date, date_gmt: date, modified: date, modified_gmt: date,
    password: '', comment_status: 'open', ping_status: 'open', format: 'standard', sticky: 0, template: '', menu_order: 0,
    featured_media: 0, mime_type: '', meta: '{}', status_before_trash: null, autosave: 0, date_floating: 0,
  };
}

/** The SQL texts `work` has the store run (each is prepared once, so only those not run before). */
function statementsOf(work: () => void): string[] {
  const seen: string[] = [];
  const prepare = store.statement;
  Object.assign(store, { statement: (sql: string) => (seen.push(sql), prepare(sql)) });
  try {
    work();
  } finally {
    Object.assign(store, { statement: prepare });
  }
  return seen;
}

/** The indexes SQLite's plan for `sql` reads posts through. */
function indexesOf(sql: string): string[] {
  const count = (sql.match(/\?/g) ?? []).length;
  const names = [...new Set([...sql.matchAll(/@(\w+)/g)].map((match) => match[1]))];
  const explain = store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (names.length > 0 ? explain.all(Object.fromEntries(names.map((name) => [name, null]))) : explain.all(...Array(count).fill(null))) as { detail: string }[];
  return rows.flatMap((planRow) => [...planRow.detail.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)].map((match) => match[1]));
}

const list = (changes: Partial<PostQuery>): PostQuery => ({ type: 'post', statuses: ['publish'], orderby: 'date', order: 'desc', limit: 10, offset: 0, ...changes });

describe('the indexes of items by type', () => {
  it('leave revisions out', () => {
    const post = insertPost(store, row('post', 'kept'));
    insertPost(store, row('revision', `${post}-revision-v1`, post));
    for (const index of ITEM_INDEXES) {
      const entries = store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM posts INDEXED BY ${index} WHERE type <> 'revision'`)!.n;
      const definition = store.get<{ sql: string }>('SELECT sql FROM sqlite_master WHERE name = ?', index)!.sql;
      expect({ index, entries, definition }).toEqual({ index, entries: 1, definition: expect.stringMatching(/WHERE type <> 'revision'$/) });
    }
  });

  // Each query of items, as the store builds it: SQLite uses a partial index only when the query says what it leaves out.
  const queries: Record<string, () => void> = {
    'a slug checked at insert': () => insertPostIfSlugFree(store, row('post', 'fresh')),
    'a slug taken': () => slugTaken(store, 'post', 'fresh', 0),
    'the suffixes of a slug': () => suffixedSlugs(store, 'post', 'fresh', 0),
    'published items by slug': () => publishedBySlug(store, 'fresh'),
    'a list by date': () => runPostQuery(store, list({})),
    'a list by slug': () => runPostQuery(store, list({ slugs: ['fresh', 'kept'], orderby: 'include_slugs' })),
    'a list modified after a date': () => runPostQuery(store, list({ modifiedAfterGmt: '2020-01-01T00:00:00' })),
    'a list by modified date': () => runPostQuery(store, list({ orderby: 'modified' })),
    'the search optimisation pickers': () => publishedByTitle(store, 'post', 'fre', 10),
    'posts with other plugins\' meta': () => postsWithMetaKeys(store, ['post', 'page'], ['_yoast_wpseo_title'], 0, 10),
    'posts not indexed yet': () => unindexedPosts(store, 10),
    'posts without a link index': () => postsWithoutLinkIndex(store, 10),
  };
  it.each(Object.entries(queries))('serve %s', (_name, work) => {
    const texts = statementsOf(work).filter((sql) => /\bposts\b/.test(sql) && !/^\s*(DELETE|UPDATE)/.test(sql));
    expect(texts.length).toBeGreaterThan(0);
    for (const sql of texts) expect({ sql, uses: indexesOf(sql).some((index) => ITEM_INDEXES.includes(index)) }).toEqual({ sql, uses: true });
  });
});
