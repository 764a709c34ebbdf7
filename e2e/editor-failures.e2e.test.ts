// Failures a writer meets in the editor, in Chromium (issue 29), each said in plain words with
// what to do next, never as the machine said it: an embed whose site cannot be reached (a link
// card, the block kept as written), an image whose media item is not in this library (the image
// kept), a save while the site is offline or busy.
import { expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { MediaItem } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';

const app = appForFile();

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const EMBED = `<!-- wp:embed {"url":"${VIDEO}","type":"video","providerNameSlug":"youtube","responsive":true,"className":"wp-embed-aspect-16-9 wp-has-aspect-ratio"} -->
<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube wp-embed-aspect-16-9 wp-has-aspect-ratio"><div class="wp-block-embed__wrapper">
${VIDEO}
</div></figure>
<!-- /wp:embed -->`;
/** What only a machine says: error codes, host-name lookups, stacks, status numbers. */
const MACHINE = /getaddrinfo|ENOTFOUND|\b[a-z]+_[a-z_]+\b|Invalid post ID|Failed to fetch|\b50\d\b|\bat \S+ \(/;

/** The site's answer for a request `matching`, with every other request let through. */
async function answer(page: Page, matching: (url: URL, method: string) => boolean, reply: (route: Route) => Promise<void>): Promise<() => Promise<void>> {
  const handler = (route: Route) => (matching(new URL(route.request().url()), route.request().method()) ? reply(route) : route.fallback());
  await page.route('**/*', handler);
  return () => page.unroute('**/*', handler);
}

const siteError = (status: number, code: string, message: string, headers: Record<string, string> = {}) => (route: Route) =>
  route.fulfill({ status, headers, contentType: 'application/json', body: JSON.stringify({ code, message, data: { status } }) });

it('shows an embed whose site cannot be reached as a link card with its address, keeps the block as written, and shows the preview once it can be reached', async () => {
  const { page } = app;
  const isProxy = (url: URL) => url.href.includes('oembed/1.0/proxy');
  const restore = await answer(page, isProxy, siteError(502, 'oembed_fetch_failed', 'The embed could not be fetched: getaddrinfo ENOTFOUND www.youtube.com'));
  const { id } = await app.openPost({ title: 'Offline embed', content: `${paragraph('Watch this.')}\n\n${EMBED}` });
  const card = page.getByRole('textbox', { name: 'Content' }).locator('.embed-link-card');
  await card.waitFor();
  const text = (await card.textContent()) ?? '';
  expect(text).toContain(VIDEO);
  expect(text).toContain('No preview. Its address could not be reached (offline, or its site is down). It is kept as an embed, and shows as the player on the site once its address can be reached.');
  expect(text).not.toMatch(MACHINE);
  expect(await card.getByRole('link', { name: VIDEO }).getAttribute('href')).toBe(VIDEO);
  await app.snap('editor-embed-offline');
  // Writing on: the embed is saved exactly as it was.
  await page.getByRole('textbox', { name: 'Content' }).getByText('Watch this.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Now.');
  expect((await app.savedPost(id)).content.raw).toBe(`${paragraph('Watch this. Now.')}\n\n${EMBED}`);
  // Back online: Try again shows the preview.
  await restore();
  const online = await answer(page, isProxy, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ type: 'video', version: '1.0', title: 'A song', provider_name: 'YouTube', html: '<iframe></iframe>' }) }));
  await card.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('textbox', { name: 'Content' }).locator('.embed-preview').getByText('A song').waitFor();
  expect(await card.count()).toBe(0);
  await online();
});

