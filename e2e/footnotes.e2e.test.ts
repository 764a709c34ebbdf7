// Footnotes in Chromium, in a post made with the block editor's own serialiser: the marks show
// numbered, the notes are edited in the footnotes block, a new footnote goes in at the caret,
// and the save writes valid blocks and the notes in the post's `footnotes` meta.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { blockEditor } from '../tests/helpers/block-editor.ts';
import { checkSaved } from '../tests/helpers/strict-validity.ts';

const app = appForFile({ blockEditor: true });

const A = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const B = 'b7a6c5d4-e3f2-4a1b-9c8d-7e6f5a4b3c2d';
const mark = (id: string, number: number) => `<sup data-fn="${id}" class="fn"><a href="#${id}" id="${id}-link">${number}</a></sup>`;

it('edits a note, adds a footnote at the caret, and saves valid blocks with the notes in the meta', async () => {
  const wp = blockEditor();
  const first = wp.serialize([wp.createBlock('core/paragraph', { content: `Tea${mark(A, 1)} and cake${mark(B, 2)}.` })]);
  const second = wp.serialize([wp.createBlock('core/paragraph', { content: 'Then a walk' })]);
  const original = [first, second, wp.serialize([wp.createBlock('core/footnotes')])].join('\n\n');
  const footnotes = JSON.stringify([{ content: 'Assam, <em>strong</em>.', id: A }, { content: 'Lemon drizzle.', id: B }]);
  const post = await app.openPost({ title: 'Footnotes', content: original, meta: { footnotes } });
  expect(post.meta.footnotes).toBe(footnotes);
  const { page } = app;
  const content = page.getByRole('textbox', { name: 'Content' });

  await expect.poll(() => content.locator('sup.fn').allTextContents()).toEqual(['1', '2']);
  const notes = content.locator('.footnotes-block li');
  expect(await notes.allTextContents()).toEqual(['Assam, strong.', 'Lemon drizzle.']);
  await app.snap('footnotes');

  // A writer edits the second note, then adds a footnote after "walk".
  await notes.nth(1).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' With cream.');
  await content.locator('p', { hasText: 'Then a walk' }).click();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Footnote' }).click();
  await page.keyboard.type('On the cliffs.');
  await expect.poll(() => notes.allTextContents()).toEqual(['Assam, strong.', 'Lemon drizzle. With cream.', 'On the cliffs.']);
  await app.snap('footnotes-added');

  const saved = await app.savedPost(post.id);
  const markup = saved.content.raw ?? '';
  const check = checkSaved(original, markup);
  expect(check.invalid).toEqual([]);
  // The paragraph with the marks and the footnotes block are kept byte for byte; only the second paragraph changed.
  expect(check.changed).toEqual([second]);
  const meta = JSON.parse(String(saved.meta.footnotes)) as { id: string; content: string }[];
  expect(meta.map((note) => note.content)).toEqual(['Assam, <em>strong</em>.', 'Lemon drizzle. With cream.', 'On the cliffs.']);
  expect(meta.slice(0, 2).map((note) => note.id)).toEqual([A, B]);
  expect(markup).toContain(`Then a walk${mark(meta[2].id, 3)}</p>`);
}, 120_000);
