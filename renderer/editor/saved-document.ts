// The document as a save (or a journal write) takes it: its markup, each block written once
// (blocks/written-once.ts), and the post's meta with its footnotes following the document.
// Nothing here writes the whole document out: the footnotes are read off the marks and the
// footnotes block alone, so a save costs what the blocks changed since the last one cost.
import type { JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup } from '../blocks/block-markup.ts';
import { metaWithFootnotes } from '../blocks/footnote-notes.ts';
import { FOOTNOTES_NODE } from '../blocks/footnotes-block.ts';
import type { ItemFields } from './post-fields.ts';

/**
 * What the footnotes meta is made from, as a document of its own: the marks in the order they
 * appear, then the footnotes block (its notes) as JSON. Only that block is written out.
 */
export function footnotesOf(doc: PmNode): JSONContent {
  const marks: JSONContent[] = [];
  const blocks: JSONContent[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'footnoteMark') marks.push({ type: 'footnoteMark', attrs: { id: node.attrs.id } });
    else if (node.type.name === FOOTNOTES_NODE) blocks.push(node.toJSON() as JSONContent);
  });
  return { type: 'doc', content: [...marks, ...blocks] };
}

export function savedDocument(doc: PmNode, meta: ItemFields['meta']): Pick<ItemFields, 'content' | 'meta'> {
  return { content: docToMarkup(doc), meta: metaWithFootnotes(meta, footnotesOf(doc)) };
}
