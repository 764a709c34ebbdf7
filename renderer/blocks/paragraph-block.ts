// The paragraph block (`core/paragraph`), the editor's default block: rich text whose attributes
// the editor has no control for (a drop cap, an anchor, colours, a font size) are held with its
// opening tag as read (kept-attributes.ts). A paragraph aligned or set in a font by an older form
// is migrated (older-paragraph.ts). The node is also what classic HTML's paragraphs are read into
// (html-read-blocks.ts), a list item's line, and the empty line the writer types a new block in.
import Paragraph from '@tiptap/extension-paragraph';
import { BLOCK_ATTRIBUTES, OPENING_TAG, heldFor, heldTextNode } from './kept-attributes.ts';
import { PARAGRAPH_BLOCK_HTML } from './html-rules.ts';
import { withImagesHeld } from './held-image.ts';
import { escapeAttribute, inlineHtml } from './inline-html.ts';
import { madeBlockMarkup, newBlockMarkup, type BlockDefinition, type DefinedReader, type DefinedWriter } from './block-definition.ts';
import { inlineStyleAttribute, lookClasses, madeAttributes, type PlainText } from './text-block-markup.ts';

/** The block's name, by which the nesting rules and the older forms' reading know it. */
export const PARAGRAPH_NAME = 'core/paragraph';
/** core/paragraph's attributes in the order the block type declares them (checked against the block editor by the test). */
export const PARAGRAPH_ATTRIBUTES = ['content', 'dropCap', 'placeholder', 'direction', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'fitText', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];
/** The block's node: the line the caret stands in to make a block, the text the toolbar aligns and colours. */
export const PARAGRAPH_NODE = 'paragraph';
/** What the block editor saves for a new, empty paragraph (the one a new column, group or details holds). */
export const NEW_PARAGRAPH = newParagraph('<p></p>');

/** A new paragraph's markup with its attributes, as the block editor saves it (a new cover's title). */
export function newParagraph(html: string, attributes?: Record<string, unknown>): string {
  return newBlockMarkup('paragraph', html, attributes);
}

/** An image in a paragraph's words (Convert to blocks leaves one there, as the raw handler does) is held as classic content holds it, closed as read. */
const readParagraph: DefinedReader = (block, _source, html) => withImagesHeld((prepare) => heldTextNode(block, 'p', html, PARAGRAPH_BLOCK_HTML, PARAGRAPH_NODE, prepare), block.innerHTML);

const writeParagraph: DefinedWriter = (paragraph) => {
  const held = heldFor(paragraph, /^<p[\s>]/);
  return { name: PARAGRAPH_NAME, attributes: held?.blockAttributes ?? {}, html: `${held?.openingTag ?? '<p>'}${inlineHtml(paragraph.content)}</p>` };
};

/** The block's attributes and opening tag as read. */
const KeptParagraph = Paragraph.extend({
  addAttributes() {
    return { ...this.parent?.(), blockAttributes: BLOCK_ATTRIBUTES, openingTag: OPENING_TAG };
  },
});

/** A paragraph a transform makes of words (maybe with the look it carries: an anchor, `id` …), as the block editor saves it. */
export const madeParagraph = ({ text, textAlign, look, inline }: PlainText) => {
  const classes = [...(textAlign ? [`has-text-align-${textAlign}`] : []), ...lookClasses(look, inline)].join(' ');
  const anchor = look?.anchor;
  return madeBlockMarkup(PARAGRAPH_NAME, madeAttributes({ textAlign, look, inline }), `<p${classes ? ` class="${escapeAttribute(classes)}"` : ''}${typeof anchor === 'string' ? ` id="${escapeAttribute(anchor)}"` : ''}${inlineStyleAttribute(inline)}>${text}</p>`);
};

export const paragraphBlock: BlockDefinition = {
  readers: { [PARAGRAPH_NAME]: readParagraph },
  extensions: [KeptParagraph],
  writers: { [PARAGRAPH_NODE]: writeParagraph },
  drawsOwnColours: [PARAGRAPH_NODE],
  inserter: [{ title: 'Paragraph', keywords: 'text', markup: NEW_PARAGRAPH, first: true, command: (chain) => chain.setParagraph() }],
  remembersReading: true,
};
