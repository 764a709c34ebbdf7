// The settings of the block the writer is in, for its own toolbar (BlockToolbar.tsx): what each
// shows now, and the transaction that changes it, written as the block editor saves it
// (renderer/blocks/block-align.ts).
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { markupToDoc } from '../blocks/block-markup.ts';
import { DYNAMIC_BLOCKS, innerOnceChanged } from '../blocks/dynamic-blocks.ts';
import { escapeText } from '../blocks/inline-html.ts';
import { htmlText } from '../blocks/kept-attributes.ts';
import { MORE_NODE } from '../blocks/more-block.ts';
import { QUOTE_NODE } from '../blocks/quote-block.ts';
import { LIST_ITEM_NODE } from '../blocks/list-block.ts';
import { HEADING_NODE } from '../blocks/heading-block.ts';
import { PARAGRAPH_NODE } from '../blocks/paragraph-block.ts';
import { withFontSize, withLinkColour, withPresetColour, type ColourRole } from '../blocks/text-colours.ts';
import { DEFINED_ALIGNMENTS } from '../blocks/defined-blocks.ts';
import { DETAILS, withDetailsOpen } from '../blocks/details-block.ts';
import { COLUMNS, NEW_COLUMN } from '../blocks/columns-block.ts';
import { BLOCK_ALIGNMENTS, blockAlignOf, textAlignOf, withBlockAlign, withTextAlign, type TextAlign, type TextBlock } from '../blocks/block-align.ts';
import { IMAGE_BLOCK, IMAGE_NODE } from '../blocks/image-block.ts';
import { isCustomGradient } from '../blocks/custom-gradient.ts';

interface Found { position: number; node: PmNode }

const attributesOf = (node: PmNode) => (node.attrs.blockAttributes ?? null) as Record<string, unknown> | null;

/** The nodes the selection stands in, innermost first (a selected block itself first). */
export function around(state: EditorState): Found[] {
  const { selection } = state;
  const found: Found[] = selection instanceof NodeSelection ? [{ position: selection.from, node: selection.node }] : [];
  const { $from } = selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) found.push({ position: $from.before(depth), node: $from.node(depth) });
  return found;
}

/** The paragraph or heading block the caret is in (not a list item's line, nor classic content, whose HTML has no block attributes). */
export function textBlockAt(state: EditorState): (Found & { block: TextBlock; align: TextAlign }) | null {
  const nodes = around(state);
  const inner = nodes[0];
  if (!inner || ![PARAGRAPH_NODE, HEADING_NODE].includes(inner.node.type.name)) return null;
  if (nodes.some(({ node }) => [LIST_ITEM_NODE, 'classicBlock', 'tableCell', 'tableHeader'].includes(node.type.name))) return null;
  const block = inner.node.type.name as TextBlock;
  return { ...inner, block, align: textAlignOf(block, attributesOf(inner.node)) };
}

/** A paragraph's or heading's opening tag as held, or as the block editor writes it new. */
function openingTagOf(node: PmNode, block: TextBlock): string {
  if (typeof node.attrs.openingTag === 'string') return node.attrs.openingTag;
  return block === HEADING_NODE ? `<h${Number(node.attrs.level ?? 2)} class="wp-block-heading">` : '<p>';
}

export function setTextAlign(state: EditorState, align: TextAlign): Transaction | null {
  const found = textBlockAt(state);
  if (!found) return null;
  const { node, position, block } = found;
  const held = openingTagOf(node, block);
  const next = withTextAlign(block, attributesOf(node), held, align);
  return state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...next });
}

/** A background choice: a palette colour's slug, or a gradient's as `gradient:<slug>` ('' for none); a custom colour or gradient is its value. */
export const GRADIENT_CHOICE = 'gradient:';

/** The colour role and slug (or custom value) a choice of `part` names: a custom gradient's CSS value is a gradient's. */
export function roleOf(part: 'text' | 'background', choice: string): { role: ColourRole; slug: string } {
  if (part === 'background' && choice.startsWith(GRADIENT_CHOICE)) return { role: 'gradient', slug: choice.slice(GRADIENT_CHOICE.length) };
  if (part === 'background' && isCustomGradient(choice)) return { role: 'gradient', slug: choice };
  return { role: part, slug: choice };
}

/** A colour a block's toolbar sets: its text's, its background (or gradient), its links'. */
export type ColourPart = 'text' | 'background' | 'link';

