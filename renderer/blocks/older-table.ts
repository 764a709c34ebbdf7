// The first table block: its table alone, the block's class on it (before tables stood in a figure,
// WordPress 5.3). The block editor's deprecation puts it in the figure the current save writes; its
// fixed layout, off then unless set, is on by default now, so a table without it says so.
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { blockMarkup, nodeMarkup } from './serialize-blocks.ts';
import { readTable } from './table-block.ts';
import { HTML_READING } from './html-nodes.ts';

/** The oldest table: the block's class on the table, and its fixed layout's class when set. */
const TABLE_ALONE = /^\s*<table class="wp-block-table( has-fixed-layout)?">([\s\S]*)<\/table>\s*$/;

/** The table in the figure the block editor migrates it to, or null when it is not that form or says more (an alignment, colours). */
export function currentTable(block: ParsedBlock): string | null {
  const html = TABLE_ALONE.exec(block.innerHTML);
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const fixed = attributes.hasFixedLayout === true;
  if (!html || block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => name === 'hasFixedLayout') || fixed !== Boolean(html[1])) return null;
  const migrated = blockMarkup('table', fixed ? {} : { hasFixedLayout: false }, `<figure class="wp-block-table"><table${fixed ? ' class="has-fixed-layout"' : ''}>${html[2]}</table></figure>`);
  // Its cells as the editor writes them (an entity as the character it stands for, as the block editor writes it too).
  const [piece] = splitBlocks(migrated);
  const table = piece?.kind === 'block' ? readTable(piece.block, piece.source, HTML_READING) : null;
  return table ? nodeMarkup(table) : migrated;
}
