// The footnotes block (`<!-- wp:footnotes /-->`) with its notes: the block holds no HTML, the
// notes' text is the post's `footnotes` meta, a JSON list of `{id, content}` in the order the
// marks appear. In the editor the block holds one note of rich text per mark (footnote-notes.ts
// reads and writes them). A footnote is made from the inserter as from the toolbar: its mark at
// the caret (footnote-marks.ts), with this block at the end if there is none.
import { Node, type JSONContent } from '@tiptap/core';
import { lineBreakOnEnter } from './nodes.ts';
import { LAYOUT_ATTRIBUTES } from './document-layout.ts';
import type { BlockDefinition, WrittenBlock } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';

const NAME = 'core/footnotes';
/** The block's node, which the marks' numbering fills with their notes. */
export const FOOTNOTES_NODE = 'footnotesBlock';

function readFootnotes(block: ParsedBlock): JSONContent | null {
  if (block.innerBlocks.length > 0 || block.innerHTML.trim() !== '') return null;
  const attributes = block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null;
  return { type: FOOTNOTES_NODE, attrs: { blockAttributes: attributes } };
}

/** The block editor writes it as a self-closing comment, with its attributes as read. */
function writeFootnotes(node: JSONContent): WrittenBlock {
  return { name: NAME, attributes: (node.attrs?.blockAttributes ?? {}) as Record<string, unknown>, html: '' };
}

/** The block, written anew each time (not remembered as read), but for the spacing read before it. */
const FootnotesNode = Node.create({
  name: FOOTNOTES_NODE,
  group: 'block',
  content: 'footnoteNote*',
  isolating: true,
  addAttributes() {
    return { blockAttributes: { default: null, rendered: false }, ...LAYOUT_ATTRIBUTES };
  },
  parseHTML() {
    return [{ tag: 'ol[data-footnotes]' }];
  },
  renderHTML() {
    return ['ol', { 'data-footnotes': '', class: 'footnotes-block', 'aria-label': 'Footnotes' }, 0];
  },
});

/** One note: rich text, with the note's HTML as read kept while the writer leaves it alone. */
const FootnoteNoteNode = Node.create({
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

export const footnotesBlock: BlockDefinition = {
  readers: { [NAME]: readFootnotes },
  extensions: [FootnotesNode, FootnoteNoteNode],
  writers: { [FOOTNOTES_NODE]: writeFootnotes },
  inserter: [{ title: 'Footnotes', keywords: 'notes references', markup: '<!-- wp:footnotes /-->', after: 'Separator', command: (chain) => chain.insertFootnote() }],
};
