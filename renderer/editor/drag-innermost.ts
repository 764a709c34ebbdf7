// A drag takes the innermost block under the pointer, as in the block editor: an image dragged
// out of a selected gallery moves that image (to reorder the gallery), not the whole gallery,
// which the editor's own rule (a drag within the selection drags the selection) would move.
import { Extension } from '@tiptap/core';
import { NodeSelection, Plugin } from '@tiptap/pm/state';

export const DragInnermost = Extension.create({
  name: 'dragInnermost',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            dragstart(view, event) {
              const { selection } = view.state;
              const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
              if (!(selection instanceof NodeSelection) || !at || at.inside <= selection.from) return false;
              const inner = view.state.doc.nodeAt(at.inside);
              // Only a block that is dragged whole (an image), inside the selected one.
              if (inner?.isAtom && inner.type.spec.draggable && at.inside < selection.to) view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, at.inside)));
              return false;
            },
          },
        },
      }),
    ];
  },
});
