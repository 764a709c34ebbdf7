// The table block's nodes in the editor (the block's own node is table-block.ts'): a figure holding a table and its caption, as the block
// editor saves it. Rows know their section (head, body or foot); cells hold rich text (not
// paragraphs, as a table block's cell is one piece of rich text) with their alignment and scope.
// Every attribute travels in the editor's HTML, so copy and paste inside the editor keep it.
import { Node, type Attribute } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { lineBreakOnEnter } from './nodes.ts';
import { HELD_NAMES, heldAttribute } from './held-inline.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE } from './classic-mark.ts';

/** What a classic table's row or cell holds as read (a class, a style …: freeform-nodes.ts), written back after its own attributes. */
const HELD_IN_CLASSIC = heldAttribute(HELD_NAMES);

export const SECTIONS = ['head', 'body', 'foot'] as const;
export type Section = (typeof SECTIONS)[number];

/** The section a pasted or copied row stands in, from its element's parent. */
function rowSection(element: HTMLElement): Section {
  const held = element.getAttribute('data-section');
  if (held === 'head' || held === 'foot') return held;
  const parent = element.parentElement?.tagName;
  return parent === 'THEAD' ? 'head' : parent === 'TFOOT' ? 'foot' : 'body';
}

/** The table's caption: rich text under it, empty when it has none. Enter breaks its line, as in a cell (a split cell would break the table's columns). */
export const TableCaption = Node.create({
  name: 'tableCaption',
  addKeyboardShortcuts: lineBreakOnEnter,
  content: 'inline*',
  marks: '_',
  isolating: true,
  parseHTML() {
    return [{ tag: 'figcaption' }];
  },
  renderHTML() {
    return ['figcaption', { class: 'table-caption', 'data-placeholder': 'Table caption' }, 0];
  },
});

/** The table stands only in its block (a pasted bare table is put in one), never on its own among blocks. */
/** The table, marked when it stands in classic content (classic-mark.ts). */
export const BlockTable = Table.extend({
  group: 'tableBlockContent',
  addAttributes() {
    return { ...this.parent?.(), [CLASSIC]: CLASSIC_ATTRIBUTE };
  },
}).configure({ resizable: false });

export const SectionedRow = TableRow.extend({
  addAttributes() {
    return { section: { default: 'body', parseHTML: rowSection, renderHTML: (attributes) => ({ 'data-section': String(attributes.section) }) }, held: HELD_IN_CLASSIC };
  },
});

/** A cell's own attributes as the table block keeps them: alignment (data-align) and a header's scope; and those of a classic table's cell held as read. */
function cellAttributes(parent: Record<string, Attribute> | undefined): Record<string, Attribute> {
  return {
    ...parent,
    align: { default: null, parseHTML: (element) => element.getAttribute('data-align'), renderHTML: (attributes) => (attributes.align ? { 'data-align': String(attributes.align), class: `has-text-align-${String(attributes.align)}` } : {}) },
    scope: { default: null, parseHTML: (element) => element.getAttribute('scope'), renderHTML: (attributes) => (attributes.scope ? { scope: String(attributes.scope) } : {}) },
    held: HELD_IN_CLASSIC,
  };
}

export const RichTextCell = TableCell.extend({
  content: 'inline*',
  addKeyboardShortcuts: lineBreakOnEnter,
  addAttributes() {
    return cellAttributes(this.parent?.());
  },
});

export const RichTextHeader = TableHeader.extend({
  content: 'inline*',
  addKeyboardShortcuts: lineBreakOnEnter,
  addAttributes() {
    return cellAttributes(this.parent?.());
  },
});

/** The table's nodes inside its block (table-block.ts). */
export const tableExtensions = [TableCaption, BlockTable, SectionedRow, RichTextHeader, RichTextCell];
