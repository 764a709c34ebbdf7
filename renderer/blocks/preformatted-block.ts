// The preformatted block (`core/preformatted`) and the verse (`core/verse`): rich text whose spaces
// and line ends are kept as typed, one node for both. The attributes the editor has no control for
// (alignment, a style, colours) are held with the `<pre>`'s opening tag as read (kept-attributes.ts).
// The node is also what classic HTML's `<pre>` is read into (html-read-blocks.ts).
import { Node, mergeAttributes, type JSONContent } from '@tiptap/core';
import { dataAttribute } from './nodes.ts';
import { BLOCK_ATTRIBUTES, OPENING_TAG, heldFor, splitOpeningTag, withKeptAttributes } from './kept-attributes.ts';
import { PRE_HTML } from './html-rules.ts';
import { inlineHtml } from './inline-html.ts';
import { withImagesHeld } from './held-image.ts';
import { madeBlockMarkup, type BlockDefinition, type DefinedReader, type WrittenBlock } from './block-definition.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE } from './classic-mark.ts';
import { PARAGRAPH_NAME, madeParagraph } from './paragraph-block.ts';
import { CODE_NAME, CODE_PLACEHOLDER, escapeCodeHtml, isCodeBlockElement, madeCode } from './code-block.ts';
import { ELEMENTS, HANDED_ON, LOOK, METADATA, fromText, madeAttributes, lookedOpening, type InlineStyle, type PlainText } from './text-block-markup.ts';

/** The blocks by the node's variant: '' for preformatted text, 'verse' for a poem or lyrics. */
const NAMES = { '': 'core/preformatted', verse: 'core/verse' } as const;
/** The node of both, which files dropped in it split (dropped-files.ts). */
export const PREFORMATTED_NODE = 'preformatted';

/** Preformatted text or verse, its block's attributes and opening tag held as read. */
function preformattedReader(variant: keyof typeof NAMES): DefinedReader {
  return (block, _source, html) => {
    const split = block.innerBlocks.length === 0 ? splitOpeningTag(block.innerHTML, 'pre') : null;
    // An image among its words (Convert to blocks leaves one there, in the raw handler's figures) is held as classic content holds it, as read.
    const node = split && withImagesHeld((prepare) => html.onlyNode(split.bare, PRE_HTML, PREFORMATTED_NODE, prepare), split.bare);
    if (!node || !split) return null;
    const kept = withKeptAttributes(node, block.attrs as Record<string, unknown>, split.openingTag);
    return variant ? { ...kept, attrs: { ...kept.attrs, variant } } : kept;
  };
}

/** The variant that is a code block holding an image (readCodeHoldingImages). */
const CODE_VARIANT = 'code';
/** What each variant shows while empty, as the block editor's edit of its block does. */
const PLACEHOLDERS: Readonly<Record<string, string>> = { '': 'Write preformatted text…', verse: 'Write poetry…', [CODE_VARIANT]: CODE_PLACEHOLDER };

/** A code block's words as the block editor saves them: `<code>` alone in its `<pre>`, no attributes. */
const CODE_WORDS = /^<pre class="wp-block-code"><code>([\s\S]*)<\/code><\/pre>$/;

/**
 * A code block holding an image (Convert to blocks makes the raw handler's of classic code holding one, the image in
 * its figures: figured-images.ts), which the code block's node, text alone, cannot hold: this node's, variant 'code',
 * its words rich text (as the code block's are), the image held among them as read (held-image.ts).
 */
const readCodeHoldingImages: DefinedReader = (block, _source, html) => {
  const words = block.innerBlocks.length === 0 && Object.keys(block.attrs ?? {}).length === 0 ? CODE_WORDS.exec(block.innerHTML.trim())?.[1] : undefined;
  if (words === undefined || !/<img\b/i.test(words)) return null;
  // (A newline first in a `<pre>` is dropped by the parser: one put before the words keeps theirs.)
  const node = withImagesHeld((prepare) => html.onlyNode(`<pre>\n${words}</pre>`, PRE_HTML, PREFORMATTED_NODE, prepare), words);
  return node && { ...node, attrs: { ...node.attrs, variant: CODE_VARIANT } };
};

/** Its block attributes and opening tag as read, or the block's own; a code block holding an image as the code block saves it (its HTML escaped so). */
function writePreformatted(node: JSONContent): WrittenBlock {
  if (node.attrs?.variant === CODE_VARIANT) return { name: CODE_NAME, attributes: {}, html: `<pre class="wp-block-code"><code>${escapeCodeHtml(inlineHtml(node.content))}</code></pre>` };
  const name = node.attrs?.variant === 'verse' ? NAMES.verse : NAMES[''];
  const held = heldFor(node, /^<pre[\s>]/);
  return { name, attributes: held?.blockAttributes ?? {}, html: `${held?.openingTag ?? `<pre class="wp-block-${name.slice('core/'.length)}">`}${inlineHtml(node.content)}</pre>` };
}

