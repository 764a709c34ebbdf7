// The first table block: its table alone, the block's class on it (before tables stood in a figure,
// WordPress 5.3), and a table captioned before its caption had a class (wp-element-caption,
// WordPress 6.1). The block editor's deprecations write them as the current save does (the first in
// its figure, the caption with its class); the fixed layout, off then unless set, is on by default
// now, so a table without it says so. A table of one of the first tables' named colours (before
// WordPress 6.1) has it as the custom background it was, as its deprecation migrates it.
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { blockMarkup, nodeMarkup } from './serialize-blocks.ts';
import { readTable } from './table-block.ts';
import { HTML_READING } from './html-nodes.ts';

/** The oldest table: the block's class on the table, and its fixed layout's class when set. */
const TABLE_ALONE = /^\s*<table class="wp-block-table( has-fixed-layout)?">([\s\S]*)<\/table>\s*$/;

/** A table captioned before its caption had a class: the figure of the block alone, its table (fixed or not) and its caption. */
const CAPTIONED_BEFORE_61 = /^\s*<figure class="wp-block-table"><table( class="has-fixed-layout")?>([\s\S]*)<\/table><figcaption>([\s\S]*)<\/figcaption><\/figure>\s*$/;

/** The colours the first tables offered, by name, which the block editor's deprecation (v2) gives as the custom background they were. */
const OLD_COLOURS: Readonly<Record<string, string>> = { 'subtle-light-gray': '#f3f4f5', 'subtle-pale-green': '#e9fbe5', 'subtle-pale-blue': '#e7f5fe', 'subtle-pale-pink': '#fcf0ef' };

/** A table of a named background colour as a save wrote it: maybe its figure, its table's classes, its rows, maybe a caption (with its class or without). */
const COLOURED = /^\s*(<figure class="wp-block-table">)?<table class="([^"]*)">([\s\S]*)<\/table>(?:<figcaption( class="wp-element-caption")?>([\s\S]*)<\/figcaption>)?(<\/figure>)?\s*$/;

/** The table as the current save writes it for these attributes (its figure, its table's opening tag), its cells as the editor writes them (an entity as the character it stands for, as the block editor writes it too). */
function currentTableMarkup(attributes: Record<string, unknown>, tableTag: string, rows: string, caption: string | undefined): string {
  const migrated = blockMarkup('table', attributes, `<figure class="wp-block-table">${tableTag}${rows}</table>${caption === undefined ? '' : `<figcaption class="wp-element-caption">${caption}</figcaption>`}</figure>`);
  const [piece] = splitBlocks(migrated);
  const table = piece?.kind === 'block' ? readTable(piece.block, piece.source, HTML_READING) : null;
  return table ? nodeMarkup(table) : migrated;
}

/**
 * A table of a named background colour in an older form (alone, its caption without a class, or of
 * the fixed layout's older default, off), as the block editor's deprecations migrate it: one of the
 * first tables' colours captioned without a class or not at all (the save of v2, which the block
 * editor tries first among those eligible) given as the custom background it was, any other kept by
 * name. One alone and not fixed the block editor migrates keeping the name and saying its layout
 * unfixed, which v2 reads again and would migrate (its strict validator rejects it): written as v2
 * migrates it. Null when it is current or not such a form.
 */
function tableOfNamedColour(block: ParsedBlock, slug: string): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  const read = COLOURED.exec(block.innerHTML);
  if (!read || !Object.keys(attributes).every((name) => name === 'hasFixedLayout' || name === 'backgroundColor')) return null;
  const [, figure, classes, rows, captionClass, caption, figureEnd] = read;
  const fixed = attributes.hasFixedLayout === true;
  const colourClasses = [`has-${slug}-background-color`, 'has-background'];
  const expected = [...(figure ? [] : ['wp-block-table']), ...colourClasses, ...(fixed ? ['has-fixed-layout'] : [])];
  const found = classes.split(' ');
  if (Boolean(figure) !== Boolean(figureEnd) || (!figure && caption !== undefined) || found.length !== expected.length || !expected.every((name) => found.includes(name))) return null;
  const toCustom = !captionClass && Object.hasOwn(OLD_COLOURS, slug) && (Boolean(figure) || !fixed);
  // Current: in its figure, its caption of its class (if any), its layout said, its colour kept.
  if (figure && (caption === undefined || captionClass) && !toCustom && attributes.hasFixedLayout !== undefined) return null;
  const background = toCustom ? OLD_COLOURS[slug] : undefined;
  const tableTag = `<table class="${[...(background ? ['has-background'] : colourClasses), ...(fixed ? ['has-fixed-layout'] : [])].join(' ')}"${background ? ` style="background-color:${background}"` : ''}>`;
  const written = { ...(fixed ? {} : { hasFixedLayout: false }), ...(background ? { style: { color: { background } } } : { backgroundColor: slug }) };
  return currentTableMarkup(written, tableTag, rows, caption);
}

/** The table's rows and caption as the block editor migrates them, or null when it is not one of these forms or says more (an alignment, other colours). */
export function currentTable(block: ParsedBlock): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerBlocks.length > 0) return null;
  if (typeof attributes.backgroundColor === 'string') return tableOfNamedColour(block, attributes.backgroundColor);
  if (!Object.keys(attributes).every((name) => name === 'hasFixedLayout')) return null;
  const fixed = attributes.hasFixedLayout === true;
  const alone = TABLE_ALONE.exec(block.innerHTML);
  const captioned = CAPTIONED_BEFORE_61.exec(block.innerHTML);
  const [, fixedClass, rows, caption] = alone ?? captioned ?? [];
  if (rows === undefined || fixed !== Boolean(fixedClass)) return null;
  return currentTableMarkup(fixed ? {} : { hasFixedLayout: false }, `<table${fixed ? ' class="has-fixed-layout"' : ''}>`, rows, caption);
}
