// The plugins that complete a document (the empty paragraph an editor keeps at its end: tiptap's
// TrailingNode, safe-blocks' trailingParagraph) append their step to the first transaction of any
// kind, a click's selection included, and the editor then reports it as a change of the document:
// "Unsaved changes" with nothing to save (a click on an image in a synced pattern showed it).
import type { Editor } from '@tiptap/core';

/** Lets those plugins complete the document once, as the editor is made: no update reported, no step of Undo. */
export function settleDocument(editor: Editor): void {
  editor.view.dispatch(editor.state.tr.setMeta('preventUpdate', true).setMeta('addToHistory', false));
}
