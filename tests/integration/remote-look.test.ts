// The remote's look taken from a hostile page: a remote that serves scripts in every form,
// a <base> pointing elsewhere, meta refresh, frames, objects, event handlers and javascript:
// links gets none of them into the preview, and the preview, shown as the editor shows it
// (a sandboxed srcdoc frame under the app's policy) in a real Chromium, sends the remote
// not one request. Also: a classic theme's markers, what is saved and fetched again.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { DomUtils, parseDocument } from 'htmlparser2';
import { previewInLook, type LookSite } from '../../electron/remote/look/remote-look.ts';
import { RENDERER_POLICY } from '../../electron/app-host.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';

const FONT = Buffer.from('d09GMgABAAAAAA', 'base64');
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every request the remote saw, by path. */
const seen: string[] = [];
let server: http.Server;
let origin = '';
let stylesheet = '/theme.css?ver=1';

function hostilePage(): string {
  return `<!doctype html><html><head>
<base href="${origin}/elsewhere/">
<meta http-equiv="refresh" content="0;url=${origin}/beacon/refresh">
<meta http-equiv="set-cookie" content="a=b">
<title>Hello world! – Remote</title>
<link rel="stylesheet" href="${stylesheet}" media="all">
<link rel="prefetch" href="/beacon/prefetch"><link rel="modulepreload" href="/beacon/module.js">
<script src="/beacon/script.js"></script><script>fetch('/beacon/inline')</script>
<style>.x{content:"</style><script>fetch('/beacon/style-breakout')</script>"}</style>
</head><body onload="fetch('/beacon/onload')" class="home">
<header class="site-header"><p class="site-title">Remote Blog</p></header>
<article class="post"><h1 class="entry-title"><a href="/hello-world/">Hello world!</a></h1>
<div class="entry-content"><p>Welcome to the remote.</p></div>
<div id="comments"><img src="/beacon/avatar.png"></div></article>
<aside style="background:url(/pixel.gif)"><img src="logo.gif" onerror="fetch('/beacon/onerror')" srcset="/beacon/2x.gif 2x"></aside>
<i class="icon" style="background:url('data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E')"></i><img class="inline" src="data:image/gif;base64,${PIXEL.toString('base64')}">
<a href="data:text/html,<script>fetch('/beacon/data')</script>">d</a>
<a href="javascript:fetch('/beacon/js')">a</a><a href=" JaVaScRiPt:fetch('/beacon/js2')">b</a>
<iframe src="/beacon/iframe"></iframe><iframe srcdoc="<script>fetch('/beacon/srcdoc')</script>"></iframe>
<object data="/beacon/object"></object><embed src="/beacon/embed">
<svg><script>fetch('/beacon/svg')</script><a xlink:href="javascript:fetch('/beacon/svg-link')"><text>t</text></a></svg>
<noscript><meta http-equiv="refresh" content="0;url=/beacon/noscript"></noscript>
<form action="/beacon/form"><button formaction="javascript:fetch('/beacon/formaction')">Go</button></form>
<template><script>fetch('/beacon/template')</script></template>
</body></html>`;
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    seen.push(url);
    const send = (type: string, body: string | Buffer) => response.writeHead(200, { 'content-type': type }).end(body);
    if (url.startsWith('/wp-json/wp/v2/posts')) return send('application/json', JSON.stringify([{ link: `${origin}/hello-world/` }]));
    if (url === '/hello-world/') return send('text/html; charset=UTF-8', hostilePage());
    if (url.startsWith('/theme.css')) return send('text/css', `@import url("imported.css") screen;\nbody{color:rgb(1, 2, 3)}\n@font-face{font-family:Remote;src:url(fonts/remote.woff2) format("woff2")}`);
    if (url === '/imported.css') return send('text/css', 'h1{letter-spacing:3px}');
    if (url === '/fonts/remote.woff2') return send('application/octet-stream', FONT);
    if (url === '/pixel.gif' || url === '/elsewhere/logo.gif') return send('image/gif', PIXEL);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'remote-look-'));
}

const site = (): LookSite => ({ name: 'Remote Blog', address: `${origin}/`, apiRoot: `${origin}/wp-json/`, contentNamespace: 'wp/v2' });
const ITEM = { title: 'Draft <one>', content: '<p id="mine">My own words.</p>', collection: 'posts' as const };

