// A connected site whose classic theme declares its own gradients and forbids custom ones (issue
// 29): the block toolbar offers the theme's gradients alone (a classic theme's presets leave
// WordPress's default ones out) and no custom-gradient picker, as the block editor does there; a
// gradient chosen shows as the site shows it and is saved as the block editor saves it
// (validateBlock on every block). The remote is this project's test site answering its themes
// route as WordPress 6.1 answers it for such a theme (what a classic theme declares is read from
// there: shared/site-palette.ts).
import type { Server } from 'node:http';
import { beforeAll, expect, it } from 'vitest';
import type { ActiveTheme, Post } from '../shared/site-types.ts';
import { SiteClient } from '../shared/site-client.ts';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';

const app = appForFile({ blockEditor: true });
const remote = forFile(() => startTestSite('a'), (site) => site.close());

const SUNRISE = 'linear-gradient(135deg,rgb(255,200,0) 0%,rgb(255,80,0) 100%)';
/** The active theme as WordPress 6.1 lists it: a classic theme (no screenshot, so no theme.json read) with `editor-gradient-presets` and `disable-custom-gradients`. */
const CLASSIC_THEME: ActiveTheme = {
  stylesheet: 'classic-dawn', template: 'classic-dawn', screenshot: '',
  theme_supports: { 'editor-gradient-presets': [{ name: 'Sunrise', slug: 'sunrise', gradient: SUNRISE }, { name: 'Dusk', slug: 'dusk', gradient: 'linear-gradient(0deg,rgb(20,20,60) 0%,rgb(120,40,90) 100%)' }], 'disable-custom-gradients': true },
};

/** The remote's server answering its themes route with the classic theme, everything else as it does. */
function withClassicTheme(server: Server): void {
  const serves = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://remote');
    if (request.method === 'GET' && url.pathname.endsWith('/themes') && url.searchParams.get('status') === 'active') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([CLASSIC_THEME]));
      return;
    }
    for (const serve of serves) serve.call(server, request, response);
  });
}

interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: unknown[]): unknown;
  serialize(blocks: unknown[]): string;
}

let copy: SiteClient;
let remoteName: string;

beforeAll(async () => {
  withClassicTheme(remote.running.server);
  remoteName = (await remote.api('')).body.name;
  const site = await app.host.sites.connect(remote.url, { login: remote.users.editor.login, password: remote.users.editor.appPassword });
  const session = app.host.sites.copySession(site.id);
  copy = new SiteClient(session.apiRoot, session.credentials);
}, 120_000);

it("offers a classic theme's gradients alone and no custom gradient where the theme forbids it, and saves the one chosen as the block editor saves it", async () => {
  const wp = blockEditor() as unknown as Wp;
  const words = (attributes: Record<string, unknown> = {}) => wp.serialize([wp.createBlock('core/paragraph', { content: 'Words at dawn.', ...attributes })]);
  const post = await copy.post<Post>('cms/v2/posts', { title: 'Classic gradients', content: words(), status: 'draft' });
  const { page } = app;
  await page.reload();
  await page.getByLabel('Writing for').selectOption({ label: remoteName });
  // The connected site's list, the post in it: any row might still be this computer's list, whose
  // switch then took the window back to a list after the post was opened (ci86).
  await page.getByRole('row').filter({ hasText: 'Classic gradients' }).first().waitFor();
  await page.evaluate((hash) => { window.location.hash = hash; }, `/posts/${post.id}`);
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.getByText('Words at dawn.').click();
  const toolbar = page.getByRole('toolbar', { name: 'Block' });
  const colours = toolbar.locator('summary', { hasText: 'Paragraph colours' });
  if (!(await colours.isVisible())) await toolbar.getByRole('button', { name: 'Options' }).click();
  await colours.click();
  const background = toolbar.getByLabel('Background', { exact: true });
  // The theme's answer comes after the menu may open: wait for its gradients, then read what is offered.
  await expect.poll(() => background.locator('optgroup').evaluateAll((groups) => groups.map((group) => group.getAttribute('label')))).toEqual(['Theme gradients']);
  expect(await background.locator('optgroup[label="Theme gradients"] option').allTextContents()).toEqual(['Sunrise', 'Dusk']);
  expect(await background.locator('option', { hasText: 'Luminous dusk' }).count()).toBe(0);
  expect(await toolbar.getByRole('button', { name: 'Custom gradient' }).count()).toBe(0);
  await app.snap('classic-theme-gradients');
  await background.selectOption({ label: 'Sunrise' });
  // Shown as the site shows the theme's preset.
  await expect.poll(() => content.getByText('Words at dawn.').evaluate((element) => getComputedStyle(element).backgroundImage)).toBe('linear-gradient(135deg, rgb(255, 200, 0) 0%, rgb(255, 80, 0) 100%)');
  await app.save();
  const saved = (await copy.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw ?? '';
  expect(strictlyInvalid(saved)).toEqual([]);
  expect(saved).toBe(words({ gradient: 'sunrise' }));
});
