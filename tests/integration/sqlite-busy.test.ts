// Another process holding the SQLite file's write lock (a second instance of the site, or a
// CLI command beside the desktop) past the busy timeout: a write is answered 503 with
// Retry-After in the interface's shape, as a PostgreSQL outage is, and changes nothing; reads
// go on; once the lock is released, writes land again. SQLite only (PostgreSQL has no file lock).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import type { ApiResult } from '../helpers/http-request.ts';
import { expectError } from '../helpers/expect-api.ts';
import type { SqliteStore } from '../../server/store/sqlite-store.ts';
import { openDatabase, type SqlDatabase } from '../../server/store/sqlite.ts';

const expectBusy = (answer: ApiResult) => {
  expectError(answer, 503, 'service_unavailable');
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('the SQLite file locked by another process', () => {
  let site: TestSite;
  let other: SqlDatabase;

  beforeAll(async () => {
    site = await startTestSite();
    // The site waits 5 s for the lock; 50 ms keeps the test fast and says the same.
    (site.running.site.context.store as SqliteStore).db.pragma('busy_timeout = 50');
    other = openDatabase(path.join(site.dataDir, 'site.db'));
  });
  afterAll(async () => {
    other?.close();
    await site?.close();
  });

  it('answers writes 503 with Retry-After and changes nothing, serves reads, and writes again once the lock is released', async () => {
    const before = await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Before the lock', status: 'publish' } });
    expect(before.status).toBe(201);

    other.exec('BEGIN IMMEDIATE');
    expectBusy(await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Refused', status: 'publish' } }));
    expectBusy(await site.api(`cms/v2/posts/${before.body.id}`, { method: 'POST', as: 'editor', body: { title: 'Renamed' } }));
    expectBusy(await site.api(`cms/v2/posts/${before.body.id}`, { method: 'DELETE', as: 'editor' }));
    expectBusy(await site.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { title: 'Refused name' } }));
    // A first request with a credential would record its use (a write): the read is served all the same.
    const read = await site.api(`cms/v2/posts/${before.body.id}`, { as: 'author' });
    expect(read.status).toBe(200);
    expect(read.body.title.rendered).toBe('Before the lock');
    other.exec('ROLLBACK');

    const after = await site.api('cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'After the lock', status: 'publish' } });
    expect(after.status).toBe(201);
    const listed = await site.api('cms/v2/posts', { as: 'editor', query: { context: 'edit', per_page: 100 } });
    expect(listed.body.map((post: { title: { raw: string } }) => post.title.raw).sort()).toEqual(['After the lock', 'Before the lock']);
    expect((await site.api('cms/v2/settings', { as: 'administrator' })).body.title).toBe('My Site');
  });
});
