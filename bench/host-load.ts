// The editor's heaviest everyday requests, sent from a process of their own so that the
// host process's event loop measures only the site's work. Driven by bench/host.ts over
// IPC: it announces each workload, waits for "go", runs it and reports the time.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

const [siteUrl, password, photoFile] = process.argv.slice(2);
const api = `${siteUrl}/cms-json`;
const auth = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
const json = { ...auth, 'content-type': 'application/json' };

async function call(route: string, init: RequestInit = {}): Promise<any> {
  const response = await fetch(`${api}/${route}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

function send(message: object): void {
  process.send!(message);
}

function nextGo(): Promise<void> {
  return new Promise((resolve) => process.once('message', () => resolve()));
}

async function main(): Promise<void> {
  const words = Array.from({ length: 10_000 }, (_, index) => ['garden', 'lantern', 'harbour', 'violin', 'meadow'][index % 5]);
  const longPost = await call('cms/v2/posts', { method: 'POST', headers: json, body: JSON.stringify({ title: 'Long draft', content: `<!-- wp:paragraph -->\n<p>${words.join(' ')}</p>\n<!-- /wp:paragraph -->`, status: 'draft' }) });
  const someIds = ((await call('cms/v2/posts?per_page=25&_fields=id')) as { id: number }[]).map((item) => item.id);
  const photo = fs.readFileSync(photoFile);

  const workloads: [string, () => Promise<void>][] = [
    ['posts list, 20 pages of ~100 (edit)', async () => {
      for (let page = 1; page <= 20; page++) await call(`cms/v2/posts?per_page=${80 + page}&context=edit`);
    }],
    ['search, 20 queries', async () => {
      for (let query = 0; query < 20; query++) await call(`cms/v2/posts?search=${['garden', 'orchard', 'violin', 'meadow'][query % 4]}&per_page=${10 + query}`);
    }],
    ['autosave of a 10,000-word post, 30 times', async () => {
      for (let save = 0; save < 30; save++) {
        await call(`cms/v2/posts/${longPost.id}/autosaves`, { method: 'POST', headers: json, body: JSON.stringify({ content: `${longPost.content.raw} ${save}` }) });
      }
    }],
    ['batch of 25 updates, 4 times', async () => {
      for (let round = 0; round < 4; round++) {
        const requests = someIds.map((id) => ({ method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: `Updated ${round}` } }));
        await call('batch/v1', { method: 'POST', headers: json, body: JSON.stringify({ requests }) });
      }
    }],
    ['12 MP photo upload with sub-sizes, 3 times', async () => {
      for (let upload = 0; upload < 3; upload++) {
        await call('cms/v2/media', { method: 'POST', headers: { 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="photo-${upload}.jpg"` }, body: new Uint8Array(photo) });
      }
    }],
  ];

  for (const [name, run] of workloads) {
    send({ phase: 'start', name });
    await nextGo();
    const started = performance.now();
    await run();
    send({ phase: 'end', name, ms: performance.now() - started });
  }
  send({ phase: 'finished' });
  process.disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
