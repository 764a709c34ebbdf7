// A click on a block left holding no block (an emptied cover, group or column) selects it, as in
// the block editor: it has no text for the caret to land in, so the click would select nothing and
// its toolbar (a cover's Replace) would be out of reach.
import { Extension } from '@tiptap/core';
import { NodeSelection, Plugin } from '@tiptap/pm/state';
import { mayStandEmpty } from '../blocks/block-nesting.ts';

export const EmptyBlockClick = Extension.create({
  name: 'emptyBlockClick',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            click(view, event) {
              const block = event.target instanceof Element ? event.target.closest('.block-container') : null;
              if (!block || !view.dom.contains(block)) return false;
              // The block's own position: the one just before its content's start (the block drawn there is the one clicked).
              const position = view.posAtDOM(block, 0) - 1;
              const node = position >= 0 && view.nodeDOM(position) === block ? view.state.doc.nodeAt(position) : null;
              if (!node || node.childCount > 0 || !mayStandEmpty(node)) return false;
              view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, position)));
              return false;
            },
          },
        },
      }),
    ];
  },
});
