// The Page break block (`core/nextpage`): the post goes on on a new page from here. It has no
// settings; shown as a labelled line, selected and deleted as a whole.
import { Node, type JSONContent } from '@tiptap/core';
import type { BlockDefinition } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/nextpage';
const NODE = 'pageBreak';
/** What the block editor's save writes for it. */
const PAGE_BREAK_HTML = '<!--nextpage-->';

/** A page break with nothing else in it; null keeps it as written. */
function readPageBreak(block: ParsedBlock): JSONContent | null {
  const plain = Object.keys(block.attrs ?? {}).length === 0 && block.innerBlocks.length === 0 && block.innerHTML.trim() === PAGE_BREAK_HTML;
  return plain ? { type: NODE } : null;
}

/** The page break of classic content (`<!--nextpage-->`) as the block's node, or null for any other tag. */
export const classicPageBreak = (tag: string): JSONContent | null => (tag === PAGE_BREAK_HTML ? { type: NODE } : null);

const PageBreak = Node.create({
  name: NODE,
  group: 'block',
  atom: true,
  draggable: true,
  parseHTML() {
    return [{ tag: 'div[data-page-break]' }];
  },
  renderHTML() {
    return ['div', { 'data-page-break': '', class: 'page-break-block', contenteditable: 'false', title: 'The post goes on on a new page from here.' }, 'Page break'];
  },
});

export const pageBreakBlock: BlockDefinition = {
  readers: { [NAME]: readPageBreak },
  extensions: [PageBreak],
  writers: { [NODE]: () => ({ name: NAME, attributes: {}, html: PAGE_BREAK_HTML }) },
  inserter: [{ title: 'Page break', keywords: 'next page pagination', markup: `<!-- wp:nextpage -->\n${PAGE_BREAK_HTML}\n<!-- /wp:nextpage -->`, after: 'More' }],
  remembersReading: true,
};
