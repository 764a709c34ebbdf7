// Makes the real clipboard captures in tests/fixtures/clipboard (run by hand, not in CI; see
// the README there): LibreOffice Writer under Xvfb opens a .docx, selects all and copies, and
// xclip reads the clipboard's text/html; Chromium copies a post as a real WordPress renders
// it, read back through the page's clipboard, and a caption shortcode from a text area as
// WordPress's Text tab holds it. Needs Debian's libreoffice-writer, xvfb, xclip,
// xdotool and chromium, and the wordpress package the WordPress tests use.
//   npx tsx tests/helpers/clipboard-capture.ts [writer|wordpress|shortcode]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { startWordPress } from './wordpress/wordpress.ts';

const FIXTURES = path.resolve('tests', 'fixtures', 'clipboard');
const SOURCE = path.join(FIXTURES, 'source');

/** Polls `check` until it gives a value (every 200 ms, up to `seconds`). */
async function waitFor<T>(what: string, check: () => T | null, seconds = 60): Promise<T> {
  for (let tries = 0; tries < seconds * 5; tries += 1) {
    const value = check();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Gave up waiting for ${what}.`);
}

const quietly = (command: string, args: string[], env?: NodeJS.ProcessEnv) => {
  try {
    return execFileSync(command, args, { env, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  } catch {
    return null;
  }
};

/** A display no X server uses yet. */
function freeDisplay(): number {
  for (let display = 90; display < 200; display += 1) if (!fs.existsSync(`/tmp/.X11-unix/X${display}`) && !fs.existsSync(`/tmp/.X${display}-lock`)) return display;
  throw new Error('No free X display between :90 and :199.');
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  return ended;
}

/** The .docx LibreOffice writes from the HTML source (headings, lists, a table, a link, an embedded image, bold and italic). */
function writerDocument(work: string): string {
  const docx = path.join(SOURCE, 'writer-sample.docx');
  if (!fs.existsSync(docx)) {
    // A profile of its own: the headless converter may still hold its lock when Writer starts.
    execFileSync('soffice', [`-env:UserInstallation=file://${path.join(work, 'converter')}`, '--headless', '--infilter=HTML (StarWriter)', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', work, path.join(SOURCE, 'writer-sample.html')], { stdio: 'ignore' });
    fs.copyFileSync(path.join(work, 'writer-sample.docx'), docx);
  }
  return docx;
}

