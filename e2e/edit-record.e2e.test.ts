// The editor's one edit record, tried as a writer would break it in Chromium against the real
// app (issue 25): every field the editor can change, left in every way there is after the
// pauses that matter, is on the site, in its autosave, or offered back; new posts written
// while the site refuses saves each keep their own words; an offer typed over stays
// recoverable, the bar's "Recovered" (with their count) shown only where versions are kept; Save with nothing changed sends nothing; "Use the other version" then Undo
// cannot bring the thrown-away words back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Post, Revision } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { appUrl, controlTime, openItem, pause, waysOfLeaving, watchPage, writeForThisComputer } from './leaving.ts';
import { AUTOSAVE_DELAY_MS } from '../renderer/editor/post-saver.ts';

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());
let remoteName: string;
const made = { category: 0, tag: 0, media: 0, parentPage: 0 };

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  remoteName = (await remote.api('')).body.name;
  await app.host.sites.connect(remote.url, { login: remote.users.editor.login, password: remote.users.editor.appPassword });
  await watchPage(app.page);
  await controlTime(app.page);
  await app.page.reload();
  made.category = (await app.api.post<{ id: number }>('cms/v2/categories', { name: 'Matrix category' })).id;
  made.tag = (await app.api.post<{ id: number }>('cms/v2/tags', { name: 'matrix-tag' })).id;
  const media = await app.api.request<{ id: number }>('POST', 'cms/v2/media', { body: new Blob([PNG], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="matrix.png"' } });
  made.media = media.body.id;
  made.parentPage = (await app.api.post<Post>('cms/v2/pages', { title: 'Matrix parent', status: 'publish' })).id;
}, 120_000);

type Kind = 'posts' | 'pages';

/** A field of the edit record: how a writer changes it, and where the change is found again. */
interface FieldCase {
  kinds: Kind[];
  /** Changes the field to a value of case `n`. */
  set(page: Page, n: number): Promise<void>;
  onSite(item: Post, n: number): boolean;
  /** Text fields: the site's autosave holds it. */
  inAutosave?(autosave: Revision, n: number): boolean;
  /** What an offer shows of the change. */
  offered(n: number): string;
  /** Set only on items not yet live (a live item's status is Publish's and Unpublish's business). */
  draftOnly?: boolean;
}

const side = (page: Page) => page.getByRole('complementary', { name: 'Settings' });
const minuteOf = (n: number) => String(n % 60).padStart(2, '0');

const FIELDS: Record<string, FieldCase> = {
  title: {
    kinds: ['posts', 'pages'],
    set: (page, n) => page.getByLabel('Title', { exact: true }).fill(`Matrix title ${n}`),
    onSite: (item, n) => item.title.raw === `Matrix title ${n}`,
    inAutosave: (autosave, n) => autosave.title.raw === `Matrix title ${n}`,
    offered: (n) => `Matrix title ${n}`,
  },
  content: {
    kinds: ['posts', 'pages'],
    set: async (page, n) => {
      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(` matrixword${n}`);
    },
    onSite: (item, n) => (item.content.raw ?? '').includes(`matrixword${n}`),
    inAutosave: (autosave, n) => (autosave.content.raw ?? '').includes(`matrixword${n}`),
    offered: (n) => `matrixword${n}`,
  },
  excerpt: {
    kinds: ['posts', 'pages'],
    set: (page, n) => side(page).getByLabel('Excerpt').fill(`Matrix excerpt ${n}`),
    onSite: (item, n) => item.excerpt.raw === `Matrix excerpt ${n}`,
    inAutosave: (autosave, n) => autosave.excerpt.raw === `Matrix excerpt ${n}`,
    offered: (n) => `Matrix excerpt ${n}`,
  },
  status: {
    kinds: ['posts', 'pages'],
    draftOnly: true,
    set: (page) => side(page).getByLabel('Save as').selectOption('pending').then(() => undefined),
    onSite: (item) => item.status === 'pending',
    offered: () => 'Status: “pending”',
  },
  date: {
    kinds: ['posts', 'pages'],
    set: (page, n) => side(page).getByLabel(/^Publish date/).fill(`2020-01-02T09:${minuteOf(n)}:07`),
    onSite: (item, n) => item.date === `2020-01-02T09:${minuteOf(n)}:07`,
    // In the site's zone and formats (a new site's: UTC, WordPress's defaults).
    offered: (n) => `Publish date: January 2, 2020 at 9:${minuteOf(n)} am`,
  },
  slug: {
    kinds: ['posts', 'pages'],
    set: (page, n) => side(page).getByLabel('Slug').fill(`matrix-slug-${n}`),
    onSite: (item, n) => item.slug === `matrix-slug-${n}`,
    offered: (n) => `Slug: “matrix-slug-${n}”`,
  },
  password: {
    kinds: ['posts', 'pages'],
    set: (page, n) => side(page).getByLabel('Password').fill(`pw${n}`),
    onSite: (item, n) => item.password === `pw${n}`,
    offered: (n) => `Password: “pw${n}”`,
  },
  sticky: {
    kinds: ['posts'],
    set: (page) => side(page).getByLabel('Stick to the top of the blog').check(),
    onSite: (item) => item.sticky === true,
    offered: () => 'Sticky: yes',
  },
  format: {
    kinds: ['posts'],
    set: (page) => side(page).getByLabel('Format').selectOption('aside').then(() => undefined),
    onSite: (item) => item.format === 'aside',
    offered: () => 'Format: “aside”',
  },
  categories: {
    kinds: ['posts'],
    set: (page) => side(page).getByRole('checkbox', { name: 'Matrix category' }).check(),
    onSite: (item) => item.categories?.includes(made.category) === true,
    offered: () => 'Categories: 2 chosen',
  },
  tags: {
    kinds: ['posts'],
    set: (page) => side(page).getByRole('checkbox', { name: 'matrix-tag' }).check(),
    onSite: (item) => item.tags?.includes(made.tag) === true,
    offered: () => 'Tags: 1 chosen',
  },
  featured_media: {
    kinds: ['posts', 'pages'],
    set: async (page) => {
      await side(page).getByRole('button', { name: 'Choose image' }).click();
      await page.getByRole('dialog').getByRole('list', { name: 'Media items' }).getByRole('button').first().click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
    onSite: (item) => item.featured_media === made.media,
    offered: () => `Featured image: ${made.media}`,
  },
  template: {
    kinds: ['posts', 'pages'],
    set: async (page) => {
      const picker = side(page).getByLabel('Template');
      await expect.poll(() => picker.isEnabled()).toBe(true);
      await picker.selectOption({ label: 'Full width' });
    },
    onSite: (item) => item.template !== '',
    offered: () => 'Template: “',
  },
  meta: {
    kinds: ['posts', 'pages'],
    set: (page) => side(page).getByLabel('Show the featured image inside the post').check(),
    onSite: (item) => item.meta.inline_featured_image === true,
    offered: () => 'Other settings: changed',
  },
  parent: {
    kinds: ['pages'],
    set: (page) => side(page).getByLabel('Parent page').selectOption({ label: 'Matrix parent' }).then(() => undefined),
    onSite: (item) => item.parent === made.parentPage,
    offered: () => `Parent page: ${made.parentPage}`,
  },
  menu_order: {
    kinds: ['pages'],
    set: (page, n) => side(page).getByLabel('Order').fill(String(n)),
    onSite: (item, n) => item.menu_order === n,
    offered: (n) => `Order: ${n}`,
  },
};

let snapped = false;

/** Every offer shown on opening the item, each set aside in turn so the next one shows. */
async function offersShown(kind: Kind, id: number): Promise<string[]> {
  const { page } = app;
  await page.goto(appUrl(app, `/${kind}`));
  await writeForThisComputer(page);
  await page.goto(appUrl(app, `/${kind}/${id}`));
  await page.getByRole('textbox', { name: 'Content' }).waitFor();
  const texts: string[] = [`${await page.getByLabel('Title', { exact: true }).inputValue()} ${await page.getByRole('textbox', { name: 'Content' }).textContent()}`];
  const offer = page.locator('.restore-offer');
  for (let shown = await offer.count(); shown > 0; shown = await offer.count()) {
    texts.push((await offer.textContent()) ?? '');
    if (!snapped && (await offer.getByRole('list', { name: 'Settings it would restore' }).count()) > 0) {
      snapped = true;
      await app.snap('editor-offer-settings');
    }
    const previous = texts.at(-1);
    await offer.getByRole('button', { name: /Not now|Keep the saved version/ }).click();
    await expect.poll(async () => (await offer.count()) === 0 || (await offer.textContent()) !== previous).toBe(true);
  }
  return texts;
}

/** The fields whose change of case `n` is nowhere: not on the site, not in its autosave, not offered back. */
async function fieldsLost(kind: Kind, id: number, n: number, fields: string[]): Promise<string[]> {
  // The offers first: the site is read once the editor has opened, so a save still on its way when the writer left has arrived.
  const offers = (await offersShown(kind, id)).join('\n');
  const item = await app.api.get<Post>(`cms/v2/${kind}/${id}`, { context: 'edit' });
  const autosaves = await app.api.get<Revision[]>(`cms/v2/${kind}/${id}/autosaves`, { context: 'edit' });
  return fields.filter((field) => !FIELDS[field].onSite(item, n) && !autosaves.some((autosave) => FIELDS[field].inAutosave?.(autosave, n)) && !offers.includes(FIELDS[field].offered(n)));
}

let cases = 0;

/** Opens a new item of `kind`, changes `fields` in it, waits `pauseMs`, leaves by `way`, and says which changes were lost. */
async function changeAndLeave(kind: Kind, status: 'draft' | 'publish', fields: string[], pauseMs: number, way: string): Promise<string[]> {
  cases += 1;
  const n = cases;
  const item = await app.api.post<Post>(`cms/v2/${kind}`, { title: `Record ${n}`, content: paragraph('Before.'), status });
  await openItem(app, item.id, kind);
  for (const field of fields) await FIELDS[field].set(app.page, n);
  await pause(app, pauseMs, kind, item.id);
  await waysOfLeaving(app, () => remoteName, kind)[way]();
  return fieldsLost(kind, item.id, n, fields);
}

const fieldsFor = (kind: Kind, status: 'draft' | 'publish') =>
  Object.keys(FIELDS).filter((field) => FIELDS[field].kinds.includes(kind) && !(status === 'publish' && FIELDS[field].draftOnly));

/** Every field at once, but sticky: a post cannot be sticky and have a password (the site refuses both, as WordPress does). */
const allAtOnce = (status: 'draft' | 'publish') => fieldsFor('posts', status).filter((field) => field !== 'sticky');

/** The pauses between the last change and leaving that take different paths: none, journalled but not sent, autosaved. */
const PAUSES = { 'at once': 0, 'before the autosave': 1000, 'after the autosave': AUTOSAVE_DELAY_MS + 1500 };
/** In-app ways all leave by the editor closing: one of them is tried after every pause, the others at once. */
const IN_APP = ['the back link', 'the browser’s Back', 'writing for another site', 'opening Sites'];

describe('every field of the record, left in every way', () => {
  const ways = Object.keys(waysOfLeaving(app, () => remoteName));
  for (const way of ways) {
    const pauses = IN_APP.includes(way) ? ['at once'] as const : Object.keys(PAUSES) as Array<keyof typeof PAUSES>;
    for (const pause of pauses) {
      // A draft is autosaved in place, a live post beside it: both, alternately.
      const status = pause === 'before the autosave' ? 'draft' : 'publish';
      it(`keeps every change of a ${status === 'draft' ? 'draft' : 'live'} post left by ${way}, ${pause}`, async () => {
        expect(await changeAndLeave('posts', status, allAtOnce(status), PAUSES[pause], way)).toEqual([]);
      }, 60_000);
    }
  }

  for (const kind of ['posts', 'pages'] as const) {
    for (const status of ['draft', 'publish'] as const) {
      it(`keeps each field changed alone in a ${status === 'draft' ? 'draft' : 'live'} item of ${kind} left by a sidebar link`, async () => {
        const lost: string[] = [];
        for (const field of fieldsFor(kind, status)) lost.push(...await changeAndLeave(kind, status, [field], 0, 'a sidebar link'));
        expect(lost).toEqual([]);
      }, 120_000);
    }
  }
});

/** Makes the site refuse every write, as a site that stopped answering would, until the returned function is called. */
async function refuseWrites(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/cms\/v2\/(posts|pages)/;
  await page.route(pattern, async (route) => {
    if (route.request().method() === 'POST') await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'Down for maintenance.', data: { status: 503 } }) });
    else await route.continue();
  });
  return () => page.unroute(pattern);
}

