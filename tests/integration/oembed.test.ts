// oEmbed over HTTP: embed data and the embed view for this site's items (both
// deployments), and the proxy for other sites' URLs through a provider and a
// discoverable page served by a local server, with caching that outlives the network.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { addSiteProvider } from '../../server/namespaces/oembed/providers.ts';

interface LocalServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A provider endpoint at /oembed and a page at /page that links to it. */
async function startRemote(): Promise<LocalServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/oembed') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ version: '1.0', type: 'video', title: `Clip for ${url.searchParams.get('url')}`, html: '<iframe src="https://player.example/1"></iframe>', width: Number(url.searchParams.get('maxwidth')), height: 100 }));
    } else if (url.pathname === '/page') {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html><head><link rel="alternate" type="application/json+oembed" href="/oembed?url=${encodeURIComponent(`http://${req.headers.host}/page`)}"></head><body>Hi</body></html>`);
    } else if (url.pathname === '/plain') {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>No embed here</title>');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe.each(['a', 'b'] as const)('oEmbed of this site’s items (deployment %s)', (deployment) => {
  let site: TestSite;
  let post: { id: number; link: string };

  beforeAll(async () => {
    site = await startTestSite(deployment);
    post = (await site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Embed me', content: 'Words.', excerpt: 'Short summary', status: 'publish' } })).body;
  });
  afterAll(() => site.close());

  it('finds an item whose slug is percent-encoded, whether the address is encoded in upper or lower case or not at all', async () => {
    const cyrillic = (await site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Привет мир', status: 'publish' } })).body;
    expect(cyrillic.slug).toBe('%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80');
    const upper = cyrillic.link.replace(/%[0-9a-f]{2}/g, (octet: string) => octet.toUpperCase());
    const raw = decodeURI(cyrillic.link);
    for (const url of [cyrillic.link, upper, raw]) {
      const { status, body } = await site.api('oembed/1.0/embed', { query: { url } });
      expect(status, url).toBe(200);
      expect(body.title).toBe('Привет мир');
    }
  });

  it('answers with rich embed data whose iframe shows the item’s embed view', async () => {
    const { status, body } = await site.api('oembed/1.0/embed', { query: { url: post.link } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ version: '1.0', type: 'rich', title: 'Embed me', provider_name: 'My Site', provider_url: site.url, author_name: 'administrator1', width: 600, height: 338 });
    const src = /<iframe[^>]+src="([^"]+)"/.exec(body.html)![1].replace(/&amp;/g, '&');
    const view = await fetch(src);
    expect(view.status).toBe(200);
    expect(view.headers.get('x-frame-options')).toBeNull();
    const html = await view.text();
    expect(html).toContain('Embed me');
    expect(html).toContain('Short summary');
  });

  it('honours maxwidth and maxheight, and answers in XML when asked', async () => {
    const small = (await site.api('oembed/1.0/embed', { query: { url: post.link, maxwidth: 300, maxheight: 150 } })).body;
    expect([small.width, small.height]).toEqual([300, 150]);
    const xml = await site.api('oembed/1.0/embed', { query: { url: post.link, format: 'xml' } });
    expect(xml.headers.get('content-type')).toContain('text/xml');
    expect(xml.body).toContain('<type>rich</type>');
    expect(xml.body).toContain('<title>Embed me</title>');
  });

  it('finds items by their plain address too, and refuses unknown, unpublished and foreign URLs with 404', async () => {
    expect((await site.api('oembed/1.0/embed', { query: { url: `${site.url}/?p=${post.id}` } })).body.title).toBe('Embed me');
    const draft = (await site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Secret', status: 'draft' } })).body;
    for (const url of [`${site.url}/2001/01/01/nothing/`, `${site.url}/?p=${draft.id}`, 'https://example.com/x']) {
      const { status, body } = await site.api('oembed/1.0/embed', { query: { url } });
      expect(status).toBe(404);
      expect(body.code).toBe('oembed_invalid_url');
    }
    expect((await site.api('oembed/1.0/embed')).body.code).toBe('rest_missing_callback_param');
  });

  it('lists the routes with the spec’s arguments', async () => {
    const index = (await site.api('oembed/1.0')).body;
    expect(Object.keys(index.routes['/oembed/1.0/embed'].endpoints[0].args).sort()).toEqual(['format', 'maxwidth', 'url']);
    expect(Object.keys(index.routes['/oembed/1.0/proxy'].endpoints[0].args).sort()).toEqual(['discover', 'format', 'maxheight', 'maxwidth', 'url']);
  });
});

describe('the oEmbed proxy', () => {
  let site: TestSite;
  let remote: LocalServer;

  beforeAll(async () => {
    site = await startTestSite('a', { allowPrivateNetwork: true });
    remote = await startRemote();
    addSiteProvider(site.running.site.context.store, { pattern: `^${remote.url.replace(/\./g, '\\.')}/videos/`, endpoint: `${remote.url}/oembed` });
  });
  afterAll(async () => {
    await remote.close();
    await site.close();
  });

  it('is for people who write: 401 without credentials, 403 for subscribers', async () => {
    expect((await site.api('oembed/1.0/proxy', { query: { url: `${remote.url}/videos/1` } })).status).toBe(401);
    expect((await site.api('oembed/1.0/proxy', { as: 'subscriber', query: { url: `${remote.url}/videos/1` } })).status).toBe(403);
  });

  it('asks a configured provider, passing maxwidth, and answers in JSON or XML', async () => {
    const { status, body } = await site.api('oembed/1.0/proxy', { as: 'author', query: { url: `${remote.url}/videos/1`, maxwidth: 320 } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: 'video', title: `Clip for ${remote.url}/videos/1`, width: 320 });
    const xml = await site.api('oembed/1.0/proxy', { as: 'author', query: { url: `${remote.url}/videos/1`, maxwidth: 320, format: 'xml' } });
    expect(xml.body).toContain('<width>320</width>');
  });

  it('discovers the endpoint of a page that links to it, unless discovery is off', async () => {
    const found = await site.api('oembed/1.0/proxy', { as: 'editor', query: { url: `${remote.url}/page` } });
    expect(found.status).toBe(200);
    expect(found.body.title).toBe(`Clip for ${remote.url}/page`);
    const off = await site.api('oembed/1.0/proxy', { as: 'editor', query: { url: `${remote.url}/page`, discover: false, maxwidth: 500 } });
    expect(off.status).toBe(404);
    const none = await site.api('oembed/1.0/proxy', { as: 'editor', query: { url: `${remote.url}/plain` } });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('oembed_invalid_url');
  });

  it('keeps answering from its cache when the provider is gone', async () => {
    // A provider of its own, stopped here: the other tests (in any order) still ask theirs.
    const gone = await startRemote();
    addSiteProvider(site.running.site.context.store, { pattern: `^${gone.url.replace(/\./g, '\\.')}/videos/`, endpoint: `${gone.url}/oembed` });
    const url = `${gone.url}/videos/cached`;
    expect((await site.api('oembed/1.0/proxy', { as: 'author', query: { url } })).status).toBe(200);
    const asked = gone.requests.length;
    expect((await site.api('oembed/1.0/proxy', { as: 'author', query: { url } })).body.title).toBe(`Clip for ${url}`);
    expect(gone.requests.length).toBe(asked);
    await gone.close();
    const offline = await site.api('oembed/1.0/proxy', { as: 'author', query: { url } });
    expect(offline.status).toBe(200);
    expect(offline.body.title).toBe(`Clip for ${url}`);
    const never = await site.api('oembed/1.0/proxy', { as: 'author', query: { url: `${gone.url}/videos/never-seen` } });
    expect(never.status).toBe(502);
    expect(never.body.code).toBe('oembed_fetch_failed');
  });
});

describe('the oEmbed proxy on a site that keeps to the public network', () => {
  it('refuses loopback and private addresses', async () => {
    const site = await startTestSite('b');
    const remote = await startRemote();
    try {
      const { status, body } = await site.api('oembed/1.0/proxy', { as: 'administrator', query: { url: `${remote.url}/page` } });
      expect(status).toBe(400);
      expect(body.message).toContain('private');
      expect(remote.requests).toEqual([]);
    } finally {
      await remote.close();
      await site.close();
    }
  });
});
