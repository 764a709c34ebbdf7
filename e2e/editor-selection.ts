// A selection set from the page (words selected, the caret put at an end) reaches the editor
// only when ProseMirror reads it, on `selectionchange`: a task later, later still under load. A
// key or a toolbar command sent before then acts on the selection before (Subscript landing on
// the word selected last), so a test that sets one waits for the editor to hold it.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** The editor's element, which tiptap gives its editor, with what is read of its view. */
type EditorElement = HTMLElement & { editor: { view: { posAtDOM(node: Node, offset: number): number }; state: { selection: { from: number; to: number } } } };

/** Waits until the editor's own selection is the page's, in the document's positions. */
export async function editorHoldsPageSelection(editor: Locator): Promise<void> {
  const holds = () => editor.evaluate((element) => {
    const range = getSelection()?.rangeCount ? getSelection()!.getRangeAt(0) : null;
    if (!range) return false;
    const { view, state } = (element as EditorElement).editor;
    return state.selection.from === view.posAtDOM(range.startContainer, range.startOffset) && state.selection.to === view.posAtDOM(range.endContainer, range.endOffset);
  });
  await expect.poll(holds, { message: 'the editor takes the selection set in the page' }).toBe(true);
}