async function captureWriter(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'clipboard-writer-'));
  const profile = path.join(work, 'profile');
  // Writer opens a copy, so its lock file stays in the temp folder.
  const docx = path.join(work, 'writer-sample.docx');
  fs.copyFileSync(writerDocument(work), docx);
  const display = freeDisplay();
  const env = { ...process.env, DISPLAY: `:${display}` };
  const xvfb = spawn('Xvfb', [`:${display}`, '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], { detached: true, stdio: 'ignore' });
  let writer: ChildProcess | null = null;
  try {
    await waitFor('Xvfb', () => quietly('xdotool', ['getdisplaygeometry'], env));
    writer = spawn('soffice', [`-env:UserInstallation=file://${profile}`, '--norestore', '--nologo', '--nodefault', '--writer', docx], { env, detached: true, stdio: 'ignore' });
    const window = await waitFor('the Writer window', () => quietly('xdotool', ['search', '--name', 'writer-sample'], env)?.trim().split('\n')[0] || null, 120);
    // As a writer does: select all, copy.
    execFileSync('xdotool', ['windowfocus', '--sync', window], { env });
    execFileSync('xdotool', ['key', '--window', window, 'ctrl+a', 'ctrl+c'], { env });
    await waitFor('text/html on the clipboard', () => (quietly('xclip', ['-selection', 'clipboard', '-t', 'TARGETS', '-o'], env)?.includes('text/html') ? true : null));
    const read = (type: string) => execFileSync('xclip', ['-selection', 'clipboard', '-t', type, '-o'], { env }).toString();
    fs.writeFileSync(path.join(FIXTURES, 'libreoffice-writer.html'), read('text/html'));
    fs.writeFileSync(path.join(FIXTURES, 'libreoffice-writer.txt'), read('text/plain;charset=utf-8'));
  } finally {
    if (writer) await stop(writer);
    await stop(xvfb);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A post with what writers copy from the web: headings, lists, a table, a captioned image, a link, a quote. */
function postContent(image: { id: number; url: string }): string {
  const block = (name: string, html: string, attrs = '') => `<!-- wp:${name}${attrs} -->\n${html}\n<!-- /wp:${name} -->`;
  return [
    block('paragraph', '<p>Good tea needs <strong>fresh</strong> water and <em>patience</em>. The <a href="https://example.org/tea">tea guide</a> has more.</p>'),
    block('heading', '<h2 class="wp-block-heading">What you need</h2>'),
    block('list', '<ul class="wp-block-list"><!-- wp:list-item -->\n<li>A pot</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Loose <strong>leaves</strong></li>\n<!-- /wp:list-item --></ul>'),
    block('heading', '<h3 class="wp-block-heading">Steps</h3>', ' {"level":3}'),
    block('list', '<ol class="wp-block-list"><!-- wp:list-item -->\n<li>Boil the water</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Steep for three minutes</li>\n<!-- /wp:list-item --></ol>', ' {"ordered":true}'),
    block('image', `<figure class="wp-block-image size-full"><img src="${image.url}" alt="A pot of tea" class="wp-image-${image.id}"/><figcaption class="wp-element-caption">Steep for <em>three</em> minutes</figcaption></figure>`, ` {"id":${image.id},"sizeSlug":"full","linkDestination":"none"}`),
    block('table', '<figure class="wp-block-table"><table><thead><tr><th>Tea</th><th>Minutes</th></tr></thead><tbody><tr><td>Green</td><td>2</td></tr><tr><td>Black</td><td>4</td></tr></tbody></table><figcaption class="wp-element-caption">Steeping times</figcaption></figure>'),
    block('quote', '<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Tea is liquid wisdom.</p>\n<!-- /wp:paragraph --><cite>A proverb</cite></blockquote>'),
  ].join('\n\n');
}

async function captureWordPress(): Promise<void> {
  const wordpress = await startWordPress();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const admin = wordpress.accounts.administrator;
    const headers = { authorization: `Basic ${Buffer.from(`${admin.login}:${admin.appPassword}`).toString('base64')}` };
    const png = fs.readFileSync(path.join(SOURCE, 'tea.png'));
    const media = (await (await fetch(`${wordpress.apiRoot}wp/v2/media`, { method: 'POST', headers: { ...headers, 'content-type': 'image/png', 'content-disposition': 'attachment; filename="tea.png"' }, body: png })).json()) as { id: number; source_url: string };
    const post = (await (await fetch(`${wordpress.apiRoot}wp/v2/posts`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'How to brew tea', status: 'publish', content: postContent({ id: media.id, url: media.source_url }) }) })).json()) as { link: string };
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(wordpress.url).origin });
    const page = await context.newPage();
    await page.goto(post.link);
    // As a reader does: select the post's text, copy.
    await page.evaluate(() => {
      const content = document.querySelector('.wp-block-post-content, .entry-content');
      if (!content) throw new Error('No post content on the page.');
      const range = document.createRange();
      range.selectNodeContents(content);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
    });
    await page.keyboard.press('Control+c');
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { html: await (await item.getType('text/html')).text(), text: await (await item.getType('text/plain')).text() };
    });
    fs.writeFileSync(path.join(FIXTURES, 'chromium-wordpress-post.html'), copied.html);
    fs.writeFileSync(path.join(FIXTURES, 'chromium-wordpress-post.txt'), copied.text);
  } finally {
    await browser.close();
    await wordpress.stop();
  }
}

/** A caption shortcode as WordPress's classic editor wrote it (the theme unit test's form), in its Text tab's text area. */
const TEXT_TAB = `<!doctype html><meta charset="utf-8"><textarea class="wp-editor-area" rows="8" cols="80">Words before.

[caption id="attachment_906" align="aligncenter" width="580"]&lt;a href="https://example.com/tea-large.png"&gt;&lt;img class="size-full wp-image-906" title="A pot of tea" alt="A pot of tea" src="https://example.com/tea.png" width="580" height="300" /&gt;&lt;/a&gt; Steep for &lt;em&gt;three&lt;/em&gt; minutes[/caption]

Words after.</textarea>`;

async function captureShortcode(): Promise<void> {
  // (The clipboard is read on a secure origin: the page is served on the loopback.)
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(TEXT_TAB));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await context.newPage();
    await page.goto(origin);
    // As a writer does in the Text tab: select the text area's text, copy.
    await page.focus('textarea');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+c');
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { types: item.types, text: await (await item.getType('text/plain')).text() };
    });
    if (copied.types.includes('text/html')) throw new Error('A text area copied HTML: expected plain text alone.');
    fs.writeFileSync(path.join(FIXTURES, 'chromium-text-tab-caption.txt'), copied.text);
  } finally {
    await browser.close();
    server.close();
  }
}

const which = process.argv[2];
if (which === 'shortcode') await captureShortcode();
else {
  if (which !== 'wordpress') await captureWriter();
  if (which !== 'writer') await captureWordPress();
}
