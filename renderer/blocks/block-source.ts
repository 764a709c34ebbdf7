// Untouched blocks are saved byte for byte as they were read, whatever their spacing, entity
// forms or attribute order: each editable block read from markup remembers its source and the
// markup the editor would write for it as read, and its source is written for as long as the
// editor would still write that same markup. Neither travels through the clipboard or a split,
// so a pasted or split-off block is a new one.
import { Extension, type JSONContent } from '@tiptap/core';

/** The node types the serialiser writes as blocks of their own. */
export const SOURCED_TYPES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'preformatted', 'image', 'embed', 'horizontalRule', 'tableBlock', 'blockContainer', 'richBlock', 'sourceBlock'];

const remembered = { default: null, rendered: false, keepOnSplit: false };

export const BlockSource = Extension.create({
  name: 'blockSource',
  addGlobalAttributes() {
    return [{ types: SOURCED_TYPES, attributes: { source: remembered, canonical: remembered } }];
  },
});

/** The node read from `source`, remembering it and the markup written for the node as read. */
export function withSource(node: JSONContent, source: string, canonical: string): JSONContent {
  return { ...node, attrs: { ...node.attrs, source, canonical } };
}

/** The block's source while the editor would still write it as read; else what it writes now. */
export function sourceOrWritten(node: JSONContent, written: string): string {
  const source: unknown = node.attrs?.source;
  return typeof source === 'string' && written === node.attrs?.canonical ? source : written;
}
