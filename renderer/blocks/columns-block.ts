// Columns (`core/columns`) and each column (`core/column`): block containers, their own HTML held
// around the blocks they hold; their colours from the block's toolbar, the columns' alignment
// (wide or full) and how many columns there are (renderer/editor/block-settings.ts). A column goes
// only in columns, and columns hold only columns, as the block editor allows them.
import { newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { NEW_PARAGRAPH } from './paragraph-block.ts';

export const COLUMNS = 'core/columns';
const COLUMN = 'core/column';

/** A new column, holding an empty paragraph, as the columns block adds one. */
export const NEW_COLUMN = newBlockMarkup('column', `<div class="wp-block-column">${NEW_PARAGRAPH}</div>`);

const columnsMarkup = (count: number) => newBlockMarkup('columns', `<div class="wp-block-columns">${Array.from({ length: count }, () => NEW_COLUMN).join('\n\n')}</div>`);

export const columnsBlock: BlockDefinition = {
  containers: [COLUMNS, COLUMN],
  colours: { [COLUMNS]: { title: 'Columns', text: true, link: true }, [COLUMN]: { title: 'Column', text: true, link: true } },
  alignments: { [COLUMNS]: { title: 'Columns', options: ['wide', 'full'] } },
  nesting: {
    [COLUMN]: { onlyIn: { names: [COLUMNS], why: 'A column goes only in columns.' }, standsEmpty: true },
    [COLUMNS]: { holdsOnly: { names: [COLUMN], why: 'Columns hold only columns.' } },
  },
  inserter: [
    { title: 'Columns (2)', keywords: 'layout side by side two', after: 'Table', markup: columnsMarkup(2) },
    { title: 'Columns (3)', keywords: 'layout side by side three', after: 'Columns (2)', markup: columnsMarkup(3) },
  ],
};
