// Synced patterns in Chromium, as a writer meets them (issue 29, writer-features row 27): the
// site's pattern listed under Patterns in the inserter and inserted as a reference, its blocks
// edited in place inside its frame, saved with the post (the post keeps its reference, the pattern
// its new words, both strictly valid), and the other post that uses it shows the edit when opened.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { api } from '../shared/api-routes.ts';
import { onEmptyLine, optionNames, paragraphMarkup as paragraph } from './inserter-steps.ts';
import { patternReference } from '../renderer/editor/synced-patterns.ts';

const app = appForFile({ blockEditor: true });

it('inserts a synced pattern from "+", edits it in place, saves, and the other post using it shows the edit', async () => {
  const created = await app.api.request('POST', api.posts('blocks'), { body: { title: 'Sign-off', content: paragraph('Thanks for reading.'), status: 'publish' } });
  const ref = created.body.id;
  const other = await app.api.request('POST', api.posts('posts'), { body: { title: 'Another post', content: [paragraph('Elsewhere.'), patternReference(ref)].join('\n\n') } });
  const id = await onEmptyLine(app, 'Uses a pattern');
  const { page } = app;
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.keyboard.type('sign-off');
  await expect.poll(() => optionNames(page)).toEqual(['Sign-off, pattern: Synced patterns']);
  await page.keyboard.press('Enter');
  const blocks = page.getByRole('textbox', { name: 'Synced pattern Sign-off' });
  await blocks.getByText('Thanks for reading.').waitFor();
  await expect.poll(() => page.locator('[data-synced-pattern]').innerText()).toContain('Edits change every post that uses it.');
  await app.snap('synced-pattern-inserted');
  // The toolbar acts where the keyboard is: in the pattern, the word selected is made bold there,
  // and the keys sent at once after the toolbar's click act on the pattern's text as it is now.
  await blocks.getByText('Thanks for reading.').click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+Control+ArrowRight');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Come back soon.');
  // The inserter too: a separator made inside the pattern, from "/" on a new line of it.
  await page.keyboard.press('Enter');
  await page.keyboard.type('/separator');
  await expect.poll(() => optionNames(page)).toContain('Separator');
  await page.keyboard.press('Enter');
  await expect.poll(() => blocks.locator('hr').count()).toBe(1);
  await expect.poll(() => blocks.locator('strong').innerText()).toBe('Thanks');
  await expect.poll(() => page.getByRole('status').first().innerText()).not.toBe('All changes saved');
  await app.snap('synced-pattern-edited');

  const content = await app.savedValidBlocks(id);
  expect(content).toBe([paragraph('Start.'), patternReference(ref)].join('\n\n'));
  const pattern = await app.api.request('GET', api.post('blocks', ref), { query: { context: 'edit' } });
  expect(pattern.body.content.raw).toBe(`${paragraph('<strong>Thanks</strong> for reading. Come back soon.')}\n\n<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->`);
  expect(strictlyInvalid(pattern.body.content.raw)).toEqual([]);

  await app.open(`/posts/${other.body.id}`);
  await page.getByRole('textbox', { name: 'Synced pattern Sign-off' }).getByText('for reading. Come back soon.').waitFor();
  await app.snap('synced-pattern-other-post');
  // Opened and left untouched, nothing is written: the other post and the pattern keep their versions.
  const before = await app.api.request('GET', api.post('blocks', ref), { query: { context: 'edit' } });
  await app.save();
  const after = await app.api.request('GET', api.post('blocks', ref), { query: { context: 'edit' } });
  expect(after.body.modified_gmt).toBe(before.body.modified_gmt);
});

