// Footnote marks in rich text, as the block editor's core/footnote format writes them:
// `<sup data-fn="ID" class="fn"><a href="#ID" id="ID-link">N</a></sup>`, numbered in order of
// appearance. The notes' text lives in the post's `footnotes` meta.
import { Node } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import { footnoteMarkHtml } from './inline-html.ts';

/** Whether a `<sup>` is a footnote mark exactly as the editor writes it back. */
export function isFootnoteMark(element: Element): boolean {
  const id = element.getAttribute('data-fn');
  if (id === null || id === '' || !element.hasAttribute('class')) return false;
  const holder = element.ownerDocument.createElement('div');
  holder.innerHTML = footnoteMarkHtml(id, Number(element.textContent));
  return /^\d+$/.test(element.textContent ?? '') && holder.innerHTML === element.outerHTML;
}

/** The footnote ids of a document, in the order their marks appear. */
export function footnoteOrder(doc: { descendants(visit: (node: { type: { name: string }; attrs: Record<string, unknown> }) => void): void }): string[] {
  const ids: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'footnoteMark') ids.push(String(node.attrs.id));
  });
  return ids;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    footnoteMark: {
      /** A new footnote mark at the caret (its note is added by the caller). */
      insertFootnoteMark: (id: string) => ReturnType;
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
  renderText({ node }) {
    return `[${String(node.attrs.number)}]`;
  },
  addCommands() {
    return {
      insertFootnoteMark:
        (id) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { id } }),
    };
  },
  // Every change renumbers the marks in order of appearance, as the block editor does on save.
  addProseMirrorPlugins() {
    return [
      new Plugin({
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((transaction) => transaction.docChanged)) return null;
          const { tr } = state;
          let number = 0;
          state.doc.descendants((node, position) => {
            if (node.type.name !== this.name) return;
            number += 1;
            if (node.attrs.number !== number) tr.setNodeMarkup(position, undefined, { ...node.attrs, number });
          });
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});
