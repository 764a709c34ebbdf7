// Back to the text at once. tiptap's focus command focuses on the next animation frame: keys a
// writer typed in between (right after choosing a block in the inserter's search field, or
// closing a field) went to a field that was closing, and were lost.
import type { Editor } from '@tiptap/react';

/** Puts the keyboard back in the writing area now, the selection kept where it is. */
export function focusText(editor: Editor): void {
  if (!editor.isDestroyed) editor.view.focus();
}
