// A connected WordPress's item previewed in WordPress's own look (its theme's page, Twenty
// Twenty-Three here), through the desktop app's private route as the editor asks for it:
// the writer's unsaved title and content in the theme's title and content places, the
// theme's stylesheets and fonts carried in the page; then, with WordPress stopped, the same
// preview from the copy saved on this computer, saying so and from when.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { remoteSitesDir } from '../../electron/app-paths.ts';
import { SiteError, type SiteClient } from '../../shared/site-client.ts';
import { desktopApi } from '../../shared/api-routes.ts';
import type { ConnectedSite, RemotePreview } from '../../shared/connected-sites.ts';
import { startWordPress, type RunningWordPress } from '../helpers/wordpress/wordpress.ts';
import { startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';

let wp: RunningWordPress;
let wpStopped = false;
let desktop: SignedInApp;
let app: SiteClient;
let dataDir: string;

beforeAll(async () => {
  // A WordPress of its own: the test stops it.
  wp = await startWordPress();
  desktop = await startSignedInApp();
  ({ app, dataDir } = desktop);
}, 120_000);

afterAll(async () => {
  await desktop?.close();
  if (!wpStopped) await wp?.stop();
});

const WRITTEN = {
  title: 'Notes on <tea> & "biscuits"',
  content: '<!-- wp:paragraph -->\n<p>Words typed a moment ago, <em>not saved yet</em>.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading -->\n<h2 class="wp-block-heading">A second part</h2>\n<!-- /wp:heading -->',
};

function byClass(html: string, name: string) {
  const document = parseDocument(html);
  return DomUtils.findOne((element) => (element.attribs.class ?? '').split(/\s+/).includes(name), document.children, true);
}

function expectDrawnInTheme(preview: RemotePreview): void {
  const document = parseDocument(preview.html);
  const title = byClass(preview.html, 'wp-block-post-title');
  expect(title && DomUtils.textContent(title)).toBe(WRITTEN.title);
  const content = byClass(preview.html, 'wp-block-post-content')!;
  expect(DomUtils.getInnerHTML(content)).toContain('<p>Words typed a moment ago, <em>not saved yet</em>.</p>');
  expect(DomUtils.getInnerHTML(content)).toContain('A second part');
  // The remote post's own words are gone; the page around them is the theme's.
  expect(preview.html).not.toContain('Welcome to WordPress');
  expect(DomUtils.textContent(DomUtils.findOne((element) => element.name === 'title', document.children, true)!)).toBe(WRITTEN.title);
  expect(byClass(preview.html, 'wp-site-blocks')).not.toBeNull();
  // Twenty Twenty-Three's fonts and styles are carried in the page, not fetched from WordPress.
  expect(preview.html).toMatch(/url\(data:font\/woff2;base64,/);
  expect(preview.html).toContain('--wp--preset--color--');
  expect(DomUtils.findAll((element) => element.name === 'script' || element.name === 'link', document.children)).toEqual([]);
  expect(preview.html).not.toContain(wp.url.replace('http://', '') + '/wp-content/themes');
}

describe('previewing an item of a connected WordPress', () => {
  // One story, in one test so that it runs in this order: online, then WordPress stopped (it
  // cannot be started again), then the saved look gone too.
  it('draws the unsaved title and content in WordPress’s own theme page; with WordPress stopped, from the copy saved on this computer, saying so and from when; and says plainly when there is no saved look either', async () => {
    const site: ConnectedSite = await app.post(desktopApi.sites(), { address: wp.url, login: wp.accounts.author.login, password: wp.accounts.author.appPassword });
    // A page is drawn in the look of the theme's pages (WordPress's "Sample Page").
    const page = await app.post(desktopApi.preview(site.id), { ...WRITTEN, collection: 'pages' });
    expect(page.source).toMatch(new RegExp(`^${wp.url}/.*(sample-page|\\?page_id=2)`));
    expectDrawnInTheme(page);
    const first: RemotePreview = await app.post(desktopApi.preview(site.id), WRITTEN);
    expect(first).toMatchObject({ cached: false, reason: null });
    expect(first.source).toMatch(new RegExp(`^${wp.url}/.*(hello-world|\\?p=1)`));
    expectDrawnInTheme(first);
    // The remote post's comments are not the previewed item's.
    expect(first.html).not.toContain('One response to');
    const files = fs.readdirSync(path.join(remoteSitesDir(dataDir), 'sites', site.id, 'look', 'files'));
    expect(files.length).toBeGreaterThan(0);

    // WordPress stopped: the copy saved on this computer.
    await wp.stop();
    wpStopped = true;
    const offline = await app.post(desktopApi.preview(site.id), { ...WRITTEN, content: WRITTEN.content.replace('a moment ago', 'offline') });
    expect(offline.cached).toBe(true);
    expect(offline.savedAt).toBe(first.savedAt);
    expect(offline.source).toBe(first.source);
    expect(offline.reason).toMatch(/refused the connection/);
    expect(offline.html).toContain('Words typed offline');
    expectDrawnInTheme({ ...offline, html: offline.html.replace('offline', 'a moment ago') });

    // And no saved look either.
    fs.rmSync(path.join(remoteSitesDir(dataDir), 'sites', site.id, 'look'), { recursive: true, force: true });
    const failure = await app.post(desktopApi.preview(site.id), WRITTEN).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SiteError);
    expect(failure).toMatchObject({ status: 502, code: 'inkwell_remote_unreachable' });
    expect((failure as Error).message).toMatch(/refused the connection.*No copy of .* look is saved on this computer yet/);
  });
});
