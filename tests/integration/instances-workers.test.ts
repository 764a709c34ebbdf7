// The site served with `--workers` (worker processes, each with its own database connection,
// behind a front process that keeps the API index): a client sees what one process serves.
// An upload streams through whole, and one refused is refused before its body; a write is seen
// at once by every worker; the index the front keeps shows a change of the settings at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { solidImage } from '../helpers/images.ts';

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
});
