// The selection as the page shows it. A key pressed right after the caret moved can reach
// the editor before it has read the move from the page (Chromium reports selection changes
// a moment later), so commands that depend on the selection read the page's first.
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';

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
