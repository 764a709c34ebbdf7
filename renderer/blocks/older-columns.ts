// Columns as the first column block wrote them (WordPress 5.0's beta): the columns' count as a
// class (`has-N-columns`) and their paragraphs side by side, each naming its column in a
// `layout` attribute and a `layout-column-N` class. The block editor's deprecation puts each
// paragraph in a column block of its own column, in order; the class stays the paragraph's own.
import type { ParsedBlock } from './split-blocks.ts';
import { BLOCK_SPACING, blockMarkup } from './serialize-blocks.ts';
import { tidyOwnHtml } from './older-inner-blocks.ts';

/** A paragraph of the older columns: the column it names, and its HTML. */
const COLUMN_PARAGRAPH = /^\s*<p class="layout-column-(\d+)">([\s\S]*)<\/p>\s*$/;

/** The columns in their current form, or null when they are not the older form this migration knows. */
export function currentColumns(block: ParsedBlock): string | null {
  const { columns = 2, ...others } = (block.attrs ?? {}) as Record<string, unknown>;
  const [opening, ...rest] = block.innerContent;
  const closing = rest[rest.length - 1];
  if (Object.keys(others).length > 0 || typeof opening !== 'string' || typeof closing !== 'string' || tidyOwnHtml(opening) !== `<div class="wp-block-columns has-${String(columns)}-columns">` || tidyOwnHtml(closing) !== '</div>') return null;
  const placed: string[][] = [];
  for (const inner of block.innerBlocks) {
    const paragraph = COLUMN_PARAGRAPH.exec(inner.innerHTML);
    if (inner.blockName !== 'core/paragraph' || !paragraph || inner.innerBlocks.length > 0 || JSON.stringify(inner.attrs) !== JSON.stringify({ layout: `column-${paragraph[1]}` })) return null;
    const index = Number(paragraph[1]) - 1;
    placed[index] = [...(placed[index] ?? []), blockMarkup('paragraph', { className: `layout-column-${paragraph[1]}` }, `<p class="layout-column-${paragraph[1]}">${paragraph[2]}</p>`)];
  }
  // A column named by none of the paragraphs has no block to make (the block editor's migration skips it too): kept as written.
  if (placed.length === 0 || [...placed].some((column) => column === undefined)) return null;
  const columnBlocks = placed.map((paragraphs) => blockMarkup('column', {}, `<div class="wp-block-column">${paragraphs.join(BLOCK_SPACING)}</div>`));
  return blockMarkup('columns', {}, `<div class="wp-block-columns">${columnBlocks.join(BLOCK_SPACING)}</div>`);
}
