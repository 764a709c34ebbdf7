// PostgreSQL stopped and started again under two running instances: while it is down every
// request is answered at once with 503, Retry-After and the interface's error shape (never a
// 500, a hang, or a wrong answer; a reader's page is an HTML page), a write refused then is
// not made, and the instances come back by themselves when the database does. Its own cluster, as stopping the run's shared
// one would stop every other test. PostgreSQL only: SQLite has no server to lose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { request, type ApiResult } from '../helpers/http-request.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { startCluster, type PostgresCluster } from '../helpers/postgres/cluster.ts';
import { adminQuery } from '../helpers/postgres/databases.ts';

if (!ON_POSTGRES) console.warn('[site] instances-outage runs in the site-postgres project only: SQLite has no database server to stop');

describe.skipIf(!ON_POSTGRES)('a PostgreSQL restart under two instances', () => {
  let cluster: PostgresCluster;
  let instances: InstanceSet;
  let a: SiteInstance;
  let b: SiteInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    cluster = await startCluster();
    adminQuery(cluster.url('postgres'), 'CREATE DATABASE site');
    instances = prepareInstances({ url: cluster.url('site'), drop: () => undefined });
    headers = { authorization: instances.editorAuth };
    [a, b] = await Promise.all([instances.start(), instances.start()]);
  }, 90_000);
  afterAll(async () => {
    await instances?.close();
    cluster?.stop();
  });

  /** An answer that must come within ten seconds (a hang fails the test). */
  const soon = <T>(url: string, answer: Promise<T>) =>
    Promise.race([answer, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in 10 s: ${url}`)), 10_000).unref())]);
  const ask = (url: string, options: { method?: string; body?: unknown } = {}) => soon(url, request(url, { ...options, headers }));

  const expectUnavailable = (answer: ApiResult) => {
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ code: 'service_unavailable', message: expect.any(String), data: { status: 503 } });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  };

  it('answers 503 with Retry-After while it is down, and recovers by itself', { timeout: 90_000 }, async () => {
    const kept = await ask(`${a.api}cms/v2/posts`, { method: 'POST', body: { title: 'Written before', status: 'publish' } });
    expect(kept.status).toBe(201);
    // Both instances have the list and the item in their response caches.
    for (const instance of [a, b]) {
      expect((await ask(`${instance.api}cms/v2/posts/${kept.body.id}?context=edit`)).body.title.raw).toBe('Written before');
      expect((await ask(`${instance.api}cms/v2/posts?context=edit`)).body.map((post: { id: number }) => post.id)).toEqual([kept.body.id]);
    }

    cluster.pgCtl('-m', 'fast', 'stop');
    const during = await Promise.all([a, b].flatMap((instance, n) => [
      ask(`${instance.api}cms/v2/posts?context=edit`),
      ask(`${instance.api}cms/v2/posts?context=edit&page=2`),
      ask(`${instance.api}cms/v2/posts/${kept.body.id}?context=edit`),
      ask(`${instance.api}cms/v2/posts`, { method: 'POST', body: { title: `Refused ${n}`, status: 'publish' } }),
      ask(`${instance.api}cms/v2/users/me`),
    ]));
    for (const answer of during) expectUnavailable(answer);
    // A reader's page is an HTML page saying so, not the API's JSON.
    for (const instance of [a, b]) {
      for (const page of ['/', `/?p=${kept.body.id}`]) {
        const answer = await soon(page, fetch(new URL(page, instance.api)));
        expect(answer.status).toBe(503);
        expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await answer.text()).toContain('unavailable for a moment');
      }
    }

    cluster.pgCtl('start');
    // Each instance reconnects at its next request: no restart, no waiting for a timer.
    for (const instance of [a, b]) {
      const read = await ask(`${instance.api}cms/v2/posts/${kept.body.id}?context=edit`);
      expect(read.status).toBe(200);
      expect(read.body.title.raw).toBe('Written before');
    }
    const after = await ask(`${b.api}cms/v2/posts`, { method: 'POST', body: { title: 'Written after', status: 'publish' } });
    expect(after.status).toBe(201);
    // The write through b is seen at once on a, and the refused writes were never made.
    const listed = await ask(`${a.api}cms/v2/posts?context=edit&per_page=100`);
    expect(listed.body.map((post: { title: { raw: string } }) => post.title.raw).sort()).toEqual(['Written after', 'Written before']);
  });
});
