// The heading block (`core/heading`), at a level from 1 to 6: rich text whose attributes the editor
// has no control for (an anchor, colours, a font size) are held with its opening tag as read
// (kept-attributes.ts). A heading without its `wp-block-heading` class is an older form
// (older-forms.ts). The node is also what classic HTML's `<h1>`…`<h6>` are read into (html-read-blocks.ts).
import Heading from '@tiptap/extension-heading';
import { BLOCK_ATTRIBUTES, OPENING_TAG, heldFor, heldTextNode } from './kept-attributes.ts';
import { HEADING_HTML } from './html-rules.ts';
import { inlineHtml } from './inline-html.ts';
import { withImagesHeld } from './held-image.ts';
import { madeBlockMarkup, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource, type DefinedReader, type DefinedWriter } from './block-definition.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE, classicTag } from './classic-mark.ts';
import { PARAGRAPH_NAME, madeParagraph } from './paragraph-block.ts';
import { ELEMENTS, LOOK, METADATA, fromText, madeAttributes, lookedOpening, type PlainText } from './text-block-markup.ts';
import type { ParsedBlock } from './split-blocks.ts';

/** The block's name, by which the nesting rules know it (block-nesting.ts). */
export const HEADING_NAME = 'core/heading';
/** The block's node, whose text the toolbar aligns and colours (block-align.ts) and whose level it sets. */
export const HEADING_NODE = 'heading';

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
const isHeadingLevel = (value: unknown) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 6;

const readHeading: DefinedReader = (block, _source, html) => {
  const level: unknown = block.attrs?.level ?? 2;
  if (!isHeadingLevel(level)) return null;
  // An image among its words (Convert to blocks leaves one there, in the raw handler's figures) is held as classic content holds it, as read.
  const heading = withImagesHeld((prepare) => heldTextNode(block, 'h[1-6]', html, HEADING_HTML, HEADING_NODE, prepare), block.innerHTML);
  // A heading without its class is an older form (older-forms.ts).
  return heading?.attrs?.level === level && /\sclass="([^"]* )?wp-block-heading[" ]/.test(String(heading?.attrs?.openingTag)) ? heading : null;
};

/** The heading's attributes with its level: in place when it had one, else after textAlign, as the block editor orders them. */
function withLevel(attributes: Record<string, unknown>, level: number): Record<string, unknown> {
  const entries = Object.entries(attributes).filter(([name]) => name !== 'level' || level !== 2);
  if (level === 2 || Object.hasOwn(attributes, 'level')) return Object.fromEntries(entries.map(([name, value]) => [name, name === 'level' ? level : value]));
  entries.splice(entries.findIndex(([name]) => name === 'textAlign') + 1, 0, ['level', level]);
  return Object.fromEntries(entries);
}

const writeHeading: DefinedWriter = (heading) => {
  const level = Number(heading.attrs?.level ?? 2);
  const held = heldFor(heading, /^<h[1-6][\s>]/);
  // A heading read without the block's class (an older format) gets it once it is written anew; one of classic content never.
  const attributes = classicTag(heading)?.slice(3) ?? (held && /\sclass="/.test(held.openingTag) ? held.openingTag.slice(3) : ' class="wp-block-heading">');
  return { name: HEADING_NAME, attributes: withLevel(held?.blockAttributes ?? {}, level), html: `<h${level}${attributes}${inlineHtml(heading.content)}</h${level}>` };
};

/** A new heading's markup at `level`, holding `html`, as the block editor saves it (the inserter's empty one, a pattern's). */
export const newHeading = (level: number, html = '') => newBlockMarkup('heading', `<h${level} class="wp-block-heading">${html}</h${level}>`, level === 2 ? undefined : { level });

/** Every level; the block's attributes and opening tag as read. */
const KeptHeading = Heading.extend({
  addAttributes() {
    return { ...this.parent?.(), blockAttributes: BLOCK_ATTRIBUTES, openingTag: OPENING_TAG, [CLASSIC]: CLASSIC_ATTRIBUTE };
  },
}).configure({ levels: [...LEVELS] });

/** A heading a transform makes of words (maybe with the look it carries: an anchor, `id`, colours …), at the block editor's default level, 2. */
export const madeHeading = ({ text, textAlign, look, inline }: PlainText) =>
  madeBlockMarkup(HEADING_NAME, madeAttributes({ textAlign, look, inline }), `${lookedOpening('h2', 'wp-block-heading', look, textAlign, inline)}${text}</h2>`);

/** Each of several blocks turned on its own, as the block editor's transforms between paragraphs and headings do; null when one is not made. */
const each = (make: (block: ParsedBlock) => string | null) => (blocks: readonly WrittenSource[]) => {
  const made = blocks.map(({ block }) => make(block));
  return made.every((markup) => markup !== null) ? madeBlocks(made as string[]) : null;
};

/** What a paragraph carries into a heading, and a heading into a paragraph, as the block editor's transforms between them do (a paragraph's drop cap and alignment it leaves out, a heading's level). */
const PARAGRAPH_TO_HEADING = fromText(madeHeading, ['anchor', ...LOOK, 'style', ELEMENTS, METADATA]);
const HEADING_TO_PARAGRAPH = fromText(madeParagraph, ['anchor', ...LOOK, 'style', ELEMENTS, METADATA]);

export const headingBlock: BlockDefinition = {
  readers: { [HEADING_NAME]: readHeading },
  extensions: [KeptHeading],
  writers: { [HEADING_NODE]: writeHeading },
  drawsOwnColours: [HEADING_NODE],
  textPlaceholders: { [HEADING_NODE]: () => 'Heading' },
  transforms: {
    [PARAGRAPH_NAME]: [{ to: HEADING_NAME, title: 'Heading', make: PARAGRAPH_TO_HEADING, several: each(PARAGRAPH_TO_HEADING) }],
    [HEADING_NAME]: [{ to: PARAGRAPH_NAME, title: 'Paragraph', make: HEADING_TO_PARAGRAPH, several: each(HEADING_TO_PARAGRAPH) }],
  },
  // Each level made by turning the caret's empty paragraph into it, the first after the paragraph.
  inserter: LEVELS.map((level) => ({
    title: `Heading ${level}`,
    keywords: `title h${level}`,
    markup: newHeading(level),
    after: level === 1 ? 'Paragraph' : `Heading ${level - 1}`,
    command: (chain) => chain.setHeading({ level }),
  })),
  remembersReading: true,
};