/**
 * The writer leaves the editor for the list while the site refuses saves. Leaving sends what the
 * site lacks: its refusal is waited for, or a send still on its way when the site accepts again
 * would be taken, and there would be nothing left to offer back.
 */
async function leaveRefused(page: Page): Promise<void> {
  const refused = page.waitForResponse((response) => response.request().method() === 'POST' && response.status() === 503);
  await page.getByRole('link', { name: '← Posts' }).click();
  await refused;
  await page.getByRole('row').first().waitFor();
}

describe('journals', () => {
  for (const count of [2, 5]) {
    it(`offers back each of ${count} new posts written while the site refused saves, separately`, async () => {
      const { page } = app;
      const allow = await refuseWrites(page);
      const titles = Array.from({ length: count }, (_, index) => `Refused ${count}.${index + 1}`);
      for (const title of titles) {
        await page.goto(appUrl(app, '/posts'));
        await writeForThisComputer(page);
        await page.getByRole('button', { name: 'New post' }).click();
        await page.getByLabel('Title', { exact: true }).fill(title);
        await page.getByRole('textbox', { name: 'Content' }).click();
        await page.keyboard.type(`Words of ${title}.`);
        await leaveRefused(page);
      }
      await allow();
      const unsent = page.getByRole('status', { name: 'Unsent words' });
      for (const title of titles) await unsent.getByRole('link', { name: title }).waitFor();
      if (count === 2) await app.snap('list-unsent-new-posts');
      for (const title of titles) {
        await page.goto(appUrl(app, '/posts'));
        await page.getByRole('status', { name: 'Unsent words' }).getByRole('link', { name: title }).click();
        const offer = page.locator('.restore-offer');
        await offer.getByRole('button', { name: 'Restore the unsaved changes' }).waitFor();
        if (title === titles[0]) await app.snap('editor-new-post-offer');
        // Its own words, and no other post's.
        expect(await offer.textContent()).toContain(`Words of ${title}.`);
        for (const other of titles.filter((name) => name !== title)) expect(await offer.textContent()).not.toContain(`Words of ${other}.`);
        await offer.getByRole('button', { name: 'Restore the unsaved changes' }).click();
        await page.keyboard.press('Control+s');
        await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      }
      for (const title of titles) {
        const found = (await app.api.list<Post>('cms/v2/posts', { search: title, status: 'draft', context: 'edit' })).items.filter((post) => post.title.raw === title);
        expect(found.map((post) => post.content.raw)).toEqual([paragraph(`Words of ${title}.`)]);
      }
    }, 120_000);
  }

  it('keeps an offer of unsent words the writer typed over, and lists it among the recovered versions', async () => {
    const { page } = app;
    const recoveredButton = page.locator('.editor-bar').getByRole('button', { name: /^Recovered/ });
    // A brand-new post, and a post with nothing kept on this computer, name no recovered versions.
    await page.goto(appUrl(app, '/posts'));
    await writeForThisComputer(page);
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Content' }).waitFor();
    expect(await recoveredButton.count(), 'a new post: no "Recovered"').toBe(0);
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Typed over', content: paragraph('Saved.'), status: 'publish' });
    const allow = await refuseWrites(page);
    await openItem(app, post.id);
    expect(await recoveredButton.count(), 'a post with none kept: no "Recovered"').toBe(0);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' first unsent words');
    await leaveRefused(page);
    await allow();
    await openItem(app, post.id);
    await page.locator('.restore-offer').getByText('Changes made on this computer').waitFor();
    // The writer ignores the offer and types on, then leaves: the site gets the new words.
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' typed on instead');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await page.getByRole('link', { name: '← Posts' }).click();
    await openItem(app, post.id);
    const offer = page.locator('.restore-offer');
    await expect.poll(() => offer.textContent()).toContain('first unsent words');
    await offer.getByRole('button', { name: 'Not now (keep it in Recovered)' }).click();
    // Named with how many there are: the unsent words offered first, and those offered again.
    await expect.poll(() => recoveredButton.textContent()).toMatch(/^Recovered \(\d+\)$/);
    await recoveredButton.click();
    const dialog = page.getByRole('dialog', { name: 'Recovered versions' });
    await expect.poll(() => dialog.textContent()).toContain('first unsent words');
    await app.snap('editor-recovered-versions');
    await dialog.getByRole('button', { name: 'Restore this version' }).first().click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Content' }).textContent()).toContain('first unsent words');
  });

  it('keeps an autosave offer the writer typed over, though typing on autosaves over it on the site', async () => {
    const { page } = app;
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Autosave typed over', content: paragraph('Saved.'), status: 'publish' });
    await app.api.post(`cms/v2/posts/${post.id}/autosaves`, { title: 'Autosave typed over', content: paragraph('Saved. autosaved words') });
    await openItem(app, post.id);
    await page.locator('.restore-offer').getByText('There is an autosave').waitFor();
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' other words');
    await page.getByRole('link', { name: '← Posts' }).click();
    await page.getByRole('row').first().waitFor();
    // The site's one autosave now holds the new words...
    await expect.poll(async () => (await app.api.get<Revision[]>(`cms/v2/posts/${post.id}/autosaves`, { context: 'edit' })).map((autosave) => autosave.content.raw)).toEqual([paragraph('Saved. other words')]);
    // ...and the one offered before is still offered.
    const texts = await offersShown('posts', post.id);
    expect(texts.join('\n')).toContain('autosaved words');
  });
});

