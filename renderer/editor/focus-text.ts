// Back to the text at once. tiptap's focus command focuses on the next animation frame: keys a
// writer typed in between (right after choosing a block in the inserter's search field, or
// closing a field) went to a field that was closing, and were lost.
import type { ChainedCommands } from '@tiptap/core';
import type { Editor } from '@tiptap/react';
import { TOOLBAR_CONTROLS } from './toolbar-arrows.ts';

/** Puts the keyboard back in the writing area now, the selection kept where it is. */
export function focusText(editor: Editor): void {
  if (!editor.isDestroyed) editor.view.focus();
}

/**
 * tiptap's `chain().focus()` without its frame of delay, for every control and field that edits
 * the text: the keyboard is back in the text before the command runs, and the caret is scrolled
 * into view when the keyboard was elsewhere.
 */
export function chainInText(editor: Editor): ChainedCommands {
  const away = !editor.view.hasFocus();
  focusText(editor);
  return away ? editor.chain().scrollIntoView() : editor.chain();
}

/** Puts the keyboard on the first control of the block toolbar in `root` (as Alt+F10 does); false when there is none. */
export function focusBlockToolbar(root: ParentNode | null = document.querySelector('.block-toolbar')): boolean {
  const control = root?.querySelector<HTMLElement>(TOOLBAR_CONTROLS);
  control?.focus();
  return control !== null && control !== undefined;
}

/** The empty line's "+" (BlockInserter.tsx), shown beside the line the caret is in when it is empty. */
const EMPTY_LINE_PLUS = '.inserter-plus';

/** The key that took the keyboard to the "+" beside an empty line: the same key goes on from it to the block toolbar, the other back to the line. */
export type PlusReachedBy = 'Tab' | 'Shift+Tab';

/**
 * Puts the keyboard on the "+" beside the empty line the caret is in, the tab stop before that
 * line (as the block editor's empty-block inserter, shown there instead of its toolbar), by
 * Shift+Tab, or by Tab (the empty line's one inserter: no "+" after it); false when the line is
 * not empty (no "+" stands by it).
 */
export function focusEmptyLinePlus(editor: Editor, reachedBy: PlusReachedBy): boolean {
  const plus = editor.view.dom.parentElement?.parentElement?.querySelector<HTMLElement>(EMPTY_LINE_PLUS);
  if (!plus) return false;
  plus.dataset.reachedBy = reachedBy;
  plus.focus();
  return true;
}
