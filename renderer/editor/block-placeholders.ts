// An empty piece of text whose block names a placeholder (its `placeholder` attribute: a cover's
// title "Write title…", a paragraph's, a heading's, a button's text, a details summary) shows it
// greyed, as the block editor's rich text does: drawn by the stylesheet from an attribute of the
// element on screen (a decoration), so it is never in the document or what is saved, and given
// empty alternative text there, so a screen reader does not read it as the block's words.
import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** The attribute the stylesheet draws the placeholder from. */
export const PLACEHOLDER_ATTRIBUTE = 'data-block-placeholder';

const placeholderOf = (block: PmNode | null): string | null => {
  const value = (block?.attrs.blockAttributes as Record<string, unknown> | null | undefined)?.placeholder;
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The placeholder of an empty text (`node`, in `parent`): its block's own (a paragraph's, a heading's), or, for a block's first piece of text (a button's, a details summary), that block's. */
function emptyTextPlaceholder(node: PmNode, parent: PmNode | null, index: number): string | null {
  if (!node.isTextblock || node.content.size > 0) return null;
  return placeholderOf(node) ?? (node.type.name === 'richPart' && index === 0 ? placeholderOf(parent) : null);
}

function placeholders(doc: PmNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position, parent, index) => {
    const text = emptyTextPlaceholder(node, parent, index);
    if (text !== null) decorations.push(Decoration.node(position, position + node.nodeSize, { [PLACEHOLDER_ATTRIBUTE]: text }));
    return !node.isTextblock;
  });
  return DecorationSet.create(doc, decorations);
}

const key = new PluginKey<DecorationSet>('blockPlaceholders');

export const BlockPlaceholders = Extension.create({
  name: 'blockPlaceholders',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key,
        state: {
          init: (_config, state) => placeholders(state.doc),
          apply: (tr, set) => (tr.docChanged ? placeholders(tr.doc) : set),
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});
