// The pullquote block (`core/pullquote`): its words and citation are rich text, edited in place;
// its figure and its comment's attributes (colours, alignment, a style) are held as read
// (rich-blocks.ts). Its colours are set from its toolbar.
import { madeBlockMarkup, madeBlocks, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { PARAGRAPH_NAME, madeParagraph } from './paragraph-block.ts';
import { HEADING_NAME, madeHeading } from './heading-block.ts';
import { ELEMENTS, LOOK, METADATA, PRESETS, carriedLook, carriedStyle, fromText, lookedOpening, madeAttributes, plainText, type InlineStyle, type PlainText } from './text-block-markup.ts';
import { richBlockReader, type RichFrame } from './rich-blocks.ts';

export const PULLQUOTE_NAME = 'core/pullquote';
const NAME = PULLQUOTE_NAME;

/** Its words in a paragraph, and a citation the block editor leaves out when it is empty. */
const pullquoteFrame: RichFrame = (html) => {
  const match = /^\s*(<figure [^>]*><blockquote>)<p>([\s\S]*?)<\/p>(?:<cite>([\s\S]*?)<\/cite>)?(<\/blockquote><\/figure>)\s*$/.exec(html);
  if (!match) return null;
  const citation = match[3] === undefined ? [] : [{ open: '<cite>', html: match[3], close: '</cite>', optional: true }];
  return { before: match[1], pieces: [{ open: '<p>', html: match[2], close: '</p>' }, ...citation], after: match[4] };
};

/** A pullquote a transform makes of words and a citation (maybe with the look it carries: an alignment, an anchor, colours …, and a text alignment), as the block editor saves it. */
export const madePullquote = (value: string, citation = '', look: Record<string, unknown> = {}, inline?: InlineStyle, textAlign?: string) => {
  const block = ['wp-block-pullquote', ...(typeof look.align === 'string' ? [`align${look.align}`] : [])].join(' ');
  return madeBlockMarkup(NAME, madeAttributes({ look, inline, textAlign }), `${lookedOpening('figure', block, look, textAlign, inline)}<blockquote><p>${value}</p>${citation ? `<cite>${citation}</cite>` : ''}</blockquote></figure>`);
};

/** What the block editor's transforms into a pullquote carry of a paragraph: its look, style and name (its drop cap, its alignment: a pullquote aligns otherwise, its anchor and text alignment left behind). */
const OF_PARAGRAPH = [...LOOK, 'style', ELEMENTS, METADATA];

/** What a pullquote's transform into `make`'s blocks carries (PlainText's look and style, of its attributes `carried`), its words and citation made into blocks by `make`, as the block editor's transforms from a pullquote do; else null. */
export const fromPullquote = (make: (value: string, citation: string, carried: Omit<PlainText, 'text'>) => string | null, carried: readonly string[]) => (block: ParsedBlock) => {
  const frame = pullquoteFrame(block.innerHTML);
  return frame && make(frame.pieces[0].html, frame.pieces[1]?.html ?? '', { ...carriedStyle(block, carried), ...carriedLook(block, carried) });
};

/**
 * Several paragraphs turned into one pullquote, their words on lines of its own, as the block editor's transform
 * does (their attributes left out, but the first's presets and inline style, which its supports give the block
 * made of several).
 */
function pullquoteOfParagraphs(blocks: readonly WrittenSource[]): string | null {
  const texts = blocks.map(({ block }) => plainText(block, [...PRESETS, 'style', ELEMENTS]));
  if (!texts.every((text): text is PlainText => text !== null)) return null;
  return madePullquote(texts.map(({ text }) => text).join('<br>'), '', texts[0]?.look, texts[0]?.inline);
}

/** Its words and its citation, each a block of its own, even empty (the block editor holds both as rich text, which it never finds missing), each with what the supports carry of its look and style (its alignment, class, anchor and name left behind: one block made two). */
const eachPart = (make: (text: PlainText) => string) => fromPullquote((value, citation, { look, inline }) => madeBlocks([value, citation].map((text) => make({ text, look, inline }))), [...PRESETS, 'style', ELEMENTS]);

export const pullquoteBlock: BlockDefinition = {
  // Its quote's; its citation's ("Add citation") the block editor shows only while the block is selected.
  placeholders: { [NAME]: ['Add quote'] },
  transforms: {
    [PARAGRAPH_NAME]: [{ to: NAME, title: 'Pullquote', make: fromText(({ text, look, inline }) => madePullquote(text, '', look, inline), OF_PARAGRAPH), several: pullquoteOfParagraphs }],
    [HEADING_NAME]: [{ to: NAME, title: 'Pullquote', make: fromText(({ text, look, inline }) => madePullquote(text, '', look, inline), ['anchor', ...OF_PARAGRAPH]) }],
    [NAME]: [
      { to: PARAGRAPH_NAME, title: 'Paragraph', make: eachPart(madeParagraph) },
      { to: HEADING_NAME, title: 'Heading', make: eachPart(madeHeading) },
    ],
  },
  readers: { [NAME]: richBlockReader(pullquoteFrame) },
  inserter: [{ title: 'Pullquote', keywords: 'quote highlight', markup: '<!-- wp:pullquote -->\n<figure class="wp-block-pullquote"><blockquote><p></p></blockquote></figure>\n<!-- /wp:pullquote -->', after: 'Quote' }],
  colours: { [NAME]: { title: 'Pullquote', text: true, link: true } },
};
