// Moving a block from its toolbar's Options (issue 29), as the block editor's toolbar arrows do: Move
// up and Move down swap the writer's block with its neighbour, a paragraph in a column among its
// column's blocks, the others saved byte for byte; at the end nothing moves.
import { expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { paragraphMarkup as paragraph } from './inserter-steps.ts';

const app = appForFile();
const column = (inner: string) => `<!-- wp:column -->\n<div class="wp-block-column">${inner}</div>\n<!-- /wp:column -->`;
const columns = (...inner: string[]) => `<!-- wp:columns -->\n<div class="wp-block-columns">${inner.map(column).join('\n\n')}</div>\n<!-- /wp:columns -->`;

it('moves the writer\u2019s block up and down from Options, in the post and in a column', async () => {
  const { page } = app;
  const [one, two, three] = ['One.', 'Two.', 'Three.'].map(paragraph);
  const [left, under] = [paragraph('Left.'), paragraph('Under left.')];
  const { id } = await app.openPost({ title: 'Moves', content: [one, two, columns(`${left}\n\n${under}`, paragraph('Right.')), three].join('\n\n') });
  const content = page.getByRole('textbox', { name: 'Content' });
  const choose = async (name: string) => {
    await page.getByRole('toolbar', { name: 'Block', exact: true }).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name }).click();
  };
  await content.getByText('Two.').click();
  await choose('Move up');
  await app.snap('block-moved-up');
  // At the top already: nothing moves.
  await choose('Move up');
  await content.getByText('Under left.').click();
  await choose('Move up');
  const saved = await app.savedValidBlocks(id);
  expect(saved).toBe([two, one, columns(`${under}\n\n${left}`, paragraph('Right.')), three].join('\n\n'));
  await content.getByText('Two.').click();
  await choose('Move down');
  expect(await app.savedValidBlocks(id)).toBe([one, two, columns(`${under}\n\n${left}`, paragraph('Right.')), three].join('\n\n'));
});
