// Untouched blocks are saved byte for byte as they were read, whatever their spacing, entity
// forms or attribute order: each editable block read from markup remembers its source and the
// markup the editor would write for it as read, and its source is written for as long as the
// editor would still write that same markup. An edited block is its source with the writer's
// change in it where that reads back exactly (minimal-edit.ts), else written anew. Neither
// travels through the clipboard or a split, so a pasted or split-off block is a new one.
import { Extension, type JSONContent } from '@tiptap/core';
import { patchedSource } from './minimal-edit.ts';
import { withoutBlockComments } from './block-comments.ts';

/** The node types the serialiser writes as blocks of their own. */
export const SOURCED_TYPES = ['classicBlock', 'unknownBlock', 'blockContainer', 'richBlock', 'dynamicBlock'];

const remembered = { default: null, rendered: false, keepOnSplit: false };

/** What a node remembers of the block it was read from (inClassic: a paragraph of classic content, its source the HTML between its blank lines). */
export const SOURCE_ATTRIBUTES = { source: remembered, canonical: remembered, inClassic: remembered };

export const BlockSource = Extension.create({
  name: 'blockSource',
  addGlobalAttributes() {
    return [{ types: SOURCED_TYPES, attributes: SOURCE_ATTRIBUTES }];
  },
});

/** The node read from `source`, remembering it and the markup written for the node as read. */
export function withSource(node: JSONContent, source: string, canonical: string): JSONContent {
  return { ...node, attrs: { ...node.attrs, source, canonical } };
}

/** The markup the editor writes for a source it reads as a node of this kind, or null when it reads it otherwise. */
export type Reread = (source: string, node: JSONContent) => string | null;

type SourceKind = 'block' | 'classic' | 'classic paragraph';

const rereaders = new Map<SourceKind, Reread>();

/** Set by the reading side (which imports the writing side, so it cannot be imported from here). */
export function readsBackWith(kind: SourceKind, reread: Reread): void {
  rereaders.set(kind, reread);
}

/** The last patch worked out, so serialising the same edit again (a save after a journal write) costs nothing. */
let lastPatch = { source: '', written: '', patched: null as string | null };

/** The block's source while the editor would still write it as read; else the source with the writer's change in it, or what it writes now. */
export function sourceOrWritten(node: JSONContent, written: string): string {
  const source: unknown = node.attrs?.source;
  const canonical: unknown = node.attrs?.canonical;
  if (typeof source !== 'string' || typeof canonical !== 'string') return written;
  if (written === canonical) return source;
  if (lastPatch.source !== source || lastPatch.written !== written) {
    const kind: SourceKind = node.type === 'classicBlock' ? 'classic' : node.attrs?.inClassic === true ? 'classic paragraph' : 'block';
    const reread = rereaders.get(kind);
    // A paragraph of a classic post is held as classic HTML: its change is found and read back without block comments, so a block put in it goes in as its HTML.
    const held = kind === 'classic paragraph' ? withoutBlockComments : (markup: string) => markup;
    const readHeld = reread && ((patched: string) => {
      const markup = reread(patched, node);
      return markup === null ? null : held(markup);
    });
    lastPatch = { source, written, patched: readHeld ? patchedSource(source, held(canonical), held(written), readHeld, kind !== 'block') : null };
  }
  return lastPatch.patched ?? written;
}
