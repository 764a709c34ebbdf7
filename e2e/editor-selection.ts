// A selection set from the page (words selected, the caret put at an end) reaches the editor
// only when ProseMirror reads it, on `selectionchange`: a task later, later still under load. A
// key or a toolbar command sent before then acts on the selection before (Subscript landing on
// the word selected last), so a test that sets one waits until the editor holds that very one.
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** The editor's element, which tiptap gives its editor, with what is read of its view. */
export type EditorElement = HTMLElement & { editor: { view: { posAtDOM(node: Node, offset: number): number }; state: { selection: { from: number; to: number } } } };

/** A selection in the document's positions (`view.posAtDOM` of the range set in the page). */
export interface Span { from: number; to: number }

/**
 * Waits until the editor's own selection is `span`: not merely the page's, which a command's
 * focus given back a frame late (tiptap's) may have set to the selection before.
 */
export async function editorHolds(editor: Locator, span: Span): Promise<void> {
  const held = () => editor.evaluate((element) => {
    const { from, to } = (element as EditorElement).editor.state.selection;
    return { from, to };
  });
  await expect.poll(held, { message: 'the editor takes the selection set in the page' }).toEqual(span);
}
