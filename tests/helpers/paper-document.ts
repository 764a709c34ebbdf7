// A stand-in for the tiptap document the editor's store writes into: its markup, its words,
// and whether the last version put in dropped the undo history.
import type { WritingDocument } from '../../renderer/editor/editor-store.ts';

export function paperDocument(markup = '') {
  const sheet = { markup, forgotten: false };
  const document: WritingDocument = {
    read: (meta) => ({ content: sheet.markup, meta }),
    markup: () => sheet.markup,
    text: () => sheet.markup.replace(/<[^>]+>/g, ' '),
    replace: (replaced, _meta, forget = false) => Object.assign(sheet, { markup: replaced, forgotten: forget }),
  };
  return { sheet, document };
}
