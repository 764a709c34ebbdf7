// What the editor offers and says in a connected site's local copy, by the rights of the
// account sync signs in with, in Chromium against a real remote site: a contributor is offered
// draft and "Waiting for review" (no Publish, no Private) and is told "Submitted for review";
// an author publishes, and is told it will be published at the next sync (the site has it only
// after that sync: no "View the post" link to a page the site does not have yet).
import { afterEach, describe, expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import type { ConnectedSite } from '../shared/connected-sites.ts';

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());

/** Connects the remote as this account and syncs it once, through the app's private routes. */
async function connectAndSync(role: 'contributor' | 'author'): Promise<ConnectedSite> {
  const { login, appPassword } = remote.users[role];
  const site = await app.api.post<ConnectedSite>('inkwell/v1/sites', { address: remote.url, login, password: appPassword });
  await syncOnce(site.id);
  return site;
}

async function syncOnce(id: string): Promise<void> {
  const before = (await app.api.get<ConnectedSite[]>('inkwell/v1/sites')).find((site) => site.id === id)?.lastSync?.id ?? 0;
  await app.api.post(`inkwell/v1/sites/${id}/sync`, {});
  await expect.poll(async () => {
    const site = (await app.api.get<ConnectedSite[]>('inkwell/v1/sites')).find((each) => each.id === id);
    return site?.syncing === null && (site.lastSync?.id ?? 0) > before ? site.lastSync?.result : 'running';
  }, { timeout: 30_000 }).toBe('ok');
}

/** A new post in the site's local copy, from its card on the Sites screen. */
async function newPostFor(site: ConnectedSite, title: string): Promise<void> {
  const { page } = app;
  // Connected through the routes: the screen reads the list anew.
  await page.reload();
  await page.getByRole('link', { name: 'Sites' }).click();
  await page.getByRole('listitem', { name: site.name }).getByRole('button', { name: 'Write for this site' }).click();
  await expect.poll(() => page.getByLabel('Writing for').inputValue()).toBe(site.id);
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  if ((await page.getByRole('button', { name: 'Settings' }).getAttribute('aria-pressed')) !== 'true') await page.getByRole('button', { name: 'Settings' }).click();
}

async function remotePosts(title: string): Promise<{ status: string }[]> {
  return (await remote.api('cms/v2/posts', { as: 'editor', query: { search: title, status: 'publish,pending,draft,private,future', context: 'edit' } })).body;
}

afterEach(async () => {
  const { page } = app;
  await page.getByLabel('Writing for').selectOption('');
  for (const site of await app.api.get<ConnectedSite[]>('inkwell/v1/sites')) await app.api.delete(`inkwell/v1/sites/${site.id}`);
});

describe('the editor in a connected site’s copy, by the account’s rights', () => {
  it('offers a contributor only draft and review, and says "Submitted for review"', async () => {
    const site = await connectAndSync('contributor');
    expect((await app.api.get<ConnectedSite[]>('inkwell/v1/sites'))[0].rights).toEqual({ role: 'contributor', post: { publish: false }, page: { publish: false } });
    const { page } = app;
    await newPostFor(site, 'A contributor’s post');
    const saveAs = page.getByLabel('Save as');
    expect(await saveAs.locator('option').allTextContents()).toEqual(['Draft', 'Waiting for review']);
    expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for review…' }).click();
    const panel = page.getByRole('region', { name: 'Before publishing' });
    await panel.getByText('This account may not publish here').waitFor();
    expect(await panel.getByLabel(/Publish on/).count()).toBe(0);
    await app.snap('sites-rights-contributor-submit');
    await panel.getByRole('button', { name: 'Submit for review', exact: true }).click();
    const said = page.getByRole('status').filter({ hasText: 'Submitted for review' });
    await said.waitFor();
    expect(await said.textContent()).toContain(`it goes to ${site.name}’s editors at the next sync`);
    expect(await page.getByRole('link', { name: /View the/ }).count()).toBe(0);
    expect(await page.getByText(/Published/).count()).toBe(0);

    expect(await remotePosts('A contributor’s post')).toEqual([]);
    await syncOnce(site.id);
    expect((await remotePosts('A contributor’s post')).map((post) => post.status)).toEqual(['pending']);
  });

  it('lets an author publish, saying it will be published at the next sync, and the site has it after that sync', async () => {
    const site = await connectAndSync('author');
    expect((await app.api.get<ConnectedSite[]>('inkwell/v1/sites'))[0].rights).toEqual({ role: 'author', post: { publish: true }, page: { publish: false } });
    const { page } = app;
    await newPostFor(site, 'An author’s post');
    expect(await page.getByLabel('Save as').locator('option').allTextContents()).toEqual(['Draft', 'Waiting for review', 'Private (only editors of the site see it)']);
    await page.getByRole('button', { name: 'Publish…' }).click();
    const panel = page.getByRole('region', { name: 'Before publishing' });
    await panel.getByRole('heading', { name: 'Ready to publish?' }).waitFor();
    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    const said = page.getByRole('status').filter({ hasText: `Will be published on ${site.name} at the next sync.` });
    await said.waitFor();
    await app.snap('sites-rights-author-published-locally');
    expect(await page.getByRole('link', { name: /View the/ }).count()).toBe(0);

    expect(await remotePosts('An author’s post')).toEqual([]);
    await syncOnce(site.id);
    expect((await remotePosts('An author’s post')).map((post) => post.status)).toEqual(['publish']);
  });
});
