// Footnote marks in rich text, as the block editor's core/footnote format writes them:
// `<sup data-fn="ID" class="fn"><a href="#ID" id="ID-link">N</a></sup>`, numbered in order of
// appearance. The notes' text lives in the post's `footnotes` meta.
import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { FOOTNOTES_NODE } from './footnotes-block.ts';

/** The footnote ids of a document, in the order their marks appear. */
export function footnoteOrder(doc: { descendants(visit: (node: { type: { name: string }; attrs: Record<string, unknown> }) => void): void }): string[] {
  const ids: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'footnoteMark') ids.push(String(node.attrs.id));
  });
  return ids;
}

function findNode(doc: ProseMirrorNode, type: string, id?: string): { node: ProseMirrorNode; position: number } | null {
  let found: { node: ProseMirrorNode; position: number } | null = null;
  doc.descendants((node, position) => {
    if (found) return false;
    if (node.type.name === type && (id === undefined || node.attrs.id === id)) found = { node, position };
    return true;
  });
  return found;
}

/**
 * Marks numbered in order of appearance; the footnotes block (when there is one) holds one note
 * per mark in that order: a note whose mark is gone goes, a mark without a note gets an empty one.
 */
function syncFootnotes(tr: Transaction): Transaction {
  let number = 0;
  const order: string[] = [];
  tr.doc.descendants((node, position) => {
    if (node.type.name !== 'footnoteMark') return;
    number += 1;
    order.push(String(node.attrs.id));
    if (node.attrs.number !== number) tr.setNodeMarkup(position, undefined, { ...node.attrs, number });
  });
  const block = findNode(tr.doc, FOOTNOTES_NODE);
  if (!block) return tr;
  const notes = new Map<string, ProseMirrorNode>();
  block.node.forEach((note) => notes.set(String(note.attrs.id), note));
  const current = [...notes.keys()];
  const ids = [...new Set(order)];
  if (current.length === ids.length && current.every((id, index) => id === ids[index])) return tr;
  const noteType = tr.doc.type.schema.nodes.footnoteNote;
  const content = ids.map((id) => notes.get(id) ?? noteType.create({ id }));
  return tr.replaceWith(block.position + 1, block.position + block.node.nodeSize - 1, content);
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    footnoteMark: {
      /** A new footnote mark at the caret (its note follows, see syncFootnotes). */
      insertFootnoteMark: (id: string) => ReturnType;
      /** A new footnote at the caret, with a footnotes block at the end if there is none; the caret goes into its note. */
      insertFootnote: () => ReturnType;
    };
  }
}

export const FootnoteMark = Node.create({
  name: 'footnoteMark',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      id: { default: '', parseHTML: (element) => element.getAttribute('data-fn') ?? '' },
      number: { default: 1, parseHTML: (element) => Number(element.textContent) || 1 },
    };
  },
  parseHTML() {
    return [{ tag: 'sup[data-fn]' }];
  },
  renderHTML({ node }) {
    const id = String(node.attrs.id);
    return ['sup', { 'data-fn': id, class: 'fn' }, ['a', { href: `#${id}`, id: `${id}-link` }, String(node.attrs.number)]];
  },
  // A number, not a word: left out of the word count and of find and replace.
  renderText() {
    return '';
  },
  addCommands() {
    return {
      insertFootnoteMark:
        (id) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { id } }),
      insertFootnote:
        () =>
        ({ state, dispatch }) => {
          const { selection, schema } = state;
          const { $from } = selection;
          // Not in a note (a note has no note), nor in code, which holds plain text only.
          if ($from.parent.type.name === 'footnoteNote' || !$from.parent.canReplaceWith($from.index(), $from.indexAfter(), schema.nodes.footnoteMark)) return false;
          if (!dispatch) return true;
          const id = crypto.randomUUID();
          const tr = state.tr.replaceSelectionWith(schema.nodes.footnoteMark.create({ id }), false);
          if (!findNode(tr.doc, FOOTNOTES_NODE)) tr.insert(tr.doc.content.size, schema.nodes[FOOTNOTES_NODE].create());
          syncFootnotes(tr);
          const note = findNode(tr.doc, 'footnoteNote', id);
          if (note) tr.setSelection(TextSelection.create(tr.doc, note.position + 1));
          dispatch(tr.scrollIntoView());
          return true;
        },
    };
  },
  // Every change renumbers the marks and lines the notes up with them, as the block editor does on save.
  addProseMirrorPlugins() {
    return [
      new Plugin({
        appendTransaction: (transactions, _old, state: EditorState) => {
          if (!transactions.some((transaction) => transaction.docChanged)) return null;
          const tr = syncFootnotes(state.tr);
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});
