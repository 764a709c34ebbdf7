// The Page break block (`core/nextpage`): the post goes on on a new page from here. It has no
// settings; shown as a labelled line, selected and deleted as a whole.
import { Node, type JSONContent } from '@tiptap/core';
import type { BlockDefinition } from './block-definition.ts';
import { COMMENT_ATTRIBUTES, commentAttrs, commentOnly, heldComment } from './comment-attributes.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/nextpage';
const NODE = 'pageBreak';
/** What the block editor's save writes for it. */
const PAGE_BREAK_HTML = '<!--nextpage-->';

/** A page break with nothing else in it (its lock and name held); null keeps it as written. */
function readPageBreak(block: ParsedBlock): JSONContent | null {
  const held = commentOnly(block.attrs ?? {});
  const plain = held && block.innerBlocks.length === 0 && block.innerHTML.trim() === PAGE_BREAK_HTML;
  return plain ? { type: NODE, attrs: commentAttrs(held) } : null;
}

/** The page break of classic content (`<!--nextpage-->`) as the block's node, or null for any other tag. */
export const classicPageBreak = (tag: string): JSONContent | null => (tag === PAGE_BREAK_HTML ? { type: NODE } : null);

const PageBreak = Node.create({
  name: NODE,
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return COMMENT_ATTRIBUTES;
  },
  parseHTML() {
    return [{ tag: 'div[data-page-break]' }];
  },
  renderHTML() {
    return ['div', { 'data-page-break': '', class: 'page-break-block', contenteditable: 'false', title: 'The post goes on on a new page from here.' }, 'Page break'];
  },
});

export const pageBreakBlock: BlockDefinition = {
  readers: { [NAME]: readPageBreak },
  carried: { [NAME]: { classless: true } },
  extensions: [PageBreak],
  writers: { [NODE]: (node) => ({ name: NAME, attributes: heldComment(node.attrs), html: PAGE_BREAK_HTML }) },
  inserter: [{ title: 'Page break', keywords: 'next page pagination', markup: `<!-- wp:nextpage -->\n${PAGE_BREAK_HTML}\n<!-- /wp:nextpage -->`, after: 'More' }],
  remembersReading: true,
};
