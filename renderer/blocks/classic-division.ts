// A `<div>` (or an `<address>`) of classic content holding words (TinyMCE keeps one as written: a box
// with a class or a style around a line of text, maybe inside further boxes or around one paragraph): rich text edited
// in place, the tags around it held as read (`openingTag`, `closingTag`) and written back around
// what the writer types. Read only from classic content (freeform-nodes.ts); a division holding
// several paragraphs is a box of parts (classic-box.ts); one holding other blocks is kept as written.
import { Node } from '@tiptap/core';
import { OPENING_TAG } from './kept-attributes.ts';
import { dataAttribute } from './nodes.ts';
import { inlineHtml } from './inline-html.ts';
import type { BlockDefinition, DefinedWriter } from './block-definition.ts';

/** The node, which classic content's reading makes (it is no block of its own). */
export const CLASSIC_DIVISION_NODE = 'classicDivision';

/** The Classic block's name: out of classic content (after Convert to blocks) a division is one. */
export const FREEFORM_NAME = 'core/freeform';

const DIVISION_CLOSE = '</div>';

const writeDivision: DefinedWriter = (division) => ({
  name: FREEFORM_NAME,
  attributes: {},
  html: `${String(division.attrs?.openingTag ?? '<div>')}${inlineHtml(division.content)}${String(division.attrs?.closingTag ?? DIVISION_CLOSE)}`,
});

const ClassicDivision = Node.create({
  name: CLASSIC_DIVISION_NODE,
  group: 'block',
  content: 'inline*',
  addAttributes: () => ({ openingTag: OPENING_TAG, closingTag: dataAttribute('closingTag', DIVISION_CLOSE, (value) => value) }),
  parseHTML: () => [{ tag: 'div[data-opening-tag]' }, { tag: 'address[data-opening-tag]' }],
  renderHTML: ({ HTMLAttributes }) => ['div', HTMLAttributes, 0],
});

export const classicDivisionBlock: BlockDefinition = {
  extensions: [ClassicDivision],
  writers: { [CLASSIC_DIVISION_NODE]: writeDivision },
  remembersReading: true,
};
