// The first table block: its table alone, the block's class on it (before tables stood in a figure,
// WordPress 5.3), and a table captioned before its caption had a class (wp-element-caption,
// WordPress 6.1). The block editor's deprecations write them as the current save does (the first in
// its figure, the caption with its class); the fixed layout, off then unless set, is on by default
// now, so a table without it says so.
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { blockMarkup, nodeMarkup } from './serialize-blocks.ts';
import { readTable } from './table-block.ts';
import { HTML_READING } from './html-nodes.ts';

/** The oldest table: the block's class on the table, and its fixed layout's class when set. */
const TABLE_ALONE = /^\s*<table class="wp-block-table( has-fixed-layout)?">([\s\S]*)<\/table>\s*$/;

/** A table captioned before its caption had a class: the figure of the block alone, its table (fixed or not) and its caption. */
const CAPTIONED_BEFORE_61 = /^\s*<figure class="wp-block-table"><table( class="has-fixed-layout")?>([\s\S]*)<\/table><figcaption>([\s\S]*)<\/figcaption><\/figure>\s*$/;

/** The table's rows and caption as the block editor migrates them, or null when it is not one of these forms or says more (an alignment, colours). */
export function currentTable(block: ParsedBlock): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => name === 'hasFixedLayout')) return null;
  const fixed = attributes.hasFixedLayout === true;
  const alone = TABLE_ALONE.exec(block.innerHTML);
  const captioned = CAPTIONED_BEFORE_61.exec(block.innerHTML);
  const [, fixedClass, rows, caption] = alone ?? captioned ?? [];
  if (rows === undefined || fixed !== Boolean(fixedClass)) return null;
  const migrated = blockMarkup('table', fixed ? {} : { hasFixedLayout: false }, `<figure class="wp-block-table"><table${fixed ? ' class="has-fixed-layout"' : ''}>${rows}</table>${caption === undefined ? '' : `<figcaption class="wp-element-caption">${caption}</figcaption>`}</figure>`);
  // Its cells as the editor writes them (an entity as the character it stands for, as the block editor writes it too).
  const [piece] = splitBlocks(migrated);
  const table = piece?.kind === 'block' ? readTable(piece.block, piece.source, HTML_READING) : null;
  return table ? nodeMarkup(table) : migrated;
}
