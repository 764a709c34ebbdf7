// The spacing of a document as it was read: the whitespace before each top-level block (`gap`:
// `--><!--`, `-->\n<!--` and `-->\n\n<!--` all stay as they were) and after the last one (the
// document's `trailing` newline). A block the writer makes has no gap of its own and is
// separated as the block serializer separates blocks.
import { Extension } from '@tiptap/core';
import { SOURCED_TYPES } from './block-source.ts';


/** How the block serializer separates blocks it writes. */
export const BLOCK_SEPARATOR = '\n\n';

const asRead = { default: null, rendered: false, keepOnSplit: false };

/** Where a top-level block started in the markup read, and the spacing before it. */
export const LAYOUT_ATTRIBUTES = { gap: asRead, readAt: asRead };

export const DocumentLayout = Extension.create({
  name: 'documentLayout',
  addGlobalAttributes() {
    return [
      // Where the block started in the markup read: the two halves of a split block both carry it, and the spacing is the first's.
      { types: SOURCED_TYPES, attributes: LAYOUT_ATTRIBUTES },
      { types: ['doc'], attributes: { trailing: asRead } },
    ];
  },
});

export interface Written {
  markup: string;
  /** The whitespace read before the block, or null for a block the writer made. */
  gap: unknown;
  readAt: unknown;
}

/** The document's blocks with their spacing as read, and the serializer's between new ones. */
export function joinedAsRead(blocks: Written[], trailing: unknown): string {
  const seen = new Set<unknown>();
  const kept = blocks.filter((block) => block.markup !== '').map((block) => {
    const first = block.readAt === null || block.readAt === undefined || !seen.has(block.readAt);
    seen.add(block.readAt);
    return first ? block : { ...block, gap: null };
  });
  const separated = kept.map((block, index) => `${typeof block.gap === 'string' ? block.gap : index === 0 ? '' : BLOCK_SEPARATOR}${block.markup}`);
  return kept.length > 0 ? `${separated.join('')}${typeof trailing === 'string' ? trailing : ''}` : '';
}
