// Never lose a word, tried as a writer would break it, in Chromium against the real app:
// type, then leave in every way there is after every kind of pause, and find every word
// afterwards in the post, its autosave or a restore offer; press Save many times on a slow
// site; insert a block and type on; delete blocks the editor cannot change; edit a post
// that changed behind the editor's back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Post } from '../shared/site-types.ts';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { appUrl as appAddress, controlTime, expectNothingUnsent, openItem, pause as pauseInEditor, reopenApp as reopenTheApp, waysOfLeaving, watchPage, writeForThisComputer } from './leaving.ts';

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());
let remoteName: string;

beforeAll(async () => {
  remoteName = (await remote.api('')).body.name;
  await app.host.sites.connect(remote.url, { login: remote.users.editor.login, password: remote.users.editor.appPassword });
  await watchPage(app.page);
  await controlTime(app.page);
  // The window lists the site connected behind its back once it loads again.
  await app.page.reload();
}, 120_000);

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
const appUrl = (hash: string) => appAddress(app, hash);
const openPost = (id: number) => openItem(app, id);
const reopenApp = () => reopenTheApp(app);

/** Every way a writer leaves the editor. */
const LEAVES = waysOfLeaving(app, () => remoteName);

async function saveWithKeys(page: Page): Promise<void> {
  await page.keyboard.press('Control+s');
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
}

/** The post's content as the site holds it. */
async function stored(id: number): Promise<string | undefined> {
  return (await app.api.get<Post>(`cms/v2/posts/${id}`, { context: 'edit' })).content.raw;
}

const PAUSES_MS = [0, 500, 2500, 5000];

/** The word is in the post as saved, or offered back when the writer opens it again. */
async function expectKept(id: number, word: string): Promise<void> {
  await app.page.goto(appUrl('/posts'));
  await writeForThisComputer(app.page);
  await app.page.goto(appUrl(`/posts/${id}`));
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  await editor.waitFor();
  const offer = app.page.locator('.restore-offer');
  await expect.poll(async () => `${await editor.textContent()} ${(await offer.count()) > 0 ? await offer.textContent() : ''}`).toContain(word);
}

describe('words typed and left', () => {
  let case_ = 0;
  for (const [way, leave] of Object.entries(LEAVES)) {
    it(`are kept when the writer leaves by ${way}, after any pause`, async () => {
      for (const pause of PAUSES_MS) {
        case_ += 1;
        const word = `kept${case_}x${pause}`;
        const title = `Leaving ${case_}`;
        const post = await app.api.post<Post>('cms/v2/posts', { title, content: paragraph('Before.'), status: 'publish' });
        await openPost(post.id);
        const editor = app.page.getByRole('textbox', { name: 'Content' });
        await editor.click();
        await app.page.keyboard.press('Control+End');
        await app.page.keyboard.type(` ${word}`);
        // The writer's word is on the screen (the keys reached the editor) before anything else.
        await expect.poll(() => editor.textContent()).toContain(word);
        // The pause between the last keystroke and leaving is what this test varies.
        await pauseInEditor(app, pause, 'posts', post.id);
        await leave();
        // By the back link, the words reach the site as the editor closes.
        if (way === 'the back link') await expectNothingUnsent(app, title);
        await expectKept(post.id, word);
      }
    }, 120_000);
  }

  it('offers the text back after the site was killed while the writer typed', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Site killed', content: paragraph('Before.'), status: 'publish' });
    await openPost(post.id);
    await app.page.getByRole('textbox', { name: 'Content' }).click();
    await app.page.keyboard.press('Control+End');
    await app.restartSite();
    await app.page.keyboard.type(' typed while the site was down');
    await reopenApp();
    // The list names the post with unsent words, so the writer need not remember which it was.
    await app.page.getByRole('status', { name: 'Unsent words' }).getByRole('link', { name: 'Site killed' }).click();
    const offer = app.page.locator('.restore-offer');
    await offer.getByRole('button', { name: 'Restore the unsaved changes' }).waitFor();
    await offer.getByText('Show what restoring would change').click();
    await expect.poll(() => offer.getByRole('region', { name: 'Would be restored' }).textContent()).toContain('typed while the site was down');
    await app.snap('editor-journal-offer');
    await offer.getByRole('button', { name: 'Restore the unsaved changes' }).click();
    await saveWithKeys(app.page);
    expect(await stored(post.id)).toBe(paragraph('Before. typed while the site was down'));
  });

  it('keeps the words of a new post left at once', async () => {
    const { page } = app;
    await page.goto(appUrl('/posts'));
    await writeForThisComputer(page);
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Left at once');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Brand new words.');
    await page.getByRole('link', { name: '← Posts' }).click();
    await expect.poll(async () => (await app.api.list<Post>('cms/v2/posts', { search: 'Left at once', status: 'draft', context: 'edit' })).items.map((item) => item.content.raw)).toEqual([paragraph('Brand new words.')]);
  });
});

