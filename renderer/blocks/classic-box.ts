// A box of classic content holding several parts of words: a `<div>` of paragraphs, a definition
// list (`<dl>` of `<dt>` terms and `<dd>` descriptions). Each part's words are rich text edited
// in place; the box's tags and each part's opening tag are held as read, with the whitespace
// before each part and before the box's closing tag (`openingTag`, `closingTag`), and written
// back around what the writer types. Read only from classic content (freeform-nodes.ts, which
// marks such a box and its parts); out of classic content (after Convert to blocks) a box is a
// Classic block of its own, as a division is (classic-division.ts).
import { Node, type JSONContent } from '@tiptap/core';
import { dataAttribute } from './nodes.ts';
import { inlineHtml } from './inline-html.ts';
import { FREEFORM_NAME } from './classic-division.ts';
import type { BlockDefinition, DefinedWriter } from './block-definition.ts';
import { BOX_DATA, BOX_PARTS, PART_DATA } from './classic-box-marks.ts';

export const CLASSIC_BOX_NODE = 'classicBox';
export const CLASSIC_PART_NODE = 'classicPart';

const PART_TAGS = [...new Set(Object.values(BOX_PARTS).flat())].map((tag) => tag.toLowerCase());

/** The element an opening tag as read opens (whitespace before it aside), of those given, or the first of them. */
const elementOf = (openingTag: unknown, tags: readonly string[]) => {
  const tag = /^\s*<([a-z]+)/.exec(String(openingTag ?? ''))?.[1] ?? '';
  return tags.includes(tag) ? tag : tags[0];
};

const asRead = (value: string) => value;

/** An opening tag as read, held in the data attribute the node's rule reads (written always, so a copy in the editor reads back as the node). */
const openingTagIn = (data: string, fallback: string) => ({ ...dataAttribute(data === BOX_DATA ? 'classicBox' : 'classicPart', fallback, asRead), renderHTML: (attributes: Record<string, unknown>) => ({ [data]: String(attributes.openingTag ?? fallback) }) });

const ClassicBox = Node.create({
  name: CLASSIC_BOX_NODE,
  group: 'block',
  content: `${CLASSIC_PART_NODE}+`,
  defining: true,
  addAttributes: () => ({ openingTag: openingTagIn(BOX_DATA, '<div>'), closingTag: dataAttribute('closingTag', '</div>', asRead) }),
  parseHTML: () => Object.keys(BOX_PARTS).map((tag) => ({ tag: `${tag.toLowerCase()}[${BOX_DATA}]`, priority: 70 })),
  renderHTML: ({ node, HTMLAttributes }) => [elementOf(node.attrs.openingTag, ['div', 'dl']), HTMLAttributes, 0],
});

const ClassicPart = Node.create({
  name: CLASSIC_PART_NODE,
  content: 'inline*',
  defining: true,
  addAttributes: () => ({ openingTag: openingTagIn(PART_DATA, '<p>') }),
  // Before the paragraph's own rule.
  parseHTML: () => PART_TAGS.map((tag) => ({ tag: `${tag}[${PART_DATA}]`, priority: 70 })),
  renderHTML: ({ node, HTMLAttributes }) => [elementOf(node.attrs.openingTag, PART_TAGS), HTMLAttributes, 0],
});

const partHtml = (part: JSONContent) => `${String(part.attrs?.openingTag ?? '<p>')}${inlineHtml(part.content)}</${elementOf(part.attrs?.openingTag, PART_TAGS)}>`;

const writeBox: DefinedWriter = (box) => ({
  name: FREEFORM_NAME,
  attributes: {},
  html: `${String(box.attrs?.openingTag ?? '<div>')}${(box.content ?? []).map(partHtml).join('')}${String(box.attrs?.closingTag ?? '</div>')}`,
});

export const classicBoxBlock: BlockDefinition = {
  extensions: [ClassicBox, ClassicPart],
  writers: { [CLASSIC_BOX_NODE]: writeBox },
  remembersReading: true,
};
