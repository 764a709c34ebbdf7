// The table block <-> the editor's table: its sections, rows and cells (rich text with their
// alignment, scope and spans) and its caption are edited; its figure's and table's opening
// tags and its block attributes (fixed layout, style, colours, borders) are held as read.
// Classic HTML's tables of rich text cells are read into it too (html-read-blocks.ts). A new one
// is made at the size and with the header row the writer asks for.
import { Node, mergeAttributes, type JSONContent } from '@tiptap/core';
import { attributesHtml, escapeAttribute, inlineHtml } from './inline-html.ts';
import { heldAttributes } from './held-inline.ts';
import { holdImages, piecesWithImagesAsRead } from './held-image.ts';
import { PARAGRAPH_BLOCK_HTML } from './html-rules.ts';
import { BLOCK_ATTRIBUTES } from './kept-attributes.ts';
import type { BlockDefinition, HtmlReading, WrittenBlock } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import type { Node as PmNode } from '@tiptap/pm/model';
import { SECTIONS, tableExtensions, type Section } from './table-nodes.ts';
import { dataAttribute } from './nodes.ts';
import { classicTag } from './classic-mark.ts';
import { markedAlike } from './marked-alike.ts';

const NAME = 'core/table';
/** The block's node, which the table's controls remove whole. */
export const TABLE_NODE = 'tableBlock';
/** What an empty cell shows by its row's section, as the block editor's edit does (a body's cells nothing). */
const SECTION_PLACEHOLDERS: Readonly<Partial<Record<string, string>>> = { head: 'Header label', foot: 'Footer label' };
const cellPlaceholder = (_cell: PmNode, row: PmNode | null) => SECTION_PLACEHOLDERS[String(row?.attrs.section)] ?? null;

/** The block's HTML as the block editor saves it: figure, table with its sections, maybe a caption. */
const TABLE_FIGURE = /^\s*(<figure [^>]*>)(<table(?:\s[^>]*)?>)([\s\S]*)<\/table>(?:<figcaption class="wp-element-caption">([\s\S]*?)<\/figcaption>)?<\/figure>\s*$/;

const DEFAULT_FIGURE = '<figure class="wp-block-table">';
const DEFAULT_TABLE = '<table class="has-fixed-layout">';
const CELL_ATTRIBUTES = new Set(['class', 'data-align', 'scope', 'colspan', 'rowspan']);

const span = (cell: Element, name: string) => Number(cell.getAttribute(name) ?? 1);

/**
 * A cell's rich text, as a paragraph block's words are read: an image among them (Convert to blocks leaves one
 * there, in the raw handler's figures) held as classic content holds it (closed as read: readTable).
 */
const cellContent = (cell: Element, html: HtmlReading) => html.richText(cell.innerHTML, PARAGRAPH_BLOCK_HTML, (words) => holdImages(words, true));

const cellNode = (cell: JSONContent, content: JSONContent[]): JSONContent => {
  const { content: _read, ...rest } = cell;
  return { ...rest, ...(content.length > 0 ? { content } : {}) };
};

function readCell(cell: Element, html: HtmlReading): JSONContent | null {
  if (![...cell.attributes].every((attribute) => CELL_ATTRIBUTES.has(attribute.name))) return null;
  if (!Number.isInteger(span(cell, 'colspan')) || !Number.isInteger(span(cell, 'rowspan'))) return null;
  const content = cellContent(cell, html);
  if (!content) return null;
  const attrs = { colspan: span(cell, 'colspan'), rowspan: span(cell, 'rowspan'), align: cell.getAttribute('data-align'), scope: cell.getAttribute('scope') };
  return cellNode({ type: cell.tagName === 'TH' ? 'tableHeader' : 'tableCell', attrs }, content);
}