describe('saving', () => {
  for (const presses of [1, 2, 5]) {
    for (const slow of [false, true]) {
      it(`creates a new post once when Save is pressed ${presses} time(s)${slow ? ' on a slow site' : ''}`, async () => {
        const { page } = app;
        const title = `Saved ${presses} times ${slow ? 'slowly' : 'quickly'}`;
        let release = () => {};
        const held = new Promise<void>((resolve) => { release = resolve; });
        if (slow) {
          await page.route(/\/cms\/v2\/posts$/, async (route) => {
            if (route.request().method() === 'POST') await held;
            await route.continue();
          });
        }
        await page.goto(appUrl('/posts/new'));
        await writeForThisComputer(page);
        await page.getByLabel('Title', { exact: true }).fill(title);
        await page.getByRole('textbox', { name: 'Content' }).click();
        await page.keyboard.type('Once only.');
        for (let press = 0; press < presses; press += 1) await page.keyboard.press('Control+s');
        release();
        await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
        if (slow) await page.unroute(/\/cms\/v2\/posts$/);
        await page.keyboard.type(' And more.');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
        const found = (await app.api.list<Post>('cms/v2/posts', { search: title, status: 'draft,publish', context: 'edit' })).items.filter((post) => post.title.raw === title);
        expect(found.map((post) => post.content.raw)).toEqual([paragraph('Once only. And more.')]);
        expect(page.url()).toContain(`#/posts/${found[0].id}`);
      });
    }
  }

  it('saves an existing post once per change however often Save is pressed', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Pressed on an existing post', content: paragraph('Start.'), status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Changed.');
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('Control+s');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect(await stored(post.id)).toBe(paragraph('Start. Changed.'));
    const revisions = await app.api.get<unknown[]>(`cms/v2/posts/${post.id}/revisions`);
    expect(revisions.length).toBeLessThanOrEqual(2);
  });

  it('does not save on Ctrl+Shift+S (strikethrough)', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Strike', content: paragraph('Plain.'), status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' more');
    await page.keyboard.press('Control+Shift+s');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    expect(await stored(post.id)).toBe(paragraph('Plain.'));
  });
});

