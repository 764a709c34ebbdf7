// The footnotes block (`<!-- wp:footnotes /-->`) with its notes: the block holds no HTML, the
// notes' text is the post's `footnotes` meta, a JSON list of `{id, content}` in the order the
// marks appear. In the editor the block holds one note of rich text per mark (footnote-notes.ts
// reads and writes them).
import { Node } from '@tiptap/core';
import { lineBreakOnEnter } from './nodes.ts';

export const FootnotesBlock = Node.create({
  name: 'footnotesBlock',
  group: 'block',
  content: 'footnoteNote*',
  isolating: true,
  addAttributes() {
    return { blockAttributes: { default: null, rendered: false } };
  },
  parseHTML() {
    return [{ tag: 'ol[data-footnotes]' }];
  },
  renderHTML() {
    return ['ol', { 'data-footnotes': '', class: 'footnotes-block', 'aria-label': 'Footnotes' }, 0];
  },
});

/** One note: rich text, with the note's HTML as read kept while the writer leaves it alone. */
export const FootnoteNoteNode = Node.create({
  name: 'footnoteNote',
  content: 'inline*',
  marks: '_',
  defining: true,
  isolating: true,
  addAttributes() {
    return {
      id: { default: '', parseHTML: (element) => element.getAttribute('data-note') ?? '', renderHTML: (attributes) => ({ 'data-note': String(attributes.id) }) },
      source: { default: null, rendered: false },
      canonical: { default: null, rendered: false },
    };
  },
  parseHTML() {
    return [{ tag: 'li[data-note]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['li', HTMLAttributes, 0];
  },
  addKeyboardShortcuts: lineBreakOnEnter,
});
