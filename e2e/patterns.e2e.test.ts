// Ready-made patterns in Chromium, as a writer inserts them (issue 29, writer-features row 26):
// "+" and "/" list the patterns after the blocks, each with its category, found by typing and
// chosen with the arrows and Enter; the blocks inserted are ordinary ones, edited in place, saved
// as the block editor saves them (validateBlock on every block) and shown editable when the post
// is opened again.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { strictlyInvalid } from '../tests/helpers/strict-validity.ts';
import { APP_PATTERNS } from '../renderer/editor/app-patterns.ts';
import { onEmptyLine as emptyLineIn, optionNames as namesIn, paragraphMarkup as paragraph } from './inserter-steps.ts';

const app = appForFile({ blockEditor: true });

const patternNamed = (title: string) => APP_PATTERNS.find((pattern) => pattern.title === title)?.content ?? '';
const optionNames = () => namesIn(app.page);
const selected = () => app.page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { selected: true }).getAttribute('aria-label');

const onEmptyLine = () => emptyLineIn(app, 'Patterns');

/** The post saved, strictly valid, then opened again: its text shown in editable blocks, none read-only. */
async function savedAndReopened(id: number, shown: string): Promise<string> {
  const content = await app.savedValidBlocks(id);
  expect(strictlyInvalid(content)).toEqual([]);
  await app.open(`/posts/${id}`);
  const editor = app.page.getByRole('textbox', { name: 'Content' });
  await editor.getByText(shown).waitFor();
  expect(await editor.locator('[data-unknown-block]').count()).toBe(0);
  return content;
}

it('inserts a pattern from "+": listed after the blocks with its category, chosen with the arrows, edited, saved and reopened', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.keyboard.type('pattern');
  // Every pattern of the app, under its heading, each with its category.
  await expect.poll(optionNames).toEqual(APP_PATTERNS.map((pattern) => expect.stringMatching(new RegExp(`^${pattern.title}, pattern: `))));
  await app.snap('patterns-plus');
  // The arrows reach the last pattern, below the list's fold, and it comes into view.
  await page.keyboard.press('ArrowUp');
  const last = APP_PATTERNS[APP_PATTERNS.length - 1];
  await expect.poll(selected).toBe(`${last.title}, pattern: Banners`);
  const inView = () => app.page.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { selected: true }).evaluate((option) => {
    const list = option.closest('.inserter-popover')?.getBoundingClientRect();
    const box = option.getBoundingClientRect();
    return list !== undefined && box.top >= list.top && box.bottom <= list.bottom;
  });
  await expect.poll(inView).toBe(true);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('two columns');
  await expect.poll(optionNames).toEqual(['Columns (2)', 'Two columns of text, pattern: Columns']);
  await page.keyboard.press('ArrowDown');
  await expect.poll(selected).toBe('Two columns of text, pattern: Columns');
  await page.keyboard.press('Enter');
  // The caret is in the pattern's first heading, as in any new block: the writer types there.
  await page.keyboard.type('Left: ');
  await app.snap('patterns-two-columns');
  const content = await savedAndReopened(id, 'The words of the second column.');
  expect(content).toBe(`${paragraph('Start.')}\n\n${patternNamed('Two columns of text').replace('>On the left<', '>Left: On the left<')}`);
});

it('inserts a pattern from "/" in an empty paragraph, found by its category or a keyword, the "/search" typed gone', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  await page.keyboard.type('/faq');
  await expect.poll(optionNames).toEqual(['Details', 'Accordion', 'Questions and answers, pattern: Text']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Why tea? ');
  // A new line after the first paragraph, before the pattern.
  await page.getByRole('textbox', { name: 'Content' }).getByText('Start.').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('/call to action');
  // The block that matches first, then the patterns of that category.
  await expect.poll(optionNames).toEqual(['Buttons', 'Call to action, pattern: Call to action', 'Three plans and their prices, pattern: Call to action']);
  await app.snap('patterns-slash');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const content = await savedAndReopened(id, 'Another answer.');
  expect(content).not.toContain('/call to action');
  expect(content).not.toContain('/faq');
  expect(content).toBe([
    paragraph('Start.'),
    patternNamed('Call to action'),
    patternNamed('Questions and answers').replace('<h2 class="wp-block-heading">Questions and answers</h2>', '<h2 class="wp-block-heading">Why tea? Questions and answers</h2>'),
  ].join('\n\n'));
  await app.snap('patterns-reopened');
});

it('inserts a cover over its colour and a pullquote between paragraphs, each found by a word of its name', async () => {
  const id = await onEmptyLine();
  const { page } = app;
  for (const [search, shown] of [['/pullquote between', 'The line a reader should remember.'], ['/colour band', 'A title over colour']]) {
    await page.keyboard.type(search);
    await expect.poll(optionNames).toEqual([expect.stringContaining(', pattern: ')]);
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Content' }).getByText(shown).waitFor();
    await page.getByRole('textbox', { name: 'Content' }).getByText('Start.').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
  }
  await app.snap('patterns-cover-and-pullquote');
  await page.keyboard.press('Backspace');
  const content = await savedAndReopened(id, 'The line a reader should remember.');
  expect(content).toBe([paragraph('Start.'), patternNamed('Title over a colour band'), patternNamed('Pullquote between paragraphs')].join('\n\n'));
});
