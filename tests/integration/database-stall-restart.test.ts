// A PostgreSQL restarted (stopped, then started again; not paused) under an instance served with
// --workers (issue 31): the front's LISTEN connection (pg-write-listener.ts) is lost with it.
// Until it listens again, the front answers no read from what it kept (a write another instance
// commits meanwhile would go unheard); once the database is back it listens again by itself,
// without a restart of the instance: a public read is again answered from what it kept during a
// pause, and never without a write another instance committed before it.
// PostgreSQL only: the cluster is the test's own, as stopping the run's shared one would stop
// every other test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { ownClusterInstances, workersShape, type OwnCluster } from '../helpers/postgres/own-cluster.ts';

if (!ON_POSTGRES) console.warn('[site] database-stall-restart runs in the site-postgres project only: SQLite has no database server to restart');

const REQUEST_TIMEOUT_MS = 1500;
/** How long the front may take to listen again once the database is back: its store's connection bound (3 s) and a loaded machine's margin. */
const LISTENING_AGAIN_MS = 10_000;

describe.skipIf(!ON_POSTGRES)('a PostgreSQL restarted under an instance served with --workers', () => {
  let own: OwnCluster;
  let site: SiteInstance;
  let other: SiteInstance;

  beforeAll(async () => {
    own = await ownClusterInstances();
    site = await own.instances.start(...workersShape(REQUEST_TIMEOUT_MS));
    // Another instance, without workers, whose writes this one's front must hear.
    other = await own.instances.start();
  }, 90_000);
  afterAll(async () => {
    await own?.close();
  });

  const listed = () => `${site.api}cms/v2/pages?per_page=100`;
  const publish = (title: string) => request(`${other.api}cms/v2/pages`, { method: 'POST', headers: own.headers, body: { title, status: 'publish' } });
  const pageTitles = (body: unknown) => (body as { title: { rendered: string } }[]).map((page) => page.title.rendered);
  /**
   * Reads through this instance's workers twice (the second is kept whatever the first met), then
   * one while the database is paused: null when a read was not answered 200 (once the database is
   * back, a worker's store may still be connecting again, and answers 503: nothing read).
   */
  const keptDuringPause = async () => {
    for (let read = 0; read < 2; read++) if ((await request(listed())).status !== 200) return null;
    return own.whilePaused(() => request(listed()));
  };

  it('answers nothing from what its front kept while the database is down, and listens again once it is back', { timeout: 90_000 }, async () => {
    expect((await publish('Before the restart')).status).toBe(201);
    // The write's announcement may reach the front after the reads (a loaded machine): a read asked
    // before it was heard is not kept for a pause, so read again until one asked after it is.
    const caughtUp = performance.now() + LISTENING_AGAIN_MS;
    let before: Awaited<ReturnType<typeof request>> | null;
    do before = await keptDuringPause();
    while (before?.status !== 200 && performance.now() < caughtUp);
    expect(before?.status).toBe(200);
    expect(pageTitles(before?.body)).toContain('Before the restart');

    own.cluster.pgCtl('-m', 'fast', 'stop');
    try {
      // Its LISTEN connection is gone: what the front kept is not vouched for, and the workers cannot read.
      const down = await request(listed());
      expect(down.status).toBe(503);
    } finally {
      own.cluster.pgCtl('start');
    }

    // Committed by the other instance once the database is back: the front must hear it. That
    // instance's first writes may be answered 503 while its store connects again (nothing written).
    const deadline = performance.now() + LISTENING_AGAIN_MS;
    let published = await publish('After the restart');
    while (published.status === 503 && performance.now() < deadline) published = await publish('After the restart');
    expect(published.status).toBe(201);
    // Listening again by itself: a read it has served is again answered from what it kept during a pause.
    let paused: Awaited<ReturnType<typeof request>> | null;
    do paused = await keptDuringPause();
    while (paused?.status !== 200 && performance.now() < deadline);
    expect(paused?.status).toBe(200);
    expect(pageTitles(paused?.body)).toContain('After the restart');

    // And it hears: a write committed just before a pause is never missing from what it answers.
    expect((await publish('Heard after the restart')).status).toBe(201);
    const after = await own.whilePaused(() => request(listed()));
    if (after.status === 200) expect(pageTitles(after.body)).toContain('Heard after the restart');
    else expect(after.status).toBe(503);
  });
});
