// Writing and managing posts and pages in the real editor, in Chromium, against a real
// local site: formatting, autosave and restore, revisions, batch publishing, trash, tree.
import { describe, expect, it } from 'vitest';
import type { Post } from '../shared/site-types.ts';
import { appForFile, deleteEvery } from './harness.ts';
import { keepScreen } from './screens.ts';

const app = appForFile();

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

describe('writing', () => {
  it('writes and formats a post, and saves it as block markup with Ctrl+S', async () => {
    const { page } = app;
    await deleteEvery(app, 'posts');
    await app.open('/posts');
    await page.getByRole('button', { name: 'Write your first post' }).waitFor();
    await app.snap('posts-list-empty');
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('My first post');
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.getByLabel('Text style').selectOption('Heading 2');
    await page.keyboard.type('A section');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Some ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('strong');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' words.');
    await app.save();
    const { items } = await app.api.list<Post>('cms/v2/posts', { context: 'edit', status: 'draft,publish', search: 'My first post' });
    expect(items).toHaveLength(1);
    // No category was ticked: the site's default one, not none.
    expect(items[0].categories).toHaveLength(1);
    expect(items[0].content.raw).toBe(
      '<!-- wp:heading -->\n<h2 class="wp-block-heading">A section</h2>\n<!-- /wp:heading -->\n\n' +
      '<!-- wp:paragraph -->\n<p>Some <strong>strong</strong> words.</p>\n<!-- /wp:paragraph -->',
    );
    await page.getByText('5 words · 1 min read').waitFor();
    await app.snap('editor-saved');
  });

  it('autosaves a published post while typing, and offers the autosave after a reload', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Published piece', content: paragraph('Original text.'), status: 'publish' });
    const { page } = app;
    await app.open(`/posts/${post.id}`);
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Added while offline.');
    await page.getByRole('status').filter({ hasText: 'Autosaved' }).waitFor({ timeout: 15_000 });
    // The published post itself is unchanged until the writer saves.
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw).toBe(paragraph('Original text.'));
    await page.reload();
    await page.getByRole('button', { name: 'Restore the autosave' }).click();
    await expect.poll(() => editor.textContent()).toContain('Added while offline.');
    await app.snap('editor-autosave-restored');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw).toBe(paragraph('Original text. Added while offline.'));
  });

  it('shows the revisions of a post side by side and restores one', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Versions', content: paragraph('First version.'), status: 'publish' });
    await app.api.post(`cms/v2/posts/${post.id}`, { content: paragraph('Second version.') });
    const { page } = app;
    await app.open(`/posts/${post.id}`);
    await page.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    const options = dialog.getByRole('listbox', { name: 'Saved revisions' }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThanOrEqual(2);
    await options.last().click();
    await expect.poll(() => dialog.locator('del').allTextContents()).toContain('First');
    await expect.poll(() => dialog.locator('ins').allTextContents()).toContain('Second');
    await app.snap('revisions-diff');
    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw).toBe(paragraph('First version.'));
  });
});

describe('embeds', () => {
  it('embeds a URL, previews it through the site’s oEmbed proxy, and saves an embed block', async () => {
    const target = await app.api.post<Post>('cms/v2/posts', { title: 'Worth embedding', status: 'publish' });
    const { page } = app;
    await app.open('/posts/new');
    await page.getByLabel('Title', { exact: true }).fill('With an embed');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.getByRole('button', { name: 'Embed' }).click();
    await page.getByRole('textbox', { name: 'Address of the video, audio or post to embed' }).fill(target.link);
    await page.keyboard.press('Enter');
    await page.locator('.embed-preview').getByText('Worth embedding').waitFor();
    await app.snap('editor-embed');
    await app.save();
    const { items } = await app.api.list<Post>('cms/v2/posts', { context: 'edit', status: 'draft', search: 'With an embed' });
    expect(items[0].content.raw).toContain(`<!-- wp:embed {"url":"${target.link}"} -->`);
  });
});

