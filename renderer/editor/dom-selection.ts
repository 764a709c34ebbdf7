// The selection as the page shows it, read before every key. A key pressed right after the
// caret moved can reach the editor before it has read the move from the page (Chromium
// reports selection changes a moment later, about a frame after a click or a caret key).
import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** ProseMirror's reader of the page's changes (internal: not in its typings): `flush` reads a selection the page has not reported yet, as its own selectionchange handler does. */
interface ObservedView { domObserver: { flush(): void } }

/**
 * Every key acts where the caret is: before the editor handles a key, it reads a selection the
 * page has not reported yet (a click then Enter at once split the paragraph the caret had left).
 */
export const PageSelectionFirst = Extension.create({
  name: 'pageSelectionFirst',
  addProseMirrorPlugins() {
    return [new Plugin({
      props: {
        handleDOMEvents: {
          keydown: (view: EditorView, event: KeyboardEvent) => {
            // Not while composing: the input method owns the selection then.
            if (!view.composing && event.keyCode !== 229) (view as unknown as ObservedView).domObserver.flush();
            return false;
          },
        },
      },
    })];
  },
});
