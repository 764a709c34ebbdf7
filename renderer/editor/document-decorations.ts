// Decorations drawn from the document alone (a placeholder in an empty text, a block's colours), made
// once for each document: again only when a change makes a new one, never for a selection moved.
import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { DecorationSet } from '@tiptap/pm/view';

/** An extension named `name` drawing `decorate`'s decorations of the document. */
export function documentDecorations(name: string, decorate: (doc: PmNode) => DecorationSet) {
  const key = new PluginKey<DecorationSet>(name);
  return Extension.create({
    name,
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key,
          state: {
            init: (_config, state) => decorate(state.doc),
            apply: (tr, set) => (tr.docChanged ? decorate(tr.doc) : set),
          },
          props: { decorations: (state) => key.getState(state) },
        }),
      ];
    },
  });
}
