// Each top-level block of the editor's document is serialised once: its nodes never change (an
// edit replaces them), so the markup written for one holds for as long as it is in the document.
// A block opened untouched is its source, known without writing it: a long post's first save
// (or journal write) costs no more than a short one's.
import { Extension, type JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';

const written = new WeakMap<PmNode, string>();

export function writtenOnce(block: PmNode, write: (node: JSONContent) => string): string {
  let markup = written.get(block);
  if (markup === undefined) {
    markup = write(block.toJSON() as JSONContent);
    written.set(block, markup);
  }
  return markup;
}

/** The blocks of a document as opened: each read from markup is its source while untouched. */
function rememberAsRead(doc: PmNode): void {
  doc.forEach((block) => {
    if (typeof block.attrs.source === 'string') written.set(block, block.attrs.source);
  });
}

export const WrittenOnce = Extension.create({
  name: 'writtenOnce',
  onCreate() {
    rememberAsRead(this.editor.state.doc);
  },
});