/** The rows with each image held in their cells closed and figured as written in the table's HTML (`sectionsHtml`), which the cells' DOM no longer tells. */
function withCellImagesAsRead(rows: JSONContent[], sectionsHtml: string): JSONContent[] {
  const cells = rows.flatMap((row) => row.content ?? []);
  const asRead = piecesWithImagesAsRead(cells.map((cell) => cell.content ?? []), sectionsHtml);
  let at = 0;
  return rows.map((row) => ({ ...row, content: (row.content ?? []).map((cell) => cellNode(cell, asRead[at++])) }));
}

function readRows(section: Element, html: HtmlReading): JSONContent[] | null {
  const name = section.tagName.slice(1).toLowerCase() as Section;
  const rows = [...section.children].map((row) => {
    const cells = row.tagName === 'TR' && row.attributes.length === 0 ? [...row.children].map((cell) => (/^T[DH]$/.test(cell.tagName) ? readCell(cell, html) : null)) : [null];
    return cells.length > 0 && cells.every((cell) => cell !== null) ? { type: 'tableRow', attrs: { section: name }, content: cells as JSONContent[] } : null;
  });
  return section.attributes.length === 0 && rows.every((row) => row !== null) ? (rows as JSONContent[]) : null;
}

/**
 * A table block as the editor's table, only when the editor would write back the same table:
 * anything it does not hold (a cell's class of its own, a colgroup, nested tables) keeps the
 * block as written.
 */
export function readTable(block: ParsedBlock, _source: string, html: HtmlReading): JSONContent | null {
  const figure = TABLE_FIGURE.exec(block.innerHTML);
  if (!figure || block.innerBlocks.length > 0) return null;
  const [, figureTag, tableTag, sectionsHtml, captionHtml] = figure;
  const table = html.body(`<table>${sectionsHtml}</table>`).querySelector('table');
  const sections = [...(table?.children ?? [])];
  const order = sections.map((section) => SECTIONS.indexOf(section.tagName.slice(1).toLowerCase() as Section));
  // Each section at most once, in the order the block editor writes them.
  if (sections.length === 0 || order.some((at, index) => at < 0 || (index > 0 && at <= order[index - 1]))) return null;
  const rows = sections.map((section) => readRows(section, html));
  const caption = html.richText(captionHtml ?? '');
  if (rows.some((section) => section === null) || !caption) return null;
  const node: JSONContent = {
    type: TABLE_NODE,
    attrs: { blockAttributes: block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null, figureTag, tableTag },
    content: [{ type: 'table', content: withCellImagesAsRead(rows.flat() as JSONContent[], sectionsHtml) }, { type: 'tableCaption', ...(caption.length > 0 ? { content: caption } : {}) }],
  };
  // What the editor would write must be the same HTML (entities and spacing aside, bold and italic spelt either way: the bytes as read are kept).
  return markedAlike(html.body(tableHtml(node)), html.body(block.innerHTML.trim())) ? node : null;
}

function cellHtml(cell: JSONContent): string {
  const tag = cell.type === 'tableHeader' ? 'th' : 'td';
  const { align, scope, colspan, rowspan } = cell.attrs ?? {};
  // In the order the block editor's save writes them.
  const attributes = [
    align ? ` class="has-text-align-${escapeAttribute(String(align))}" data-align="${escapeAttribute(String(align))}"` : '',
    tag === 'th' && scope ? ` scope="${escapeAttribute(String(scope))}"` : '',
    colspan && colspan !== 1 ? ` colspan="${Number(colspan)}"` : '',
    rowspan && rowspan !== 1 ? ` rowspan="${Number(rowspan)}"` : '',
    // A classic table's cell's class, style … as read.
    attributesHtml(heldAttributes(cell)),
  ].join('');
  return `<${tag}${attributes}>${inlineHtml(cell.content)}</${tag}>`;
}

/** The table block's comment attributes, as read (none for a new table). */
function tableAttributes(node: JSONContent): Record<string, unknown> {
  const attributes: unknown = node.attrs?.blockAttributes;
  return attributes !== null && typeof attributes === 'object' ? (attributes as Record<string, unknown>) : {};
}