/** A block's attributes and the opening tag of the element carrying its colours with its `part` colour the `choice` ('' for none). */
export function withColourChoice(attributes: Record<string, unknown> | null, openingTag: string, part: ColourPart, choice: string): { blockAttributes: Record<string, unknown> | null; openingTag: string } {
  if (part === 'link') return withLinkColour(attributes, openingTag, choice);
  const { role, slug } = roleOf(part, choice);
  return withPresetColour(attributes, openingTag, role, slug);
}

/** The paragraph or heading the caret is in with its text colour, background or link colour the `choice` ('' for none). */
export function setTextColour(state: EditorState, part: ColourPart, choice: string): Transaction | null {
  const found = textBlockAt(state);
  if (!found) return null;
  const { node, position, block } = found;
  return state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...withColourChoice(attributesOf(node), openingTagOf(node, block), part, choice) });
}

/** The paragraph or heading the caret is in with its font size the preset `slug` ('' for none). */
export function setFontSize(state: EditorState, slug: string): Transaction | null {
  const found = textBlockAt(state);
  if (!found) return null;
  const { node, position, block } = found;
  return state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...withFontSize(attributesOf(node), openingTagOf(node, block), slug) });
}

export interface Alignable extends Found { name: string; options: readonly string[]; align: string }

/** The alignments each block offers, as its block type declares them (`supports.align`): a block defined in its own module says its own. */
export const ALIGNMENTS: Readonly<Record<string, readonly string[]>> = { ...BLOCK_ALIGNMENTS, ...Object.fromEntries(Object.entries(DEFINED_ALIGNMENTS).map(([name, { options }]) => [name, options])) };

/** The blocks with an alignment of their own around the selection, innermost first: a selected image, the blocks holding blocks the caret is in. */
export function alignablesAt(state: EditorState): Alignable[] {
  return around(state).flatMap((found) => {
    const name = found.node.type.name === IMAGE_NODE ? IMAGE_BLOCK : found.node.type.name === 'blockContainer' ? String(found.node.attrs.name) : '';
    const options = ALIGNMENTS[name];
    if (!options) return [];
    const align = name === IMAGE_BLOCK ? String(found.node.attrs.align ?? '') : blockAlignOf(attributesOf(found.node));
    return [{ ...found, name, options, align }];
  });
}

/** A selected block stays selected when its attributes change. */
export function keepingSelection(state: EditorState, tr: Transaction, position: number): Transaction {
  return state.selection instanceof NodeSelection && state.selection.from === position ? tr.setSelection(NodeSelection.create(tr.doc, position)) : tr;
}

/** The block at `position` (one of alignablesAt) aligned `align` ('' for none). */
export function setBlockAlign(state: EditorState, position: number, align: string): Transaction | null {
  const found = alignablesAt(state).find((alignable) => alignable.position === position);
  if (!found || (align && !found.options.includes(align))) return null;
  const { node, name } = found;
  const tr = name === IMAGE_BLOCK ? state.tr.setNodeAttribute(position, 'align', align) : state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...withBlockAlign(name, attributesOf(node), String(node.attrs.opening), align) });
  return keepingSelection(state, tr, position);
}

/** The details block the caret is in, and whether the page shows it open. */
export function detailsAt(state: EditorState): (Found & { open: boolean }) | null {
  const found = around(state).find(({ node }) => node.type.name === 'blockContainer' && node.attrs.name === DETAILS);
  return found ? { ...found, open: attributesOf(found.node)?.showContent === true } : null;
}

export function setDetailsOpen(state: EditorState, open: boolean): Transaction | null {
  const found = detailsAt(state);
  if (!found) return null;
  const { node, position } = found;
  return state.tr.setNodeMarkup(position, undefined, { ...node.attrs, ...withDetailsOpen(attributesOf(node), String(node.attrs.opening), open) });
}

/** The table the caret is in, and whether it has a header row. */
export function tableAt(state: EditorState): (Found & { header: boolean }) | null {
  const found = around(state).find(({ node }) => node.type.name === 'table');
  return found ? { ...found, header: found.node.firstChild?.attrs.section === 'head' } : null;
}

