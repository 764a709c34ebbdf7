// Back to the text at once. tiptap's focus command focuses on the next animation frame: keys a
// writer typed in between (right after choosing a block in the inserter's search field, or
// closing a field) went to a field that was closing, and were lost.
import type { Editor } from '@tiptap/react';

/** Puts the keyboard back in the writing area now, the selection kept where it is. */
export function focusText(editor: Editor): void {
  if (!editor.isDestroyed) editor.view.focus();
}

/** The block toolbar's controls a key reaches, in order. */
const CONTROLS = 'button, input, select, summary';

/** Puts the keyboard on the first control of the block toolbar in `root` (as Alt+F10 does); false when there is none. */
export function focusBlockToolbar(root: ParentNode | null = document.querySelector('.block-toolbar')): boolean {
  const control = root?.querySelector<HTMLElement>(CONTROLS);
  control?.focus();
  return control !== null && control !== undefined;
}
