// A writer's day in Chromium against a real local site in New York time: publishing with a
// check first, scheduling in the site's zone, a date that has passed, preview of a draft,
// tags and parents made and picked in the editor, find and replace, the window title,
// lists that keep their place, batch failures by name, and asked-for permanent deletes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post, Term } from '../shared/site-types.ts';
import { appForFile, startInZone } from './harness.ts';

const app = appForFile();

beforeAll(() => startInZone(app, 'America/New_York'));

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;
/**
 * The post the editor shows, as the site holds it: the one post of that title (a save never
 * makes a second), and the one whose id the editor's address names. A failure says which
 * posts of the title the site holds, with their status.
 */
const findPost = async (title: string) => {
  const titled = (await app.api.list<Post>('cms/v2/posts', { search: title, status: 'publish,future,draft,pending,private', context: 'edit' })).items.filter((post) => post.title.raw === title);
  const shown = Number(/#\/posts\/(\d+)/.exec(app.page.url())?.[1]);
  expect(titled.map((post) => `${post.id} ${post.status}`), `the posts titled "${title}" (the editor shows ${shown})`).toHaveLength(1);
  expect(titled[0].id).toBe(shown);
  return titled[0];
};

describe('publishing with confidence', () => {
  it('opens a new post with the caret in the title; Enter goes to the body; the window title follows', async () => {
    const { page } = app;
    await app.open('/posts/new');
    await page.getByRole('textbox', { name: 'Content' }).waitFor();
    await expect.poll(() => page.title()).toBe('Untitled post — Inkwell');
    await page.keyboard.type('Morning pages');
    await page.keyboard.press('Enter');
    await page.keyboard.type('One two three.');
    await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue()).toBe('Morning pages');
    await expect.poll(() => page.title()).toBe('● Morning pages — Inkwell');
    // The count follows the typing, without waiting for a pause.
    await page.getByText('3 words · 1 min read').waitFor();
    await app.save();
    await expect.poll(() => page.title()).toBe('Morning pages — Inkwell');
    expect((await findPost('Morning pages'))?.content.raw).toBe(paragraph('One two three.'));
    expect((await findPost('Morning pages'))?.status).toBe('draft');
  });

  it('checks before publishing, makes a tag from the editor, and publishes once', async () => {
    const { page } = app;
    await app.open('/posts/new');
    await page.getByLabel('Title', { exact: true }).fill('Checked before going out');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Body text.');
    await page.getByLabel('New tag').fill('mornings');
    await page.getByLabel('New tag').press('Enter');
    await page.getByRole('checkbox', { name: 'mornings' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'mornings' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Publish…' }).click();
    const panel = page.getByRole('region', { name: 'Before publishing' });
    await panel.getByText('Excerpt: None').waitFor();
    await panel.getByText('Categories: None chosen').waitFor();
    await panel.getByText('When: Now (site time: America/New York)').waitFor();
    await app.snap('publish-check');
    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await page.getByText('Published.').waitFor();
    const post = await findPost('Checked before going out');
    expect(post?.status).toBe('publish');
    const [tag] = (await app.api.list<Term>('cms/v2/tags', { search: 'mornings' })).items;
    expect(post?.tags).toEqual([tag.id]);
    // Once live, the main button updates, and the post's own address is a page to read.
    await page.getByRole('button', { name: 'Update', exact: true }).waitFor();
    const reader = await fetch(post!.link);
    expect(reader.status).toBe(200);
    expect(await reader.text()).toContain('Body text.');
  });

  it('schedules at 09:00 New York time, which the site stores as 14:00 GMT in winter', async () => {
    const { page } = app;
    await app.open('/posts/new');
    await page.getByLabel('Title', { exact: true }).fill('Planned for later');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Later.');
    await page.getByLabel('Publish date (America/New York)').fill('2099-01-15T09:00');
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const panel = page.getByRole('region', { name: 'Before publishing' });
    await panel.getByText('Scheduled for January 15, 2099 at 9:00 am America/New York').waitFor();
    await panel.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText('Scheduled for January 15, 2099 at 9:00 am America/New York.').waitFor();
    const post = await findPost('Planned for later');
    expect(post).toMatchObject({ status: 'future', date: '2099-01-15T09:00:00', date_gmt: '2099-01-15T14:00:00' });
  });

  it('a date that has passed is never scheduled: it publishes now only when the writer says so', async () => {
    const { page } = app;
    await app.open('/posts/new');
    await page.getByLabel('Title', { exact: true }).fill('Late for its date');
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Late.');
    await page.getByLabel('Publish date (America/New York)').fill('2020-03-01T09:00');
    await page.getByRole('button', { name: 'Publish…' }).click();
    const panel = page.getByRole('region', { name: 'Before publishing' });
    await panel.getByRole('alert').getByText('March 1, 2020 at 9:00 am America/New York has passed').waitFor();
    await app.snap('publish-past-date');
    // Cancelling keeps it a draft.
    await panel.getByRole('button', { name: 'Not yet' }).click();
    await app.save();
    expect((await findPost('Late for its date'))?.status).toBe('draft');
    await page.getByRole('button', { name: 'Publish…' }).click();
    await panel.getByRole('button', { name: 'Publish now', exact: true }).click();
    await page.getByText('Published.').waitFor();
    const post = await findPost('Late for its date');
    expect(post?.status).toBe('publish');
    expect(post!.date_gmt > '2026-01-01').toBe(true);
  });

  it('previews a draft as the site will show it, with words not yet saved', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Draft to preview', content: paragraph('Saved words.'), status: 'draft' });
    const { page } = app;
    await app.open(`/posts/${post.id}`);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Fresh words.');
    await page.getByRole('button', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview of the page"]');
    await frame.getByText('Saved words. Fresh words.').waitFor();
    await frame.getByText('Readers cannot see this version yet').waitFor();
    await app.snap('preview');
    await page.keyboard.press('Escape');
    // Readers get nothing at the draft's address.
    expect((await fetch(`${app.host.running.url}/?p=${post.id}&preview=true`)).status).toBe(404);
  });

  it('finds and replaces in the post, as an edit that is saved and undone like typing', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Find me', content: `${paragraph('The cat sat. The <strong>cat</strong> ran.')}\n\n${paragraph('No pets here.')}`, status: 'draft' });
    const { page } = app;
    await app.open(`/posts/${post.id}`);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('Control+h');
    const bar = page.getByRole('search', { name: 'Find and replace' });
    await bar.getByLabel('Find').fill('CAT');
    await bar.getByText('1 of 2').waitFor();
    await bar.getByLabel('Find').press('Enter');
    await bar.getByText('2 of 2').waitFor();
    await bar.getByLabel('Replace with').fill('dog');
    await app.snap('find-replace');
    await bar.getByRole('button', { name: 'Replace all' }).click();
    await bar.getByText('Not found').waitFor();
    await app.save();
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).content.raw).toBe(`${paragraph('The dog sat. The <strong>dog</strong> ran.')}\n\n${paragraph('No pets here.')}`);
  });
});

