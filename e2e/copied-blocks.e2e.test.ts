// Blocks copied and pasted in Chromium as the block editor copies and pastes them (issue 29): a
// block selected whole from the list view and copied is pasted in another post as itself, byte
// for byte, and the block editor's own copy (its markup as HTML, behind the `<meta charset>`
// Chromium puts before HTML from the system clipboard) pastes as those blocks. Every block
// the inserter makes is held to the same in tests/unit/pasted-block-markup.test.ts.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { INSERTER_BLOCKS } from '../tests/helpers/inserter-blocks.ts';

const app = appForFile({ blockEditor: true });
const markupOf = (title: string) => INSERTER_BLOCKS.find(([name]) => name === title)?.[1] ?? '';
const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

/** A new post of nothing, with the caret in its empty line; its id. */
async function emptyPost(title: string): Promise<number> {
  const { id } = await app.openPost({ title, content: '' });
  await app.page.getByRole('textbox', { name: 'Content' }).click();
  return id;
}

it.each(['Columns (2)', 'Details', 'Media & text'])('copies a %s block selected whole and pastes it in another post as itself', async (title) => {
  const { page } = app;
  const markup = markupOf(title);
  await app.openPost({ title: `Copied from: ${title}`, content: [paragraph('Words first.'), markup].join('\n\n') });
  await page.getByRole('textbox', { name: 'Content' }).getByText('Words first.').click();
  // The block selected whole from the list view, as a writer picks a block holding others.
  await page.keyboard.press('Shift+Alt+O');
  await page.getByRole('treeitem').nth(1).click();
  await page.keyboard.press('Shift+Alt+O');
  const copied = await page.getByRole('textbox', { name: 'Content' }).evaluate((editor) => {
    const clipboard = new DataTransfer();
    editor.dispatchEvent(new ClipboardEvent('copy', { clipboardData: clipboard, bubbles: true, cancelable: true }));
    return { 'text/html': clipboard.getData('text/html'), 'text/plain': clipboard.getData('text/plain') };
  });
  const id = await emptyPost(`Pasted: ${title}`);
  await app.paste(copied);
  expect(await app.savedValidBlocks(id)).toBe(markup);
});

it('pastes the block editor\u2019s copy of blocks (its markup as HTML and as text) as those blocks', async () => {
  const markup = [markupOf('Columns (2)'), paragraph('After the columns.')].join('\n\n');
  const id = await emptyPost('Pasted from the block editor');
  await app.paste({ 'text/html': `<meta charset='utf-8'>${markup}`, 'text/plain': markup });
  await app.page.getByRole('textbox', { name: 'Content' }).getByText('After the columns.').waitFor();
  await app.snap('pasted-block-editor-copy');
  expect(await app.savedValidBlocks(id)).toBe(markup);
});