/** A `<pre>` holding only `<code>` of text is a code block instead (code-block.ts). */
const Preformatted = Node.create({
  name: PREFORMATTED_NODE,
  group: 'block',
  content: 'inline*',
  marks: '_',
  whitespace: 'pre',
  defining: true,
  addAttributes() {
    return { variant: dataAttribute('variant', '', (value) => value), blockAttributes: BLOCK_ATTRIBUTES, openingTag: OPENING_TAG, [CLASSIC]: CLASSIC_ATTRIBUTE };
  },
  parseHTML() {
    // Only a `<pre>` that is all `<code>` of text is a code block: inline code among its words is the text's.
    return [{ tag: 'pre', priority: 60, preserveWhitespace: 'full', getAttrs: (element) => (isCodeBlockElement(element) ? false : null) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['pre', mergeAttributes(HTMLAttributes, { class: 'preformatted' }), 0];
  },
});

/** What the block editor saves for a new one of `name`. */
const newMarkup = (name: string) => `<!-- wp:${name} -->\n<pre class="wp-block-${name}"></pre>\n<!-- /wp:${name} -->`;

/** Verse's name, which the quote's transforms name. */
export const VERSE_NAME = NAMES.verse;

/** Preformatted text or verse a transform makes of words (maybe with the look it carries: an anchor, colours …), as the block editor saves it. */
export const madePre = (name: (typeof NAMES)[keyof typeof NAMES], text: string, look: Record<string, unknown> = {}, textAlign?: string, inline?: InlineStyle) =>
  madeBlockMarkup(name, madeAttributes({ textAlign, look, inline }), `${lookedOpening('pre', `wp-block-${name.replace(/^core\//, '')}`, look, textAlign, inline)}${text}</pre>`);

/** A paragraph's words and look turned into preformatted text or verse, as the block editor's transforms do (its drop cap and alignment left out; its text alignment too, but by verse). */
const fromParagraph = (name: (typeof NAMES)[keyof typeof NAMES]) =>
  fromText(({ text, textAlign, look, inline }: PlainText) => madePre(name, text, look, name === NAMES.verse ? textAlign : undefined, inline), ['anchor', ...LOOK, 'style', METADATA, ...(name === NAMES.verse ? ['spacing', ELEMENTS, ...HANDED_ON] : [])]);

/**
 * Words with their look and style into another block of text, as the block editor's transforms between these
 * blocks carry them: every attribute handed on as it is (`whole`, verse into a paragraph, preformatted text into
 * anything: its text alignment too, which the block made writes where it has one), or what the supports carry
 * (verse or code into preformatted text: its alignment left behind).
 */
const styled = (make: (text: PlainText) => string, whole: boolean) => fromText(make, ['anchor', ...LOOK, 'style', METADATA, ...(whole ? ['spacing', ELEMENTS, ...HANDED_ON] : [])]);

/** Verse or code into preformatted text: its words, look and what the supports carry of its style. */
const intoPreformatted = styled(({ text, look, inline }) => madePre(NAMES[''], text, look, undefined, inline), false);

export const preformattedBlock: BlockDefinition = {
  transforms: {
    [PARAGRAPH_NAME]: [{ to: NAMES[''], title: 'Preformatted', make: fromParagraph(NAMES['']) }, { to: NAMES.verse, title: 'Verse', make: fromParagraph(NAMES.verse) }],
    [CODE_NAME]: [{ to: NAMES[''], title: 'Preformatted', make: intoPreformatted }],
    [NAMES.verse]: [
      { to: NAMES[''], title: 'Preformatted', make: intoPreformatted },
      { to: PARAGRAPH_NAME, title: 'Paragraph', make: styled(madeParagraph, true) },
    ],
    [NAMES['']]: [
      { to: PARAGRAPH_NAME, title: 'Paragraph', make: styled(madeParagraph, true) },
      { to: CODE_NAME, title: 'Code', make: styled(({ text, textAlign, look, inline }) => madeCode(text, madeAttributes({ textAlign, look, inline }), inline), true) },
      { to: NAMES.verse, title: 'Verse', make: styled(({ text, textAlign, look, inline }) => madePre(NAMES.verse, text, look, textAlign, inline), true) },
    ],
  },
  readers: { [NAMES['']]: preformattedReader(''), [NAMES.verse]: preformattedReader('verse') },
  // The code block's reader is code-block.ts's; this node's where the code holds an image.
  readsBeside: { [CODE_NAME]: readCodeHoldingImages },
  extensions: [Preformatted],
  writers: { [PREFORMATTED_NODE]: writePreformatted },
  drawsOwnColours: [PREFORMATTED_NODE],
  textPlaceholders: { [PREFORMATTED_NODE]: (node) => PLACEHOLDERS[String(node.attrs.variant)] ?? PLACEHOLDERS[''] },
  inserter: [
    { title: 'Preformatted', keywords: 'monospace text spaces', markup: newMarkup('preformatted'), after: 'Code' },
    { title: 'Verse', keywords: 'poem poetry lyrics', markup: newMarkup('verse'), after: 'Preformatted' },
  ],
  remembersReading: true,
};