/** The table block's HTML: rows grouped in their sections in order (a row among another section's rows goes with them). */
function tableHtml(node: JSONContent): string {
  const [table, caption] = node.content ?? [];
  const grouped = new Map<Section, string[]>(SECTIONS.map((section) => [section, []]));
  let at = 0;
  for (const row of table?.content ?? []) {
    at = Math.max(at, SECTIONS.indexOf(row.attrs?.section as Section));
    grouped.get(SECTIONS[at])?.push(`<tr${attributesHtml(heldAttributes(row))}>${(row.content ?? []).map(cellHtml).join('')}</tr>`);
  }
  const sections = SECTIONS.map((section) => (grouped.get(section)?.length ? `<t${section}>${grouped.get(section)?.join('')}</t${section}>` : '')).join('');
  // A table of classic content stays a table as written there, in no block's figure (a caption typed in it is the table's own).
  const classic = table ? classicTag(table) : null;
  if (classic) return `${classic}${caption?.content?.length ? `<caption>${inlineHtml(caption.content)}</caption>` : ''}${sections}</table>`;
  const captionHtml = caption?.content?.length ? `<figcaption class="wp-element-caption">${inlineHtml(caption.content)}</figcaption>` : '';
  return `${String(node.attrs?.figureTag ?? DEFAULT_FIGURE)}${String(node.attrs?.tableTag ?? DEFAULT_TABLE)}${sections}</table>${captionHtml}</figure>`;
}

/** A new table as the block editor inserts one: rows of empty cells, no header, footer or caption. */
export function newTable(columns: number, rows: number): JSONContent {
  const row = { type: 'tableRow', attrs: { section: 'body' }, content: Array.from({ length: columns }, () => ({ type: 'tableCell' })) };
  return { type: TABLE_NODE, content: [{ type: 'table', content: Array.from({ length: rows }, () => row) }, { type: 'tableCaption' }] };
}

/** A table of empty cells, with a header row when asked for, as the table block saves one. */
function tableMarkup(rows: number, columnCount: number, headerRow: boolean): string {
  const row = (tag: 'th' | 'td') => `<tr>${`<${tag}></${tag}>`.repeat(columnCount)}</tr>`;
  const head = headerRow ? `<thead>${row('th')}</thead>` : '';
  return `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout">${head}<tbody>${row('td').repeat(rows)}</tbody></table></figure>\n<!-- /wp:table -->`;
}

function writeTable(node: JSONContent): WrittenBlock {
  return { name: NAME, attributes: tableAttributes(node), html: tableHtml(node) };
}

/** The block: its figure's and table's opening tags and block attributes held as read. */
const TableBlock = Node.create({
  name: TABLE_NODE,
  group: 'block',
  content: 'table tableCaption',
  isolating: true,
  draggable: true,
  addAttributes() {
    // (Written into the editor's HTML as data-figure-tag and data-table-tag, so a copy inside the editor keeps them.)
    return { blockAttributes: BLOCK_ATTRIBUTES, figureTag: dataAttribute<string | null>('figureTag', null, (value) => value), tableTag: dataAttribute<string | null>('tableTag', null, (value) => value) };
  },
  parseHTML() {
    return [{ tag: 'figure[data-table-block]' }, { tag: 'figure.wp-block-table' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['figure', mergeAttributes(HTMLAttributes, { 'data-table-block': '', class: 'table-block' }), 0];
  },
});

export const tableBlock: BlockDefinition = {
  readers: { [NAME]: readTable },
  extensions: [TableBlock, ...tableExtensions],
  writers: { [TABLE_NODE]: writeTable },
  inserter: [{ title: 'Table', keywords: 'rows columns cells grid', after: 'Embed', sized: tableMarkup }],
  described: { [TABLE_NODE]: () => 'a table' },
  textPlaceholders: { tableHeader: cellPlaceholder, tableCell: cellPlaceholder },
  remembersReading: true,
};
