// The look of a hostile theme loads nothing: a page of the hostile WordPress double that names
// files in every way HTML, SVG and CSS can (posters, SVG images and sprites, image inputs,
// image-set(), fonts, cursors, imports, custom properties, escaped url(), animations that set
// an address, attribute selectors over the writer's draft), some on another origin. Taking the
// look never asks the other origin; the template keeps no address but inline data; and shown
// as the editor shows it, in a real Chromium, the preview sends neither double one request,
// not even for what the writer's own draft names.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import * as csstree from 'css-tree';
import { DomUtils, parseDocument } from 'htmlparser2';
import { previewInLook, PREVIEW_POLICY, type LookSite } from '../../electron/remote/look/remote-look.ts';
import { RENDERER_POLICY } from '../../electron/app-host.ts';
import { escapeHtml } from '../../shared/html-escape.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { serveHostileRemote, type HostileRemote } from '../helpers/hostile-remote.ts';
import { serverKeeper } from '../helpers/remote-stand-in.ts';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const keep = serverKeeper();
let site: HostileRemote;
let other: HostileRemote;

/** CSS that asks for something in each way CSS can, some of it only when a selector matches the draft. */
function hostileCss(elsewhere: string): string {
  return `@import url(/beacon/import.css);
@import "${elsewhere}/beacon/import-elsewhere.css";
@font-face{font-family:Leak;src:url(/beacon/font.woff2) format("woff2"),url(${elsewhere}/beacon/font-elsewhere.woff2)}
body{cursor:url(/beacon/cursor.cur),auto;background:image-set("/beacon/set.png" 1x,"${elsewhere}/beacon/set-elsewhere.png" 2x)}
.logo{background:-webkit-image-set(url(/beacon/webkit-set.png) 1x);--leak:url(/beacon/custom-property.png);list-style:url(/beacon/list.png);border-image:url(/beacon/border.png) 30}
.brand{background:var(--leak);mask:url(/beacon/mask.svg#m);content:url(/beacon/content.png);background:u\\72l(/beacon/escaped.png)}
a[href^="https://secret.example"]{background:url(/beacon/selector-leak-href)}
#mine[data-draft*="unpublished"]{background-image:url(${elsewhere}/beacon/selector-leak-attribute)}
p:has(a[href*="secret"]){border-image-source:url(/beacon/selector-leak-has)}
@media (min-width:1px){.x{background:url(/beacon/media.png)}}
.y{background:image-set("/beacon/set.png" 1x)}`;
}

function hostileTheme(elsewhere: string): string {
  return `<!doctype html><html manifest="/beacon/manifest"><head><title>Hostile</title>
<link rel="stylesheet" href="/theme.css"><link rel="stylesheet" href="${elsewhere}/beacon/theme-elsewhere.css">
<link rel="preload" as="image" href="/beacon/preload.png"><link rel="icon" href="/beacon/icon.png"><link rel="prefetch" href="/beacon/prefetch">
<style>${hostileCss(elsewhere)}</style></head>
<body background="/beacon/body-background.gif">
<article class="post"><h1 class="entry-title">Theirs</h1><div class="entry-content"><p>Theirs.</p></div></article>
<img src="/beacon/img.gif" srcset="/beacon/img-2x.gif 2x" lowsrc="/beacon/lowsrc.gif"><img src="${elsewhere}/beacon/img-elsewhere.gif">
<picture><source srcset="/beacon/picture.webp"><img src="/beacon/picture-img.gif"></picture>
<video poster="/beacon/poster.gif" src="/beacon/video.mp4"><source src="/beacon/source.mp4"><track src="/beacon/track.vtt"></video>
<video poster="${elsewhere}/beacon/poster-elsewhere.gif"></video><audio src="/beacon/audio.mp3"></audio>
<input type="image" src="/beacon/input.gif"><table background="/beacon/table.gif"><tr><td background="${elsewhere}/beacon/td.gif">t</td></tr></table>
<svg><image href="/beacon/svg-image.gif"></image><image xlink:href="${elsewhere}/beacon/svg-image-elsewhere.gif"></image>
<use href="/beacon/sprite.svg#icon"></use><filter><feImage href="/beacon/feimage.gif"></feImage></filter>
<rect fill="url(/beacon/fill.svg#g)"></rect><image><set attributeName="href" to="/beacon/set-animation.gif"></set></image>
<style>@import url(/beacon/svg-style-import.css);</style></svg>
<div class="logo brand" style="background:url(/beacon/inline-style.gif);cursor:url(${elsewhere}/beacon/inline-cursor.cur),auto">x</div>
<a href="/beacon/link" ping="/beacon/ping">link</a><blockquote cite="/beacon/cite">q</blockquote>
<object data="/beacon/object"></object><embed src="/beacon/embed"><iframe src="/beacon/iframe"></iframe>
</body></html>`;
}