describe('blocks', () => {
  // A plugin's block: one of those the editor shows but cannot change (a table, then a file, were used here until they became editable).
  const KEPT = '<!-- wp:acme/notice {"tone":"info"} -->\n<div class="wp-block-acme-notice"><a href="https://example.org/guide.pdf">guide.pdf</a></div>\n<!-- /wp:acme/notice -->';

  for (const [name, insert] of [
    ['a separator', (page: Page) => page.getByRole('button', { name: 'Separator' }).click()],
    ['an embed', async (page: Page) => {
      await page.getByRole('button', { name: 'Embed' }).click();
      await page.getByRole('textbox', { name: 'Address of the video, audio or post to embed' }).fill('https://example.org/a-video');
      await page.keyboard.press('Enter');
    }],
  ] as const) {
    it(`types after ${name} it inserted, keeping the block`, async () => {
      const post = await app.api.post<Post>('cms/v2/posts', { title: `Insert ${name}`, content: paragraph('Before.'), status: 'draft' });
      await openPost(post.id);
      const { page } = app;
      await page.getByRole('textbox', { name: 'Content' }).click();
      await page.keyboard.press('Control+End');
      await insert(page);
      await page.keyboard.type('Typed after.');
      await saveWithKeys(page);
      const saved = await stored(post.id) ?? '';
      expect(saved).toContain(name === 'a separator' ? '<!-- wp:separator -->' : '<!-- wp:embed');
      expect(saved.endsWith(paragraph('Typed after.'))).toBe(true);
    });
  }

  it('types after an image it inserted from the library, keeping the image', async () => {
    const { page } = app;
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await app.api.request('POST', 'cms/v2/media', { body: new Blob([png], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="dot.png"' } });
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Insert an image', content: paragraph('Before.'), status: 'draft' });
    await openPost(post.id);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await page.getByRole('dialog').getByRole('list', { name: 'Media items' }).getByRole('button').first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.keyboard.type('Typed after the image.');
    await saveWithKeys(page);
    const saved = await stored(post.id) ?? '';
    expect(saved).toContain('<!-- wp:image');
    expect(saved.endsWith(paragraph('Typed after the image.'))).toBe(true);
  });

  it('types after a block it cannot change at the end of a post instead of replacing it', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'File last', content: KEPT, status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('After the file.');
    await saveWithKeys(page);
    expect(await stored(post.id)).toBe(`${KEPT}\n\n${paragraph('After the file.')}`);
  });

  it('selects a block it cannot change before Backspace removes it, says what was removed, and undoes it', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'File between', content: `${paragraph('Above.')}\n\n${KEPT}\n\n${paragraph('Below.')}`, status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).getByText('Below.').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Backspace');
    // The first Backspace only shows what the next one removes.
    await page.locator('.unknown-block.ProseMirror-selectednode').waitFor();
    await app.snap('editor-block-selected');
    await page.keyboard.press('Backspace');
    const notice = page.getByRole('status').filter({ hasText: 'Removed a acme/notice block' });
    await notice.waitFor();
    await app.snap('editor-block-removed');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.unknown-block').waitFor();
    await saveWithKeys(page);
    expect(await stored(post.id)).toBe(post.content.raw);
  });

  it('says what select-all and a keystroke removed, and undoes it', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Select all', content: `${paragraph('Text.')}\n\n${KEPT}`, status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('x');
    const notice = page.getByRole('status').filter({ hasText: 'Removed a acme/notice block' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.unknown-block').waitFor();
  });
});

describe('links', () => {
  it('adds a link with Ctrl+K in place, completing the address, and removes it', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'A link', content: paragraph('Read this.'), status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).getByText('Read this.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await page.keyboard.press('Control+k');
    const field = page.getByRole('form', { name: 'Link address' });
    await field.getByRole('textbox', { name: 'Link address' }).fill('example.org');
    await app.snap('editor-link-field');
    await page.keyboard.press('Enter');
    await field.waitFor({ state: 'detached' });
    await saveWithKeys(page);
    expect(await stored(post.id)).toBe(paragraph('Read <a href="https://example.org">this</a>.'));
    await page.getByRole('textbox', { name: 'Content' }).locator('a').click();
    await page.getByRole('button', { name: 'Link' }).click();
    await expect.poll(() => field.getByRole('textbox', { name: 'Link address' }).inputValue()).toBe('https://example.org');
    await field.getByRole('button', { name: 'Remove link' }).click();
    await saveWithKeys(page);
    expect(await stored(post.id)).toBe(paragraph('Read this.'));
  });

  it('links the address itself when nothing is selected', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'A bare link', content: paragraph('See'), status: 'draft' });
    await openPost(post.id);
    const { page } = app;
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: 'Link address' }).fill('example.org/docs');
    await page.keyboard.press('Enter');
    await saveWithKeys(page);
    expect(await stored(post.id)).toBe(paragraph('See <a href="https://example.org/docs">https://example.org/docs</a>'));
  });
});

describe('a post changed behind the editor’s back', () => {
  it('shows the other change when the post is opened again', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Changed elsewhere', content: paragraph('First.'), status: 'publish' });
    await openPost(post.id);
    await app.page.getByRole('link', { name: '← Posts' }).click();
    await app.api.post(`cms/v2/posts/${post.id}`, { content: paragraph('Changed by someone else.') });
    await openPost(post.id);
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Content' }).textContent()).toBe('Changed by someone else.');
  });

  it('asks before a save overwrites a change made while the post was open', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Open while changed', content: paragraph('First.'), status: 'publish' });
    await openPost(post.id);
    const { page } = app;
    await app.api.post(`cms/v2/posts/${post.id}`, { content: paragraph('Their edit.') });
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' My edit.');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'Changed elsewhere' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('region', { name: 'The other version' }).locator('mark').allTextContents()).toContain('Their');
    expect((await dialog.getByRole('region', { name: 'Your version' }).locator('mark').allTextContents()).join(' ')).toContain('My');
    expect(await dialog.locator('del, ins').count()).toBe(0);
    await app.snap('editor-save-conflict');
    expect(await stored(post.id)).toBe(paragraph('Their edit.'));
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect(await stored(post.id)).toBe(paragraph('First. My edit.'));
  });

  it('stops autosaving over a change made while the post was open, and lets the writer take the other version', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Autosave meets a change', content: paragraph('First.'), status: 'publish' });
    await openPost(post.id);
    const { page } = app;
    await app.api.post(`cms/v2/posts/${post.id}`, { content: paragraph('Synced in.') });
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Typed on.');
    const notice = page.getByRole('alert').filter({ hasText: 'changed somewhere else' });
    await notice.waitFor({ timeout: 15_000 });
    await page.getByRole('status').filter({ hasText: 'Not saved: changed elsewhere' }).waitFor();
    expect(await app.api.get<unknown[]>(`cms/v2/posts/${post.id}/autosaves`)).toEqual([]);
    await notice.getByRole('button', { name: 'Compare and choose' }).click();
    await page.getByRole('dialog', { name: 'Changed elsewhere' }).getByRole('button', { name: 'Use the other version' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Content' }).textContent()).toBe('Synced in.');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  });
});
