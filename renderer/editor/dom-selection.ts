// The selection as the page shows it. A key pressed right after the caret moved can reach
// the editor before it has read the move from the page (Chromium reports selection changes
// a moment later, about a frame after a click or a caret key), so keys and the commands that
// depend on the selection read the page's first.
import { Extension, type Editor } from '@tiptap/core';
import { Plugin, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

export function pageSelection(editor: Editor): TextSelection | null {
  const { view, state } = editor;
  const dom = view.dom.ownerDocument.getSelection();
  if (!dom || dom.rangeCount === 0 || !dom.anchorNode || !dom.focusNode) return null;
  if (!view.dom.contains(dom.anchorNode) || !view.dom.contains(dom.focusNode)) return null;
  try {
    return TextSelection.create(state.doc, view.posAtDOM(dom.anchorNode, dom.anchorOffset), view.posAtDOM(dom.focusNode, dom.focusOffset));
  } catch {
    // A position the editor cannot map: its own selection stands.
    return null;
  }
}

/** Makes the editor's selection the page's, where they differ. */
export function adoptPageSelection(editor: Editor): void {
  const selection = pageSelection(editor);
  if (selection && !selection.eq(editor.state.selection)) editor.view.dispatch(editor.state.tr.setSelection(selection));
}

/** ProseMirror's reader of the page's changes (not in its typings; there since 2017): `flush` reads a selection the page has not reported yet. */
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