/**
 * The writer's draft: the kind of thing the theme's selectors look for, and images of its own:
 * one on the remote, one at `witness`, an address the editor's own policy allows (only the
 * preview's policy stops it).
 */
const draft = (witness = 'https://secret.example/photo.jpg') => ({
  title: 'My unpublished draft',
  content: `<p id="mine" data-draft="unpublished words">Mine, with <a href="https://secret.example/plan">a secret link</a> and <img src="${site.url}/beacon/draft-photo.gif"><img src="${witness}"></p>`,
  collection: 'posts' as const,
});

beforeAll(async () => {
  other = await serveHostileRemote();
  await keep(Promise.resolve(other));
  site = await serveHostileRemote({ themePage: () => hostileTheme(other.url) });
  await keep(Promise.resolve(site));
  site.behaviour.files['/theme.css'] = { type: 'text/css', body: `h1{letter-spacing:3px}\n${hostileCss(other.url)}` };
  // Every beacon answers: an image where one is asked (inlined then, not fetched by the preview), CSS for the imports.
  for (const name of ['img.gif', 'poster.gif', 'input.gif', 'svg-image.gif', 'feimage.gif', 'table.gif', 'body-background.gif', 'inline-style.gif', 'set.png', 'webkit-set.png', 'list.png', 'border.png', 'content.png', 'media.png', 'cursor.cur', 'selector-leak-href', 'picture-img.gif']) {
    site.behaviour.files[`/beacon/${name}`] = { type: 'image/gif', body: PIXEL };
  }
  for (const name of ['import.css', 'svg-style-import.css']) site.behaviour.files[`/beacon/${name}`] = { type: 'text/css', body: `.imported{background:url(/beacon/imported-image.gif);cursor:url(${other.url}/beacon/imported-elsewhere.cur),auto}` };
  // A font served as a page: not a font, so it is dropped rather than kept.
  site.behaviour.files['/beacon/font.woff2'] = { type: 'text/html', body: '<p>not a font</p>' };
});

const lookSite = (): LookSite => ({ name: 'Hostile Blog', address: `${site.url}/`, apiRoot: `${site.url}/wp-json/`, contentNamespace: 'wp/v2' });
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-look-hostile-'));
  dirs.push(dir);
  return dir;
}

/** Every address the page's CSS still names: url() values, and strings of the functions that load them. */
function cssAddresses(css: string, declarations: boolean): string[] {
  const found: string[] = [];
  csstree.walk(csstree.parse(css, { context: declarations ? 'declarationList' : 'stylesheet', parseCustomProperty: true }), (node) => {
    if (node.type === 'Url') found.push(node.value);
    if (node.type === 'Raw') found.push(`unparsed: ${node.value}`);
    if (node.type === 'Function' && /image-set|^src$/i.test(node.name)) node.children.forEach((child) => void (child.type === 'String' && found.push(child.value)));
  });
  return found;
}