it('makes a synced pattern of the writer\'s block from Options, named, then detaches it back into the post\'s own blocks', async () => {
  const id = await onEmptyLine(app, 'Makes a pattern');
  const { page } = app;
  await page.keyboard.type('Our address: 1 High Street.');
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Create synced pattern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create synced pattern' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Address');
  await app.snap('synced-pattern-create');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const blocks = page.getByRole('textbox', { name: 'Synced pattern Address' });
  await blocks.getByText('Our address: 1 High Street.').waitFor();
  const made = await app.api.request('GET', api.posts('blocks'), { query: { search: 'Address', context: 'edit' } });
  const pattern = made.body.find((item) => item.title.raw === 'Address');
  expect(pattern?.content.raw).toBe(paragraph('Our address: 1 High Street.'));
  expect(await app.savedValidBlocks(id)).toBe([paragraph('Start.'), patternReference(pattern!.id)].join('\n\n'));

  // Selected by its label, it offers Detach: its blocks become the post's own again.
  await page.locator('.dynamic-block-label').filter({ hasText: 'Synced pattern' }).click();
  await page.getByRole('button', { name: 'Detach' }).click();
  await expect.poll(() => page.locator('[data-synced-pattern]').count()).toBe(0);
  expect(await app.savedValidBlocks(id)).toBe([paragraph('Start.'), paragraph('Our address: 1 High Street.')].join('\n\n'));
});

it('shows one set of changes where a post uses the same synced pattern twice: typed in one place, the other shows it; saved once; reopened, both show it', async () => {
  const created = await app.api.request('POST', api.posts('blocks'), { body: { title: 'Twice', content: paragraph('Said twice.'), status: 'publish' } });
  const ref = created.body.id;
  const post = await app.api.request('POST', api.posts('posts'), { body: { title: 'Uses it twice', content: [patternReference(ref), paragraph('Between.'), patternReference(ref)].join('\n\n') } });
  const { page } = app;
  await app.open(`/posts/${post.body.id}`);
  const places = page.getByRole('textbox', { name: 'Synced pattern Twice' });
  await expect.poll(() => places.count()).toBe(2);
  await places.nth(0).getByText('Said twice.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' And again.');
  await expect.poll(() => places.nth(1).innerText()).toBe('Said twice. And again.');
  await app.snap('synced-pattern-twice');
  // Typed in the second place, the first follows as well.
  await places.nth(1).getByText('Said twice. And again.').click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect.poll(() => places.nth(0).innerText()).toBe('Said twice. And again.!');
  // The pattern's words are read in both places on the page: counted twice, with the post's own "Between".
  await page.getByText('9 words · 1 min read').waitFor();

  await app.save();
  const pattern = await app.api.request('GET', api.post('blocks', ref), { query: { context: 'edit' } });
  expect(pattern.body.content.raw).toBe(paragraph('Said twice. And again.!'));
  await app.open(`/posts/${post.body.id}`);
  await expect.poll(() => places.allInnerTexts()).toEqual(['Said twice. And again.!', 'Said twice. And again.!']);
});

it('shows an image and a dynamic block inside a synced pattern as the post shows them: the image\'s controls when selected, the preview', async () => {
  const inner = [
    paragraph('Kept with its blocks.'),
    '<!-- wp:image {"sizeSlug":"large"} -->\n<figure class="wp-block-image size-large"><img src="http://127.0.0.1:9/gone.png" alt="A gone picture"/></figure>\n<!-- /wp:image -->',
    '<!-- wp:latest-posts /-->',
  ].join('\n\n');
  const created = await app.api.request('POST', api.posts('blocks'), { body: { title: 'With blocks', content: inner, status: 'publish' } });
  const post = await app.api.request('POST', api.posts('posts'), { body: { title: 'Pattern of blocks', content: patternReference(created.body.id) } });
  const { page } = app;
  await app.open(`/posts/${post.body.id}`);
  const blocks = page.getByRole('textbox', { name: 'Synced pattern With blocks' });
  await blocks.getByText('Kept with its blocks.').waitFor();
  await blocks.locator('.dynamic-block-label').filter({ hasText: 'a preview of what the site shows here' }).waitFor();
  // Shown with its controls and previews, nothing is changed: the post and the pattern stay saved.
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  await blocks.getByRole('img', { name: 'A gone picture' }).click();
  await blocks.getByRole('group', { name: 'Image settings' }).waitFor();
  await app.snap('synced-pattern-blocks-in-place');
  // Untouched, the pattern is not written, and the post keeps its reference.
  const before = await app.api.request('GET', api.post('blocks', created.body.id), { query: { context: 'edit' } });
  expect(await app.savedValidBlocks(post.body.id)).toBe(patternReference(created.body.id));
  const after = await app.api.request('GET', api.post('blocks', created.body.id), { query: { context: 'edit' } });
  expect(after.body.content.raw).toBe(before.body.content.raw);
  expect(after.body.modified_gmt).toBe(before.body.modified_gmt);
});