describe('saves', () => {
  const UNTOUCHED = {
    'a block post': paragraph('Untouched.'),
    'a classic post': '<p>Classic <i>untouched</i>  text.</p>\n<pre>\nkept</pre>',
  };
  for (const [name, content] of Object.entries(UNTOUCHED)) {
    it(`sends no request for Ctrl+S on ${name} nobody touched`, async () => {
      const { page } = app;
      const post = await app.api.post<Post>('cms/v2/posts', { title: `Untouched ${name}`, content, status: 'publish' });
      await openItem(app, post.id);
      const writes: string[] = [];
      const count = (request: Request) => {
        if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname.replace(/^.*\/cms\/v2\//, '/cms/v2/')}`);
      };
      page.on('request', count);
      await page.keyboard.press('Control+s');
      await page.keyboard.press('Control+s');
      // Then one change, saved: its request is the only one, so the ones before would have come before it.
      await side(page).getByLabel('Slug').fill(`untouched-${post.id}`);
      await page.keyboard.press('Control+s');
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      page.off('request', count);
      expect(writes).toEqual([`POST /cms/v2/posts/${post.id}`]);
      const saved = await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' });
      expect(saved.content.raw).toBe(content);
      expect(saved.slug).toBe(`untouched-${post.id}`);
    });
  }

  it('keeps the other version after "Use the other version" and Ctrl+Z (issue 25, finding 8)', async () => {
    const { page } = app;
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Undo after choosing', content: paragraph('First.'), status: 'publish' });
    await openItem(app, post.id);
    await app.api.post(`cms/v2/posts/${post.id}`, { content: paragraph('Their words.') });
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' My words.');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await dialog.getByRole('button', { name: 'Use the other version' }).click();
    await expect.poll(() => editor.textContent()).toBe('Their words.');
    await editor.click();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Control+z');
    expect(await editor.textContent()).toBe('Their words.');
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw).toBe(paragraph('Their words.'));
  });

  it('undoes and redoes a setting with Ctrl+Z and Ctrl+Shift+Z, and saves what is shown', async () => {
    const { page } = app;
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Undo a setting', content: paragraph('Text.'), status: 'draft' });
    await openItem(app, post.id);
    const sticky = side(page).getByLabel('Stick to the top of the blog');
    await sticky.check();
    await side(page).getByLabel('Format').selectOption('aside');
    await page.keyboard.press('Control+z');
    await expect.poll(() => side(page).getByLabel('Format').inputValue()).toBe('standard');
    expect(await sticky.isChecked()).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(() => sticky.isChecked()).toBe(false);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => sticky.isChecked()).toBe(true);
    await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect(await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).toMatchObject({ sticky: true, format: 'standard' });
  });
});