describe('the page the look is taken from', () => {
  it('is on the site’s own origin: a published item’s link to another origin (another local port here) is not followed', async () => {
    const elsewhere = await serveHostileRemote();
    await keep(Promise.resolve(elsewhere));
    const pointing = await serveHostileRemote({ postLink: `${elsewhere.url}/hello-world/` });
    await keep(Promise.resolve(pointing));
    const site = { name: 'Pointing', address: `${pointing.url}/`, apiRoot: `${pointing.url}/wp-json/`, contentNamespace: 'wp/v2' as const };
    // The site's home page is taken instead (this double's has no content area, so no look).
    await expect(previewInLook(tempDir(), site, draft())).rejects.toThrow(/127\.0\.0\.1:\d+'s page could not be used as its look/);
    expect(pointing.seen.map((request) => request.path.replace(/\?.*/, ''))).toEqual(['/wp-json/wp/v2/posts', '/wp-json/wp/v2/pages', '/']);
    expect(elsewhere.seen).toEqual([]);
  });
});

describe('the look of a theme that asks for files every way it can', () => {
  it('is taken without asking another origin, and keeps no address but inline data', async () => {
    const preview = await previewInLook(tempDir(), lookSite(), draft());
    expect(other.seen).toEqual([]);
    const document = parseDocument(preview.html);
    const elements = DomUtils.findAll(() => true, document.children);
    const kept: string[] = [];
    for (const element of elements) {
      for (const [name, value] of Object.entries(element.attribs)) {
        if (name === 'style') kept.push(...cssAddresses(value, true));
        else if (/^(href|src|srcset|poster|data|xlink:href|background|lowsrc|ping|cite|manifest|action|formaction)$/.test(name) || /url\(/i.test(value)) kept.push(value);
      }
      if (element.name === 'style') kept.push(...cssAddresses(DomUtils.textContent(element), false));
    }
    // The draft's own link and image are the writer's; everything else is inline data.
    const writers = ['https://secret.example/plan', `${site.url}/beacon/draft-photo.gif`, 'https://secret.example/photo.jpg'];
    expect(kept.filter((value) => !/^data:/.test(value) && !writers.includes(value))).toEqual([]);
    // Images the theme shows are kept as data (the pixel), in each kind of place.
    expect(preview.html).toContain(`poster="data:image/gif;base64,${PIXEL.toString('base64')}"`);
    expect(DomUtils.findOne((element) => element.name === 'input', document.children, true)?.attribs.src).toMatch(/^data:image\/gif/);
    expect(DomUtils.findOne((element) => element.name === 'image' && element.attribs.href !== undefined, document.children, true)?.attribs.href).toMatch(/^data:image\/gif/);
    expect(preview.html).toMatch(/image-set\("data:image\/gif;base64,[^"]+"\s*1x\)/);
    // The policy comes first, before anything it governs.
    expect(preview.html.startsWith(`<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">`)).toBe(true);
  });

  it('shown as the editor shows it, in Chromium, sends no request anywhere, whatever the theme’s selectors find in the draft', async () => {
    let shown = '';
    const askedOfEditor: string[] = [];
    const editor = http.createServer((request, response) => {
      if (request.url === '/favicon.ico') return void response.writeHead(404).end(); // the editor page's own
      if (request.url !== '/') {
        askedOfEditor.push(request.url ?? '');
        return void response.writeHead(200, { 'content-type': 'image/gif' }).end(PIXEL);
      }
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': RENDERER_POLICY });
      response.end(`<!doctype html><title>Editor</title><iframe sandbox="" title="Preview" srcdoc="${escapeHtml(shown)}" style="width:900px;height:700px"></iframe>`);
    });
    await new Promise<void>((resolve) => editor.listen(0, '127.0.0.1', resolve));
    const editorUrl = `http://127.0.0.1:${(editor.address() as AddressInfo).port}/`;
    shown = (await previewInLook(tempDir(), lookSite(), draft(`${editorUrl}draft-witness.gif`))).html;
    site.seen.length = 0;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => void (request.url() !== editorUrl && requested.push(request.url())));
      // Chromium may report a request its Content-Security-Policy then stops before it leaves the
      // browser (the servers above see none): only those that were not stopped count as sent.
      const stopped: string[] = [];
      page.on('requestfailed', (request) => void (/csp/i.test(request.failure()?.errorText ?? '') && stopped.push(request.url())));
      page.setDefaultTimeout(5000);
      await page.goto(editorUrl);
      await page.waitForLoadState('networkidle');
      const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
      expect(await frame.locator('#mine').textContent()).toContain('Mine, with a secret link');
      expect(await frame.locator('h1.entry-title').textContent()).toBe(draft().title);
      // The theme still applies (from inline copies): its stylesheet's heading spacing.
      expect(await frame.locator('h1.entry-title').evaluate((element) => getComputedStyle(element).letterSpacing)).toBe('3px');
      // Hovering and clicking what the theme left (its links are inert) asks nothing either.
      await frame.locator('a:not([href])', { hasText: 'link' }).click();
      await frame.locator('#mine').hover();
      await page.waitForLoadState('networkidle');
      expect(site.seen).toEqual([]);
      expect(other.seen).toEqual([]);
      expect(askedOfEditor).toEqual([]);
      await expect.poll(() => requested.filter((url) => !url.startsWith('data:') && !stopped.includes(url))).toEqual([]);
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => editor.close(() => resolve()));
    }
  });
});
