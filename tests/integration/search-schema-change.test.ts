// A running instance on SQLite while another process changes the file's schema, as an instance of
// a newer version starting beside it does with its migrations: each change makes this instance's
// next statement prepare itself again, which connects the search index's FTS5 tables anew, and
// SQLite gives up when another change commits during that connection ("vtable constructor
// failed: posts_search_title"; a search answered 500). Every statement that reads the index is
// answered as it would be without the other process, and so are the writes that keep it
// (creates, updates and deletes, whose triggers reach it).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { startLockHolder, type LockHolder } from '../helpers/lock-holder.ts';
import { SEARCH_INDEX_FIELDS, type SearchField } from '../../server/store/search-text.ts';

/**
 * Before the fix, these rounds failed 4 to 10 times in each of five runs (each of the 1,200
 * searches connects the index anew, and one in a few hundred met a change during it).
 */
const ROUNDS = 150;

/** Every set of columns a search reads the index of: each field's alone, and all of them (the default). */
const COLUMN_SETS: readonly (readonly SearchField[])[] = [...Object.keys(SEARCH_INDEX_FIELDS).map((field) => [field as SearchField]), Object.keys(SEARCH_INDEX_FIELDS) as SearchField[]];

describe('a running site while another process changes its schema', () => {
  let site: TestSite;
  let holder: LockHolder;

  beforeAll(async () => {
    site = await startTestSite();
    for (let n = 0; n < 10; n += 1) {
      const created = await site.api('cms/v2/posts', { as: 'editor', method: 'POST', body: { title: `Lantern ${n}`, content: `Lighthouse keeper ${n}`, excerpt: `Harbour ${n}`, status: 'publish' } });
      expect(created.status).toBe(201);
    }
    holder = await startLockHolder(path.join(site.dataDir, 'site.db'));
  });
  afterAll(async () => {
    await holder?.close();
    await site?.close();
  });

  it(`answers ${ROUNDS} rounds of searches over every set of columns, and the writes that keep the index`, { timeout: 120_000 }, async () => {
    const failures = new Map<string, number>();
    const note = (what: string, result: { status: number; body: { message?: string } }, expected: number) => {
      const key = `${what} ${result.status} ${result.body?.message ?? ''}`;
      if (result.status !== expected) failures.set(key, (failures.get(key) ?? 0) + 1);
    };
    await holder.changeSchema();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        // Several at once, so that the site goes from one search to the next without waiting for the client.
        const searches = await Promise.all(
          COLUMN_SETS.flatMap((columns) => [
            site.api('cms/v2/posts', { query: { search: 'lantern keeper harbour', search_columns: columns.map((field) => `post_${field}`) } }),
            site.api('cms/v2/posts', { as: 'editor', query: { search: 'keeper', search_columns: columns.map((field) => `post_${field}`), context: 'edit', status: 'any', page: 2, per_page: 2 } }),
          ]),
        );
        for (const answer of searches) note('search', answer, 200);
        if (round % 10 !== 0) continue;
        // Writes: the index takes each in before the next search.
        const created = await site.api('cms/v2/posts', { as: 'editor', method: 'POST', body: { title: `Lantern round ${round}`, content: 'Beacon', status: 'publish' } });
        note('create', created, 201);
        if (created.status !== 201) continue;
        note('update', await site.api(`cms/v2/posts/${created.body.id}`, { as: 'editor', method: 'POST', body: { title: `Beacon round ${round}`, excerpt: 'Harbour light' } }), 200);
        note('delete', await site.api(`cms/v2/posts/${created.body.id}`, { as: 'editor', method: 'DELETE', query: { force: true } }), 200);
      }
    } finally {
      await holder.stopChangingSchema();
    }
    expect(Object.fromEntries(failures)).toEqual({});
  });
});