/** The table with a header row of empty header cells added at its top, or its header rows removed, as the block editor's Header section switch does. */
export function setHeaderRow(state: EditorState, header: boolean): Transaction | null {
  const found = tableAt(state);
  if (!found || found.header === header) return null;
  const { node, position } = found;
  const { tableRow, tableHeader } = state.schema.nodes;
  if (header) {
    const columns = node.firstChild ? Array.from({ length: node.firstChild.childCount }, (_, index) => Number(node.firstChild?.child(index).attrs.colspan ?? 1)).reduce((sum, span) => sum + span, 0) : 1;
    const row = tableRow.create({ section: 'head' }, Array.from({ length: columns }, () => tableHeader.create()));
    return state.tr.insert(position + 1, row);
  }
  let end = position + 1;
  node.forEach((row) => {
    if (row.attrs.section === 'head') end += row.nodeSize;
  });
  // A table of header rows only keeps them: a table holds at least one row.
  return end < position + node.nodeSize - 1 ? state.tr.delete(position + 1, end) : null;
}

/** The most columns the block editor's columns block offers. */
export const MOST_COLUMNS = 6;

/** The columns block the caret is in, and how many columns it has. */
export function columnsAt(state: EditorState): (Found & { count: number }) | null {
  const found = around(state).find(({ node }) => node.type.name === 'blockContainer' && node.attrs.name === COLUMNS);
  return found ? { ...found, count: found.node.childCount } : null;
}

/** The columns block with `count` columns: new empty ones added at its end, or its last ones removed (with what they hold, as the block editor does; Undo brings them back). */
export function setColumnCount(state: EditorState, count: number): Transaction | null {
  const found = columnsAt(state);
  if (!found || count < 1 || count > MOST_COLUMNS || count === found.count) return null;
  const { node, position } = found;
  const end = position + node.nodeSize - 1;
  if (count > found.count) {
    const column = state.schema.nodeFromJSON((markupToDoc(NEW_COLUMN).content ?? [])[0]);
    return state.tr.insert(end, Array.from({ length: count - found.count }, () => column));
  }
  let from = end;
  for (let index = node.childCount - 1; index >= count; index -= 1) from -= node.child(index).nodeSize;
  return state.tr.delete(from, end);
}

/** The quote the caret is in: its citation's words ('' for none), and whether they have formatting (a link, emphasis) a plain field would lose. */
export function quoteAt(state: EditorState): (Found & { citation: string; formatted: boolean }) | null {
  const found = around(state).find(({ node }) => node.type.name === QUOTE_NODE);
  if (!found) return null;
  const held = String(found.node.attrs.citation ?? '');
  return { ...found, citation: htmlText(held), formatted: /<[a-z/]/i.test(held) };
}

/** The quote's citation as the words typed; none when empty (the block editor saves no empty citation). */
export function setCitation(state: EditorState, words: string): Transaction | null {
  const found = quoteAt(state);
  if (!found || found.formatted) return null;
  return state.tr.setNodeAttribute(found.position, 'citation', words === '' ? null : escapeText(words));
}

/** The selected More block, and whether the full post hides what comes before it. */
export function moreAt(state: EditorState): (Found & { noTeaser: boolean }) | null {
  const found = around(state)[0];
  return found?.node.type.name === MORE_NODE ? { ...found, noTeaser: found.node.attrs.noTeaser === true } : null;
}

export function setNoTeaser(state: EditorState, noTeaser: boolean): Transaction | null {
  const found = moreAt(state);
  return found ? keepingSelection(state, state.tr.setNodeAttribute(found.position, 'noTeaser', noTeaser), found.position) : null;
}

/** The selected dynamic block (a query loop, latest posts …): its name and attributes, for its settings. */
export function dynamicBlockAt(state: EditorState): (Found & { name: string; attributes: Record<string, unknown> }) | null {
  const found = around(state)[0];
  if (found?.node.type.name !== 'dynamicBlock' || !Object.hasOwn(DYNAMIC_BLOCKS, String(found.node.attrs.name))) return null;
  return { ...found, name: String(found.node.attrs.name), attributes: attributesOf(found.node) ?? {} };
}

/** The selected dynamic block with its settings changed; one read without its blocks gets those a new one has (a query loop its post template), as its own settings do. */
export function setDynamicAttributes(state: EditorState, attributes: Record<string, unknown>): Transaction | null {
  const found = dynamicBlockAt(state);
  if (!found) return null;
  const { node, position, name } = found;
  const inner = innerOnceChanged(name, attributes, node.attrs.inner);
  return keepingSelection(state, state.tr.setNodeMarkup(position, undefined, { ...node.attrs, blockAttributes: attributes, inner }), position);
}
