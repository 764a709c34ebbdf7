// The site served with `--workers` (worker processes, each with its own database connection,
// behind a front process that keeps the API index): a client sees what one process serves.
// An upload streams through whole, and one refused is refused before its body; a write is seen
// at once by every worker; the index the front keeps shows a change of the settings at once. A
// worker that dies (kill -9) is replaced by a new one while the others answer, and a write it
// had in flight is answered 503 only if nothing was written.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { solidImage } from '../helpers/images.ts';
import { childProcesses, signalAll, unixSocketPaths } from '../helpers/child-processes.ts';

const WORKERS = 2;

describe('an instance served by worker processes', () => {
  let instances: InstanceSet;
  let site: SiteInstance;
  let editor: Record<string, string>;
  let administrator: Record<string, string>;

  beforeAll(async () => {
    instances = prepareInstances();
    instances.cli('user', 'create', '--login', 'boss', '--role', 'administrator', '--password', 'boss-account-password');
    const password = /\n([A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5})\n/.exec(instances.cli('app-password', 'create', '--user', 'boss', '--name', 'tests'))![1];
    editor = { authorization: instances.editorAuth };
    administrator = { authorization: `Basic ${Buffer.from(`boss:${password}`).toString('base64')}` };
    site = await instances.start('--workers', String(WORKERS));
  }, 90_000);
  afterAll(() => instances?.close());

  it('takes an upload whole and serves its file, and refuses a visitor\'s before its body', async () => {
    const image = await solidImage(40, 30, 'png');
    const uploaded = await request(`${site.api}cms/v2/media`, {
      method: 'POST', headers: { ...editor, 'content-type': 'image/png', 'content-disposition': 'attachment; filename="through-workers.png"' }, body: image,
    });
    expect(uploaded.status).toBe(201);
    // A write keeps the client's connection, as one process keeps it.
    expect(uploaded.headers.get('connection')).not.toBe('close');
    const file = await fetch(new URL(new URL(uploaded.body.source_url).pathname, site.api));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true);

    const refused = await request(`${site.api}cms/v2/media`, {
      method: 'POST', headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="visitor.png"' }, body: Buffer.alloc(4 * 1024 * 1024),
    });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('rest_cannot_create');
  });

  it('shows a write at once on every worker', async () => {
    // Reads at once, so that each worker serves some of them (and keeps the list in its cache).
    const readAll = () => Promise.all(Array.from({ length: 4 * WORKERS }, () => request(`${site.api}cms/v2/posts?context=edit&per_page=100`, { headers: editor })));
    await readAll();
    const created = await request(`${site.api}cms/v2/posts`, { method: 'POST', headers: editor, body: { title: 'Seen by every worker', status: 'publish' } });
    expect(created.status).toBe(201);
    for (const answer of await readAll()) expect(answer.body.map((post: { id: number }) => post.id)).toContain(created.body.id);
  });

  it('shows a change of the settings in the index at once', async () => {
    expect((await request(site.api)).status).toBe(200);
    const changed = await request(`${site.api}cms/v2/settings`, { method: 'POST', headers: administrator, body: { title: 'Renamed through a worker' } });
    expect(changed.status).toBe(200);
    expect((await request(site.api)).body.name).toBe('Renamed through a worker');
  });

  it('replaces a worker killed with -9, answering its writes in flight 503 only when nothing was written', { timeout: 60_000 }, async () => {
    const before = childProcesses(site.child.pid!);
    expect(before).toHaveLength(WORKERS);
    // Each write handed to a worker holds a claim file beside the workers' sockets (commit-claim.ts).
    const claimsDir = path.join(path.dirname(unixSocketPaths(before[0]!).find((socket) => socket.endsWith('.sock'))!), 'claims');
    const inFlight = () => fs.readdirSync(claimsDir).filter((name) => name.endsWith('.running')).length;
    // Every worker paused, so that the writes wait in them, shared out by the front.
    signalAll(before, 'SIGSTOP');
    const markers = Array.from({ length: 4 * WORKERS }, (_, n) => `Through a dying worker ${n}`);
    const create = (title: string) => request(`${site.api}cms/v2/posts`, { method: 'POST', headers: editor, body: { title, status: 'publish' } })
      .then((answer) => ({ title, answer }), () => ({ title, answer: null }));
    const writes = markers.map(create);
    try {
      for (let tries = 0; inFlight() < markers.length; tries++) {
        expect(tries, 'the writes handed to the workers').toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      process.kill(before[0]!, 'SIGKILL');
    } finally {
      signalAll(before.slice(1), 'SIGCONT');
    }
    const answered = await Promise.all(writes);

    // A new worker in the dead one's place, and the instance serving all along.
    for (let tries = 0; ; tries++) {
      const now = childProcesses(site.child.pid!);
      if (now.length === WORKERS && !now.includes(before[0]!)) break;
      expect(tries, 'a worker in the dead one\'s place').toBeLessThan(600);
      expect((await request(site.api)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await Promise.all(Array.from({ length: 4 * WORKERS }, (_, n) => create(`After the worker died ${n}`)));
    for (const { answer } of after) expect(answer?.status).toBe(201);

    const listed = await request(`${site.api}cms/v2/posts?context=edit&per_page=100&search=dying`, { headers: editor });
    const made = (listed.body as { id: number; title: { raw: string } }[]);
    for (const { title, answer } of answered) {
      const found = made.filter((post) => post.title.raw === title).map((post) => post.id);
      // Its answer cut (the worker died while committing): made at most once.
      if (answer === null) expect(found.length).toBeLessThanOrEqual(1);
      else if (answer.status === 201) expect(found).toEqual([answer.body.id]);
      else {
        expect(answer.status, title).toBe(503);
        expect(answer.body).toEqual({ code: 'service_unavailable', message: expect.any(String), data: { status: 503 } });
        expect(found, title).toEqual([]);
      }
    }
    // The dead worker had its share of the writes, paused before it could commit any.
    expect(answered.filter(({ answer }) => answer?.status === 503).length).toBeGreaterThan(0);
  });
});
