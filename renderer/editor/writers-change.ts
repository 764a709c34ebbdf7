// The plugins that complete a document (the empty paragraph an editor keeps at its end: tiptap's
// TrailingNode, safe-blocks' trailingParagraph) append their step to the first transaction of any
// kind, a click's selection included, and the editor then reports it as a change of the document:
// "Unsaved changes" with nothing to save (a click on an image in a synced pattern showed it).
// Completing the document once as the editor is made instead kept a click from selecting a block
// (a read-only block the only one in a post, e2e/block-corpus): the change is told apart instead.
import type { Transaction } from '@tiptap/pm/state';

/** Whether an editor's update is the writer's: its own transaction changed the document, not only a plugin's step appended to it. */
export function isWritersChange({ transaction }: { transaction: Transaction }): boolean {
  return transaction.docChanged;
}