describe('the look of a hostile remote page', () => {
  it('keeps nothing that runs, redirects or re-bases, and the item in the classic theme’s places', async () => {
    const dir = tempDir();
    const preview = await previewInLook(dir, site(), ITEM);
    const document = parseDocument(preview.html);
    const elements = DomUtils.findAll(() => true, document.children);
    expect(elements.filter((element) => ['script', 'base', 'iframe', 'object', 'embed', 'noscript', 'template', 'link'].includes(element.name)).map((element) => element.name)).toEqual([]);
    // Only the preview's own policy is a meta http-equiv.
    expect(elements.filter((element) => element.attribs['http-equiv'] !== undefined).map((element) => element.attribs['http-equiv'])).toEqual(['Content-Security-Policy']);
    for (const element of elements) {
      for (const [name, value] of Object.entries(element.attribs)) {
        expect(name).not.toMatch(/^on|^srcdoc$|^srcset$/i);
        expect(value).not.toMatch(/javascript:/i);
      }
    }
    expect(preview.html).not.toContain('/beacon/');
    // Inline images (a theme's SVG icons in CSS, a data: image) stay as they are.
    expect(DomUtils.findOne((element) => element.attribs.class === 'icon', document.children, true)?.attribs.style).toMatch(/url\(data:image\/svg\+xml,%3Csvg\\? xmlns=%22http:\/\/www.w3.org\/2000\/svg%22\/%3E\)/);
    expect(DomUtils.findOne((element) => element.attribs.class === 'inline', document.children, true)?.attribs.src).toBe(`data:image/gif;base64,${PIXEL.toString('base64')}`);
    expect(DomUtils.textContent(DomUtils.findOne((element) => element.attribs.class === 'entry-title', document.children, true)!)).toBe('Draft <one>');
    expect(DomUtils.getInnerHTML(DomUtils.findOne((element) => element.attribs.class === 'entry-content', document.children, true)!)).toBe(ITEM.content);
    expect(preview.html).not.toContain('Welcome to the remote');
    // Stylesheets resolved against the page's <base>, as a browser would, and inlined with their imports and fonts.
    expect(preview.html).toContain('letter-spacing:3px');
    expect(preview.html).toContain('color:rgb(1,2,3)');
    expect(preview.html).toContain(`url(data:font/woff2;base64,${FONT.toString('base64')})`);
    expect(preview.html).toContain(`url(data:image/gif;base64,${PIXEL.toString('base64')})`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shown as the editor shows it, in Chromium, sends the remote no request and stays where it is', async () => {
    const dir = tempDir();
    const preview = await previewInLook(dir, site(), ITEM);
    seen.length = 0;
    // The editor's page: the app's policy, the preview in a frame with every sandbox flag on.
    const editor = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': RENDERER_POLICY });
      response.end(`<!doctype html><title>Editor</title><iframe sandbox="" title="Preview" srcdoc="${escapeHtml(preview.html)}" style="width:900px;height:700px"></iframe>`);
    });
    await new Promise<void>((resolve) => editor.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
      const editorUrl = `http://127.0.0.1:${(editor.address() as AddressInfo).port}/`;
      await page.goto(editorUrl);
      await page.waitForLoadState('networkidle');
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      expect(frame.url()).toBe('about:srcdoc');
      expect(await frame.locator('#mine').textContent()).toBe('My own words.');
      expect(await frame.locator('h1.entry-title').textContent()).toBe('Draft <one>');
      // The theme's imported stylesheet applies, from the saved copy.
      expect(await frame.locator('h1.entry-title').evaluate((element) => getComputedStyle(element).letterSpacing)).toBe('3px');
      expect(page.url()).toBe(editorUrl);
      expect(seen).toEqual([]);
      expect(requested.filter((url) => url.startsWith(origin))).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => editor.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the saved look', () => {
  it('is taken again at each preview with only new files fetched, and forgets the files a new look does not use', async () => {
    const dir = tempDir();
    await previewInLook(dir, site(), ITEM);
    const saved = fs.readdirSync(path.join(dir, 'files')).sort();
    seen.length = 0;
    const again = await previewInLook(dir, site(), ITEM);
    expect(again.cached).toBe(false);
    // The list and the page; the stylesheets, font and images come from the saved copy.
    expect(seen).toEqual(['/wp-json/wp/v2/posts?per_page=1&_fields=link', '/hello-world/']);
    stylesheet = '/theme.css?ver=2';
    try {
      await previewInLook(dir, site(), ITEM);
      const now = fs.readdirSync(path.join(dir, 'files')).sort();
      expect(now).toHaveLength(saved.length);
      expect(now).not.toEqual(saved);
    } finally {
      stylesheet = '/theme.css?ver=1';
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