it('says an image’s media item is not in this library (a synced post’s image) and keeps the image', async () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const media = (await app.api.request<MediaItem>('POST', 'cms/v2/media', { body: new Blob([png], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="far.png"' } })).body;
  // The id of the item on the site the post came from: not an item here.
  const elsewhere = media.id + 1000;
  const image = `<!-- wp:image {"id":${elsewhere},"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="${media.source_url}" alt="Far away" class="wp-image-${elsewhere}"/></figure>\n<!-- /wp:image -->`;
  const { id } = await app.openPost({ title: 'Synced image', content: `${paragraph('From the other site.')}\n\n${image}` });
  const { page } = app;
  await page.getByRole('textbox', { name: 'Content' }).locator('img[alt="Far away"]').click();
  const said = page.getByRole('group', { name: 'Image settings' }).getByRole('status');
  await said.waitFor();
  const text = (await said.textContent()) ?? '';
  expect(text).toBe('This image’s media item is not in this site’s library (it belongs to another site, or was deleted), so its sizes, media links and editing are not offered. The image stays as it is; choose Replace… to use one from this library.');
  expect(text).not.toMatch(MACHINE);
  await app.snap('editor-image-elsewhere');
  expect(await page.getByRole('textbox', { name: 'Content' }).locator('img[alt="Far away"]').count()).toBe(1);
  expect((await app.savedPost(id)).content.raw).toBe(`${paragraph('From the other site.')}\n\n${image}`);
});

it('says in words why a save failed (offline, busy with Retry-After, disk full) and saves once the site answers again', async () => {
  const { id } = await app.openPost({ title: 'Saving', content: paragraph('First words.') });
  const { page } = app;
  const isSave = (url: URL, method: string) => method === 'POST' && new RegExp(`cms/v2/posts/${id}(\\?|$)`).test(url.href);
  const cases: [string, (route: Route) => Promise<void>, string][] = [
    ['offline', (route) => route.abort('internetdisconnected'), 'The site could not be reached. Check your connection and that the site is running, then try again.'],
    // A busy proxy in front of the site: no words of its own, a wait.
    ['busy', (route) => route.fulfill({ status: 503, headers: { 'retry-after': '5' }, contentType: 'text/html', body: '<h1>503 Service Unavailable</h1>' }), 'The site is busy just now; nothing was changed. Try again in 5 seconds.'],
    ['disk full', siteError(507, 'insufficient_storage', 'The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.', { 'retry-after': '60' }),
      'The site’s disk is full, so nothing was saved. Ask the site’s operator to free some space, then try again.'],
  ];
  const content = page.getByRole('textbox', { name: 'Content' });
  for (const [name, reply, words] of cases) {
    const restore = await answer(page, isSave, reply);
    await content.getByText('First words.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(` ${name}`);
    await page.keyboard.press('Control+s');
    const notice = page.getByRole('alert').filter({ hasText: words });
    await notice.waitFor();
    expect((await notice.textContent()) ?? '').not.toMatch(MACHINE);
    expect(await notice.textContent()).toContain(`${words} Your changes are kept on this computer until the site has them.`);
    if (name === 'busy') await app.snap('editor-save-busy');
    await restore();
  }
  expect((await app.savedPost(id)).content.raw).toBe(paragraph('First words. offline busy disk full'));
});

it('says in words why a preview could not be shown (the site failing, or offline)', async () => {
  const { page } = app;
  const { id } = await app.openPost({ title: 'Previewed', content: paragraph('To be seen.') });
  const isPreview = (url: URL, method: string) => method === 'GET' && url.searchParams.get('p') === String(id) && url.searchParams.has('preview');
  const cases: [(route: Route) => Promise<void>, string][] = [
    [(route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<pre>TypeError: x is undefined\n    at render (/srv/pages.ts:1:1)</pre>' }), 'The site ran into a problem of its own. Try again; if it happens again, the site’s log says why.'],
    [(route) => route.abort('internetdisconnected'), 'The site could not be reached. Check your connection and that the site is running, then try again.'],
  ];
  for (const [reply, words] of cases) {
    const restore = await answer(page, isPreview, reply);
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    const notice = dialog.getByRole('alert').filter({ hasText: words });
    await notice.waitFor();
    expect((await notice.textContent()) ?? '').not.toMatch(MACHINE);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await restore();
  }
});
