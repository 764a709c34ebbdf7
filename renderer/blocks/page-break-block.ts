// The Page break block (`core/nextpage`): the post goes on on a new page from here. It has no
// settings; shown as a labelled line, selected and deleted as a whole.
import { Node, type JSONContent } from '@tiptap/core';
import type { ParsedBlock } from './split-blocks.ts';

/** What the block editor's save writes for it. */
export const PAGE_BREAK_HTML = '<!--nextpage-->';

/** A page break with nothing else in it; null keeps it as written. */
export function readPageBreak(block: ParsedBlock): JSONContent | null {
  const plain = Object.keys(block.attrs ?? {}).length === 0 && block.innerBlocks.length === 0 && block.innerHTML.trim() === PAGE_BREAK_HTML;
  return plain ? { type: 'pageBreak' } : null;
}

export const PageBreak = Node.create({
  name: 'pageBreak',
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
