// Reads block markup into an editor document: blocks the editor models become editable
// nodes, and every other block or piece of HTML is kept exactly as it was.
import type { JSONContent } from '@tiptap/core';
import { autop } from '@wordpress/autop';
import { sourcedNode } from './block-to-node.ts';
import { freeformNodes } from './freeform-nodes.ts';
import { keptMarkup } from './kept-markup.ts';
import { hasBlocks, splitBlocks, type Piece } from './split-blocks.ts';

function pieceNodes(piece: Piece): JSONContent[] {
  switch (piece.kind) {
    case 'html':
      return freeformNodes(piece.source);
    case 'block':
      return [sourcedNode(piece.block, piece.source)];
    case 'unclosed':
      return [keptMarkup(piece.source)];
  }
}

export function markupToDoc(markup: string): JSONContent {
  // Content without blocks is shown by the site with paragraphs formed from its line breaks: read it the same way.
  const content = hasBlocks(markup) ? splitBlocks(markup).flatMap(pieceNodes) : freeformNodes(autop(markup));
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}
