// A database that stays out of reach (issue 31), under one instance served without workers, so
// that nothing but the store's own bounds ends its waits: a connection made again to a paused
// PostgreSQL gives up (connect_timeout), so each request is answered 503 in a bounded time and
// the instance serves again by itself once the database resumes; and a write whose COMMIT answer
// was lost while the database stays down past the outcome's wait (5 s) is answered 500
// write_outcome_unknown, never 503, and stands or not as the database decided. The cluster is
// the test's own (pausing the run's shared one would hold every other test); the site reaches
// it through a proxy that cuts a connection at a write's COMMIT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { ownClusterInstances, type OwnCluster } from '../helpers/postgres/own-cluster.ts';
import { startCommitCuttingProxy, type CommitCut, type CommitCuttingProxy } from '../helpers/commit-cutting-proxy.ts';

if (!ON_POSTGRES) console.warn('[site] database-stall-unreachable runs in the site-postgres project only: SQLite has no database server to pause');

/** The store's connection bound (pg-connection.ts: 3 s) and a loaded machine's margin. */
const RECONNECT_BOUND_MS = 3000 + 2000;
/** The outcome's wait (5 s), one connection attempt past it, and a margin. */
const OUTCOME_BOUND_MS = 5000 + 3000 + 2000;
/** Longer than any bound above: an answer within one was not the database resuming. */
const PAUSE_MS = 12_000;

describe.skipIf(!ON_POSTGRES)('a PostgreSQL out of reach under an instance without workers', () => {
  let own: OwnCluster;
  let proxy: CommitCuttingProxy;
  let site: SiteInstance;

  beforeAll(async () => {
    own = await ownClusterInstances();
    proxy = await startCommitCuttingProxy(own.cluster.url('site'));
    // The later --database is the one the site takes.
    site = await own.instances.start('--database', proxy.url);
  }, 90_000);
  afterAll(async () => {
    await own?.close();
    await proxy?.close();
  });

  const api = (route: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${site.api}${route}`, { ...options, headers: { ...own.headers, ...options.headers } });
  const timed = async (answering: Promise<Awaited<ReturnType<typeof api>>>) => {
    const started = performance.now();
    const answer = await answering;
    return { answer, ms: performance.now() - started };
  };
  const create = (title: string) => api('cms/v2/posts', { method: 'POST', body: { title, status: 'draft' } });
  const stored = async (title: string) => {
    const found = await api('cms/v2/posts', { query: { search: title, status: 'draft', context: 'edit' } });
    expect(found.status).toBe(200);
    return (found.body as { title: { raw: string } }[]).filter((post) => post.title.raw === title).length;
  };
  /**
   * Pauses the database for PAUSE_MS at most; `end` resumes it at once, when the answers under
   * test have come (within their bounds, so while it was paused): the rest of the pause would be
   * sat out for nothing.
   */
  const pauseFor = () => {
    own.pause();
    const timer = setTimeout(() => own.resume(), PAUSE_MS);
    return {
      end() {
        clearTimeout(timer);
        own.resume();
      },
    };
  };

  it('answers 503 within a bound while it cannot connect to a paused database, and serves again once it resumes', { timeout: 60_000 }, async () => {
    expect((await create('Before the pause')).status).toBe(201);
    // Its connection ended, the instance has to connect again: to a server that is paused. The
    // backend is waited for until it has ended (the timeout form): a signalled backend paused
    // before it ended would still hold the connection, and a query sent on it would wait the pause.
    own.query("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = 'site' AND pid <> pg_backend_pid()");
    const pause = pauseFor();
    try {
      for (const sent of [() => api('cms/v2/posts', { query: { context: 'edit' } }), () => create('During the pause')]) {
        const { answer, ms } = await timed(sent());
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toEqual({ code: 'service_unavailable', message: expect.any(String), data: { status: 503 } });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(ms).toBeLessThan(RECONNECT_BOUND_MS);
      }
    } finally {
      pause.end();
    }
    // Served again, without a restart; the refused write wrote nothing.
    expect((await create('After the pause')).status).toBe(201);
    expect(await stored('During the pause')).toBe(0);
    expect(await stored('Before the pause')).toBe(1);
  });

  const LOST: { cut: CommitCut; standing: number }[] = [
    { cut: 'after-commit', standing: 1 },
    { cut: 'before-commit', standing: 0 },
  ];
  for (const { cut, standing } of LOST) {
    it(`answers 500 write_outcome_unknown when a COMMIT is cut ${cut} and the database stays down past the outcome's wait`, { timeout: 60_000 }, async () => {
      const title = `Lost ${cut}`;
      let pause: ReturnType<typeof pauseFor> | undefined;
      // Paused as the cut is made: the look for the outcome finds no database.
      void proxy.cutNextCommit(cut, /inkwell_writes', '[^ ]+ [^']*posts/).then(() => (pause = pauseFor()));
      try {
        const { answer, ms } = await timed(create(title));
        expect(pause).toBeDefined();
        expect(answer.status, JSON.stringify(answer.body)).toBe(500);
        expect(answer.body).toEqual({ code: 'write_outcome_unknown', message: expect.any(String), data: { status: 500 } });
        expect(ms).toBeLessThan(OUTCOME_BOUND_MS);
      } finally {
        pause?.end();
      }
      // Once the database answers, the write stands as it decided: made once, or not at all.
      expect(await stored(title)).toBe(standing);
    });
  }
});
