// Reads block markup into an editor document: blocks the editor models become editable
// nodes, classic HTML a Classic block, and every other block is kept exactly as it was; the
// spacing around them is remembered (document-layout.ts).
import type { JSONContent } from '@tiptap/core';
import { sourcedNode } from './block-to-node.ts';
import { classicNode, commentedClassic } from './classic-block.ts';
import { FREEFORM_NAME } from './classic-division.ts';
import { keptMarkup } from './kept-markup.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { hasBlocks, splitBlocks, type Piece } from './split-blocks.ts';

function pieceNode(piece: Piece): JSONContent {
  switch (piece.kind) {
    case 'html':
      return classicNode(piece.source, false);
    case 'block':
      // The Classic block written with its comment (`<!-- wp:freeform -->`).
      if (piece.block.blockName === FREEFORM_NAME && piece.block.innerBlocks.length === 0) return commentedClassic(piece.block.innerHTML, piece.source) ?? sourcedNode(piece.block, piece.source);
      return sourcedNode(piece.block, piece.source);
    case 'unclosed':
      return keptMarkup(piece.source);
  }
}

const withGap = (node: JSONContent, gap: string, readAt: number): JSONContent => ({ ...node, attrs: { ...node.attrs, gap, readAt } });

export function markupToDoc(markup: string): JSONContent {
  const content: JSONContent[] = [];
  let end = 0;
  // Content without blocks is shown by the site with paragraphs formed from its line breaks: one Classic block read that way.
  const pieces: Piece[] = hasBlocks(markup) ? splitBlocks(markup) : markup.trim() === '' ? [] : [{ kind: 'html', source: markup.trim() }];
  for (const piece of pieces) {
    const start = markup.indexOf(piece.source, end);
    const node = piece.kind === 'html' && pieces.length === 1 && !hasBlocks(markup) ? classicNode(piece.source, true) : pieceNode(piece);
    content.push(withGap(node, markup.slice(end, start), start));
    end = start + piece.source.length;
  }
  if (content.length === 0) return { type: 'doc', content: [{ type: PARAGRAPH_NODE }] };
  return { type: 'doc', attrs: { trailing: markup.slice(end) }, content };
}