describe('pages and layout', () => {
  it('picks a parent page by title, and leaves a comfortable column at 900 px', async () => {
    const parent = await app.api.post<Post>('cms/v2/pages', { title: 'About us', status: 'publish' });
    const child = await app.api.post<Post>('cms/v2/pages', { title: 'Our team', status: 'draft' });
    const { page } = app;
    await page.setViewportSize({ width: 900, height: 800 });
    try {
      await app.open(`/pages/${child.id}`);
      // Narrow: the settings start hidden, the text keeps its room.
      await page.getByRole('textbox', { name: 'Content' }).waitFor();
      expect(await page.getByRole('complementary', { name: 'Settings' }).count()).toBe(0);
      const column = await page.locator('.writing-column').boundingBox();
      expect(column!.width).toBeGreaterThanOrEqual(600);
      await app.snap('editor-900px');
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByLabel('Parent page').selectOption({ label: 'About us' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      expect((await app.api.get<Post>(`cms/v2/pages/${child.id}`, { context: 'edit' })).parent).toBe(parent.id);
      // Focus mode: only the text.
      await page.getByRole('button', { name: 'Focus' }).click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      await app.snap('editor-focus-mode');
      await page.getByRole('button', { name: 'Leave focus mode' }).click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});

describe('lists', () => {
  it('keep tab, search and sort in the address, across opening a post and a reload', async () => {
    await app.api.post<Post>('cms/v2/posts', { title: 'Zebra notes', status: 'draft' });
    const { page } = app;
    await app.open('/posts');
    await page.getByRole('button', { name: 'Drafts' }).click();
    await page.getByLabel('Search posts').fill('zebra');
    await page.getByLabel('Sort by').selectOption('title');
    await expect.poll(() => page.url()).toContain('tab=drafts&search=zebra&orderby=title');
    await page.getByRole('link', { name: 'Zebra notes' }).click();
    await page.getByRole('link', { name: '← Posts' }).click();
    await expect.poll(() => page.getByLabel('Search posts').inputValue()).toBe('zebra');
    await page.reload();
    await expect.poll(() => page.getByLabel('Search posts').inputValue()).toBe('zebra');
    expect(await page.getByRole('button', { name: 'Drafts' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Zebra notes' }).waitFor();
  });

  it('list each batch failure by title and reason', async () => {
    const good = await app.api.post<Post>('cms/v2/posts', { title: 'Batch good one', status: 'draft' });
    const bad = await app.api.post<Post>('cms/v2/posts', { title: 'Batch doomed one', status: 'draft' });
    const { page } = app;
    await app.open('/posts?tab=drafts&search=batch');
    await page.getByLabel('Select Batch good one').check();
    await page.getByLabel('Select Batch doomed one').check();
    // Removed behind the list's back: its publish fails.
    await app.api.delete(`cms/v2/posts/${bad.id}`, { force: true });
    await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Publish', exact: true }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Publish: 1 done, 1 failed' });
    await outcome.waitFor();
    const reasons = outcome.getByRole('list', { name: 'Not done' }).getByRole('listitem');
    await expect.poll(() => reasons.allTextContents()).toEqual(['Batch doomed one: It is not on this site: it may have been deleted, or it belongs to another site. Reload, or choose another.']);
    await app.snap('batch-failure');
    expect((await app.api.get<Post>(`cms/v2/posts/${good.id}`, { context: 'edit' })).status).toBe('publish');
  });

  it('schedule with a past date asks first, and permanent delete asks in the page', async () => {
    const post = await app.api.post<Post>('cms/v2/posts', { title: 'Batch late one', status: 'draft' });
    const { page } = app;
    await app.open('/posts?tab=drafts&search=late one');
    await page.getByLabel('Select Batch late one').check();
    const bar = page.getByRole('group', { name: 'Batch actions' });
    await bar.getByLabel('Schedule date').fill('2020-01-01T09:00');
    await bar.getByRole('button', { name: 'Schedule' }).click();
    await bar.getByRole('alert').getByText('January 1, 2020 at 9:00 am America/New York has passed').waitFor();
    await bar.getByRole('button', { name: 'Pick another date' }).click();
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).status).toBe('draft');
    await bar.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByRole('status').filter({ hasText: 'Move to trash: 1 done' }).waitFor();
    await app.open('/posts?tab=trash&search=late one');
    await page.getByLabel('Select Batch late one').check();
    await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByRole('alert').getByText('Delete 1 post for good?').waitFor();
    await app.snap('batch-delete-asks');
    await page.getByRole('button', { name: 'Keep them' }).click();
    expect((await app.api.get<Post>(`cms/v2/posts/${post.id}`, { context: 'edit' })).status).toBe('trash');
    await page.getByRole('group', { name: 'Batch actions' }).getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByRole('button', { name: 'Delete 1 post permanently' }).click();
    await page.getByRole('status').filter({ hasText: 'Delete permanently: 1 done' }).waitFor();
    await expect(app.api.get(`cms/v2/posts/${post.id}`, { context: 'edit' })).rejects.toMatchObject({ status: 404 });
  });
});
