// docs/standalone-site.md's "Running the site on several machines", on loopback: two instances on one
// database with nginx in front (deploy/nginx-inkwell.conf). A write through either instance
// is seen at once through the proxy, whichever instance answers (their response caches and
// list memos are invalidated across instances), and the proxy keeps answering when one
// instance is killed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { getFrom, request } from '../helpers/http-request.ts';
import { startProxy, type Proxy } from '../helpers/nginx.ts';
import { freePort } from '../helpers/free-port.ts';

let instances: InstanceSet;
let a: SiteInstance;
let b: SiteInstance;
let proxy: Proxy;
let api: string;

beforeAll(async () => {
  instances = prepareInstances();
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const started = () => instances.start('--url', publicUrl, '--trusted-proxy', '127.0.0.1');
  [a, b] = await Promise.all([started(), started()]);
  proxy = await startProxy([a.port, b.port], proxyPort);
  api = `${proxy.url}/cms-json/`;
}, 90_000);
afterAll(async () => {
  await proxy?.stop();
  await instances?.close();
});

const titles = (posts: { title: { rendered: string } }[]) => posts.map((post) => post.title.rendered);

describe('two instances behind nginx', () => {
  it('serve the site at the public address, its links through the proxy', async () => {
    const index = await request(api);
    expect(index.status).toBe(200);
    expect(index.body.url).toBe(proxy.url);
    const created = await request(`${api}cms/v2/posts`, { method: 'POST', headers: { authorization: instances.editorAuth }, body: { title: 'Through the proxy', status: 'publish' } });
    expect(created.status).toBe(201);
    expect(created.body._links.self[0].href).toBe(`${api}cms/v2/posts/${created.body.id}`);
  });

  it('show a write made on one instance at once through the proxy, whichever instance answers', async () => {
    const headers = { authorization: instances.editorAuth };
    for (const [n, writer] of [a, b, a, b].entries()) {
      // Every instance has the list in its cache (nginx takes them in turn).
      for (let read = 0; read < 4; read++) expect((await request(`${api}cms/v2/posts`)).status).toBe(200);
      const title = `Written on ${writer === a ? 'a' : 'b'} (${n})`;
      const created = await request(`${writer.api}cms/v2/posts`, { method: 'POST', headers, body: { title, status: 'publish' } });
      expect(created.status).toBe(201);
      for (let read = 0; read < 4; read++) {
        expect(titles((await request(`${api}cms/v2/posts`)).body)[0], `read ${read} after write ${n}`).toBe(title);
        expect((await request(`${api}cms/v2/posts/${created.body.id}`)).body.title.rendered).toBe(title);
      }
      // An update too: the item's cached answer and the list's memo both follow.
      const edit = await request(`${(writer === a ? b : a).api}cms/v2/posts/${created.body.id}`, { method: 'POST', headers, body: { title: `${title}, edited` } });
      expect(edit.status).toBe(200);
      for (let read = 0; read < 4; read++) expect(titles((await request(`${api}cms/v2/posts`)).body)[0]).toBe(`${title}, edited`);
    }
  });

  it("limit each client by its own address, which nginx passes on and a client cannot make up", async () => {
    const wrong = { authorization: `Basic ${Buffer.from('editor:aaaa bbbb cccc dddd eeee ffff').toString('base64')}` };
    const me = `${api}cms/v2/users/me`;
    for (let n = 0; n < 10; n++) expect((await getFrom('127.0.0.2', me, { ...wrong, 'x-forwarded-for': `10.0.0.${n}` })).status).toBe(401);
    expect((await getFrom('127.0.0.2', me, { ...wrong, 'x-forwarded-for': '10.0.0.99' })).status).toBe(429);
    // Another client, through the same proxy, is not held back by the first one's tries.
    expect((await getFrom('127.0.0.3', me, wrong)).status).toBe(401);
  });

  it('show another instance\'s writes at once on pages deep into a list, whose order and rows each instance keeps', async () => {
    const headers = { authorization: instances.editorAuth };
    const category = await request(`${a.api}cms/v2/categories`, { method: 'POST', headers, body: { name: 'Deep pages' } });
    expect(category.status).toBe(201);
    for (let n = 0; n < 12; n++) {
      expect((await request(`${a.api}cms/v2/posts`, { method: 'POST', headers, body: { title: `Deep ${n}`, status: 'publish', categories: [category.body.id] } })).status).toBe(201);
    }
    const deep = `cms/v2/posts?categories=${category.body.id}&per_page=3`;
    // Each offset is a new address (no cached answer): b keeps the list's order from its second page on, and the rows it showed.
    const page = async (offset: number) => (await request(`${b.api}${deep}&offset=${offset}&_n=${Math.random()}`)).body as { id: number; title: { rendered: string }; categories: number[] }[];
    const before = await page(3);
    expect(titles(before)).toEqual(['Deep 8', 'Deep 7', 'Deep 6']);
    expect(titles(await page(6))).toEqual(['Deep 5', 'Deep 4', 'Deep 3']);

    // A new post first in the list, written on a: every later page moves down one on b.
    expect((await request(`${a.api}cms/v2/posts`, { method: 'POST', headers, body: { title: 'Deep new', status: 'publish', categories: [category.body.id] } })).status).toBe(201);
    expect(titles(await page(3))).toEqual(['Deep 9', 'Deep 8', 'Deep 7']);
    // An edit of a row b keeps, and its categories.
    const seventh = before[1];
    expect((await request(`${a.api}cms/v2/posts/${seventh.id}`, { method: 'POST', headers, body: { title: 'Deep 7, edited', categories: [category.body.id, 1] } })).status).toBe(200);
    const edited = (await page(3))[2];
    expect(edited.title.rendered).toBe('Deep 7, edited');
    expect(edited.categories.sort()).toEqual([1, category.body.id].sort());
    // A post deleted on a is gone from b's page.
    expect((await request(`${a.api}cms/v2/posts/${seventh.id}?force=true`, { method: 'DELETE', headers })).status).toBe(200);
    expect(titles(await page(3))).toEqual(['Deep 9', 'Deep 8', 'Deep 6']);
  });

  // Instances and a proxy of its own (each instance answers only its proxy's address): the other tests need a and b alive.
  it('keep answering through the proxy when one instance is killed', async () => {
    const port = await freePort();
    const started = () => instances.start('--url', `http://127.0.0.1:${port}`, '--trusted-proxy', '127.0.0.1');
    const [doomed, survivor] = await Promise.all([started(), started()]);
    const own = await startProxy([doomed.port, survivor.port], port);
    try {
      const ownApi = `${own.url}/cms-json/`;
      await instances.kill(doomed);
      for (let read = 0; read < 6; read++) expect((await request(`${ownApi}cms/v2/posts`)).status).toBe(200);
      const created = await request(`${ownApi}cms/v2/posts`, { method: 'POST', headers: { authorization: instances.editorAuth }, body: { title: 'After the kill', status: 'publish' } });
      expect(created.status).toBe(201);
    } finally {
      await own.stop();
    }
  }, 90_000);
});