describe('managing', () => {
  it('publishes three drafts in one batch and shows the result', async () => {
    const drafts = await Promise.all(['Draft A', 'Draft B', 'Draft C'].map((title) => app.api.post<Post>('cms/v2/posts', { title, status: 'draft' })));
    const { page } = app;
    await app.open('/posts');
    await page.getByRole('button', { name: 'Drafts' }).click();
    for (const title of ['Draft A', 'Draft B', 'Draft C']) await page.getByLabel(`Select ${title}`).check();
    await app.snap('batch-selected');
    await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Publish: 3 done' }).waitFor();
    for (const draft of drafts) expect((await app.api.get<Post>(`cms/v2/posts/${draft.id}`, { context: 'edit' })).status).toBe('publish');
  });

  it('lists a post another client made a moment ago when the writer comes back to the list', async () => {
    const { page } = app;
    await app.open('/posts');
    await page.getByRole('button', { name: 'All' }).click();
    await page.getByRole('link', { name: 'Pages', exact: true }).click();
    await app.api.post<Post>('cms/v2/posts', { title: 'Made elsewhere', status: 'draft' });
    await page.getByRole('link', { name: 'Posts', exact: true }).click();
    await page.getByLabel('Select Made elsewhere').waitFor();
  });

  it('moves a post to the trash and restores it', async () => {
    await app.api.post<Post>('cms/v2/posts', { title: 'Short-lived', status: 'publish' });
    const { page } = app;
    await app.open('/posts');
    await page.getByRole('button', { name: 'All' }).click();
    await page.getByLabel('Select Short-lived').check();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByRole('status').filter({ hasText: 'Move to trash: 1 done' }).waitFor();
    await page.getByRole('button', { name: 'Trash' }).click();
    await page.getByText('1 post', { exact: true }).waitFor();
    await page.getByLabel('Select Short-lived').check();
    await app.snap('trash');
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: 'Restore: 1 done' }).waitFor();
    const { items } = await app.api.list<Post>('cms/v2/posts', { context: 'edit', status: 'draft', search: 'Short-lived' });
    expect(items).toHaveLength(1);
    // Its slug comes back from the trash with it.
    expect(items[0].slug).toBe('short-lived');
  });

  it('reorders the page tree from the keyboard, by dragging, keeps it after a reload, and puts it back when the site refuses', async () => {
    // The tree shows every page: only this test's.
    await deleteEvery(app, 'pages');
    const about = await app.api.post<Post>('cms/v2/pages', { title: 'About', status: 'publish', menu_order: 0 });
    await app.api.post('cms/v2/pages', { title: 'Team', status: 'publish', parent: about.id, menu_order: 2 });
    const history = await app.api.post<Post>('cms/v2/pages', { title: 'History', status: 'publish', parent: about.id, menu_order: 1 });
    await app.api.post('cms/v2/pages', { title: 'Contact', status: 'publish', menu_order: 1 });
    await app.api.post('cms/v2/pages', { title: 'Legal', status: 'draft', menu_order: 2 });
    const { page } = app;
    await app.open('/pages');
    await page.getByLabel('Show as tree').check();
    const tree = page.getByRole('tree', { name: 'Page tree' });
    // Each row as "level title", in the order shown.
    const shown = () => tree.getByRole('treeitem').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('aria-level')} ${row.querySelector('a')?.textContent}`));
    // As the site stores it: each page's parent title and order, by title.
    const stored = async () => {
      const { items } = await app.api.list<Post>('cms/v2/pages', { context: 'edit', status: 'publish,draft', per_page: 100 });
      const title = (id: number) => items.find((item) => item.id === id)?.title.raw ?? '-';
      return Object.fromEntries(items.map((item) => [item.title.raw, `${title(item.parent ?? 0)} ${item.menu_order}`]));
    };
    const announcement = () => page.locator('.tree-announcement').textContent();
    await expect.poll(shown).toEqual(['1 About', '2 History', '2 Team', '1 Contact', '1 Legal']);
    await app.snap('page-tree');

    // Keyboard: Contact up above About, Legal into Contact, then History out of About.
    const link = (title: string) => tree.getByRole('link', { name: title, exact: true });
    await link('Contact').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(shown).toEqual(['1 Contact', '1 About', '2 History', '2 Team', '1 Legal']);
    await expect.poll(announcement).toBe('Contact moved at the top, position 1 of 3. Saved.');
    // The moved row keeps the focus, so the writer can go on moving it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact');
    // Two moves faster than the screen redraws (in one task): the second starts from the first.
    await link('Legal').evaluate((row) => {
      for (const key of ['ArrowUp', 'ArrowRight']) row.dispatchEvent(new KeyboardEvent('keydown', { key, altKey: true, bubbles: true, cancelable: true }));
    });
    await expect.poll(shown).toEqual(['1 Contact', '2 Legal', '1 About', '2 History', '2 Team']);
    await expect.poll(announcement).toBe('Legal moved under Contact, position 1 of 1. Saved.');
    await link('History').focus();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(shown).toEqual(['1 Contact', '2 Legal', '1 About', '2 Team', '1 History']);
    await expect.poll(announcement).toBe('History moved at the top, position 3 of 3. Saved.');
    await expect.poll(stored).toMatchObject({ Contact: '- 0', Legal: 'Contact 0', About: '- 1', Team: 'About 2', History: '- 2' });

    // Dragging with the mouse: History by its handle onto Team, a step to the right: under About, before Team.
    const handle = tree.getByRole('button', { name: 'Move History' });
    const target = await link('Team').boundingBox();
    const start = await handle.boundingBox();
    await page.mouse.move(start!.x + start!.width / 2, start!.y + start!.height / 2);
    await page.mouse.down();
    await page.mouse.move(start!.x + 10, start!.y - 5, { steps: 5 });
    await page.mouse.move(start!.x + 40, target!.y + 2, { steps: 10 });
    // While dragged, the row shows the level it would drop at.
    await expect.poll(() => tree.locator(`[data-page-id="${history.id}"]`).getAttribute('aria-level')).toBe('2');
    // (A full-page screenshot resizes the window, which ends a drag; this one keeps the size.)
    await keepScreen(page, 'page-tree-dragging-light', { window: true });
    await page.mouse.up();
    await expect.poll(announcement).toBe('History moved under About, position 1 of 2. Saved.');
    await expect.poll(stored).toMatchObject({ History: 'About 0', Team: 'About 1' });

    // The order is the site's: it is the same after a reload.
    await page.reload();
    await expect.poll(shown).toEqual(['1 Contact', '2 Legal', '1 About', '2 History', '2 Team']);

    // Another writer edits History meanwhile: the move is refused, the tree goes back and says why.
    await app.api.post(`cms/v2/pages/${history.id}`, { title: 'History', content: 'Changed elsewhere.' });
    await link('Team').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('alert').filter({ hasText: '“History” could not be moved: it was changed elsewhere since the tree was shown. The tree is as it was.' }).waitFor();
    await expect.poll(shown).toEqual(['1 Contact', '2 Legal', '1 About', '2 History', '2 Team']);
    await expect.poll(stored).toMatchObject({ History: 'About 0', Team: 'About 1' });
    await app.snap('page-tree-refused');
    // The tree was read again: the same move now goes through.
    await link('Team').focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(stored).toMatchObject({ Team: 'About 0', History: 'About 1' });

    // A filtered tree hides pages whose order a move would cross: there pages do not move.
    await page.getByRole('button', { name: 'Drafts', exact: true }).click();
    await expect.poll(shown).toEqual(['1 Legal']);
    await page.getByText('Pages are moved in the All tab, where every page is shown.').waitFor();
    expect(await tree.getByRole('button', { name: 'Move Legal' }).count()).toBe(0);
  });

  it('picks a page template from the site’s own, and the reading page follows it', async () => {
    const created = await app.api.post<Post>('cms/v2/pages', { title: 'Landing', content: paragraph('Welcome in.'), status: 'publish' });
    const { page } = app;
    await app.open(`/pages/${created.id}`);
    const picker = page.getByLabel('Template');
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['Default template', 'Full width', 'No title']);
    await picker.selectOption({ label: 'No title' });
    await app.snap('editor-page-template');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect((await app.api.get<Post>(`cms/v2/pages/${created.id}`, { context: 'edit' })).template).toBe('no-title');
    const reading = await (await fetch(created.link)).text();
    expect(reading).not.toContain('<h1>');
    expect(reading).toContain('Welcome in.');
    // A post is offered only the templates for posts.
    await app.open('/posts/new');
    await expect.poll(() => page.getByLabel('Template').locator('option').allTextContents()).toEqual(['Default template', 'Full width']);
  });

  it('sorts pages by title and by page order, the order button saying it in the sort’s terms', async () => {
    await app.api.post('cms/v2/pages', { title: 'Sortable Zeta', status: 'publish', menu_order: 1 });
    await app.api.post('cms/v2/pages', { title: 'Sortable Alpha', status: 'publish', menu_order: 2 });
    const { page } = app;
    await app.open('/pages');
    await page.getByLabel('Show as tree').uncheck();
    await page.getByLabel('Search pages').fill('Sortable');
    const titles = () => page.getByRole('table', { name: 'Pages' }).locator('.row:not(.head) .title a').allTextContents();
    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await page.getByRole('button', { name: 'Z to A', exact: true }).click();
    await page.getByRole('button', { name: 'A to Z', exact: true }).waitFor();
    await expect.poll(titles).toEqual(['Sortable Alpha', 'Sortable Zeta']);
    await page.getByLabel('Sort by').selectOption({ label: 'Page order' });
    await page.getByRole('button', { name: 'In page order', exact: true }).waitFor();
    await expect.poll(titles).toEqual(['Sortable Zeta', 'Sortable Alpha']);
    await app.snap('pages-list-page-order');
  });
});
