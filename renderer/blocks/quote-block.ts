// The quote block (`core/quote`): blocks quoted (paragraphs, lists …) and a citation under them,
// rich text held as HTML. Its attributes (alignment, a style's class, an anchor) and opening tag
// are held as read, around the blocks and citation the writer edits. The older form holding its
// paragraphs as HTML is read as it stands only without attributes (older-forms.ts migrates the
// others). The node is also what classic HTML's `<blockquote>` is read into (html-read-blocks.ts).
import Blockquote from '@tiptap/extension-blockquote';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import { BLOCK_ATTRIBUTES, OPENING_TAG, heldFor, htmlText, splitOpeningTag, withKeptAttributes } from './kept-attributes.ts';
import { LEGACY_QUOTE_HTML, PARAGRAPH_HTML, QUOTE_WRAPPER_HTML, contentFollows } from './html-rules.ts';
import { attributesOf, inDeclaredOrder, madeBlockMarkup, madeBlocks, type BlockDefinition, type DefinedReader, type DefinedWriter, type WrittenSource } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { PARAGRAPH_ATTRIBUTES, PARAGRAPH_NAME, madeParagraph } from './paragraph-block.ts';
import { withColoursReplaced, withDeclarations, withFontSizeClass } from './text-colours.ts';
import { withClasses } from './block-align.ts';
import { HEADING_NAME } from './heading-block.ts';
import { LIST_NAME } from './list-block.ts';
import { PULLQUOTE_NAME, fromPullquote, madePullquote } from './pullquote-block.ts';
import { VERSE_NAME, madePre } from './preformatted-block.ts';
import { GROUP } from './group-block.ts';
import { keptStyle, wrapperCss, wrapperStyleOf } from './wrapper-style.ts';
import { commentOnly } from './comment-attributes.ts';
import { ELEMENTS, LOOK, METADATA, ONE_TO_ONE, PRESETS, carriedLook, carriedStyle, fromText, lookClasses, lookedOpening, madeAttributes, migrated, textOf, type PlainText } from './text-block-markup.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE } from './classic-mark.ts';

/** The block's name, by which the nesting rules know it (block-nesting.ts). */
export const QUOTE_NAME = 'core/quote';
/** The block's node, which holds blocks a writer moves and drops files among. */
export const QUOTE_NODE = 'blockquote';

/** The attributes by which a quote's classes are set (lookClasses): a class, the palette's colours, a font size and family, a border colour. */
const LOOK_ATTRIBUTES = [...LOOK, 'fontFamily', 'borderColor'] as const;

/** The citation at the end of a quote (rich text, as HTML), and the quote's HTML without it. */
const CITATION = /<cite>([\s\S]*?)<\/cite>(\s*<\/blockquote>\s*)$/;

/**
 * The opening tags read for a quote's attributes: the one its save writes for alignment of its text, a wide or
 * full alignment, an anchor, classes, the palette's colours, font size and family, a border colour and a style
 * (written as the style engine writes it: wrapper-style.ts; a pullquote's turned into a quote), first, then the
 * older one setting no style, its anchor first; its lock and name write nothing; none for any other attribute,
 * which the quote is kept as written for.
 */
export function quoteOpeningTags(attributes: Record<string, unknown>): string[] {
  const { textAlign, align, anchor, style, ...rest } = attributes;
  const look = Object.fromEntries(Object.entries(rest).filter(([name]) => (LOOK_ATTRIBUTES as readonly string[]).includes(name)));
  const others = Object.fromEntries(Object.entries(rest).filter(([name]) => !(name in look)));
  if (!commentOnly(others) || ![textAlign, align, anchor, ...Object.values(look)].every((value) => value === undefined || typeof value === 'string')) return [];
  const written = style === undefined ? undefined : wrapperStyleOf(style, true);
  if (written === null || (style !== undefined && written === undefined)) return [];
  const inline = written ? { style: keptStyle(style) ?? {}, css: '', whole: true } : undefined;
  const classes = ['wp-block-quote', ...(align ? [`align${String(align)}`] : []), ...(textAlign ? [`has-text-align-${String(textAlign)}`] : []), ...lookClasses(look, inline)].join(' ');
  const css = wrapperCss(written);
  const id = anchor ? ` id="${String(anchor)}"` : '';
  const current = `<blockquote class="${classes}"${id}${css ? ` style="${css}"` : ''}>`;
  return style === undefined && anchor ? [current, `<blockquote${id} class="${classes}">`] : [current];
}

const readQuote: DefinedReader = (block, _source, html, readInner) => {
  if (block.innerBlocks.length === 0) return Object.keys(block.attrs ?? {}).length === 0 ? html.onlyNode(block.innerHTML, LEGACY_QUOTE_HTML, QUOTE_NODE) : null;
  const split = splitOpeningTag(block.innerHTML, 'blockquote');
  if (!split || !quoteOpeningTags(block.attrs ?? {}).includes(split.openingTag)) return null;
  const citation = CITATION.exec(split.bare)?.[1] ?? null;
  // The citation is rich text the editor holds as HTML: only marks and line breaks.
  if (citation !== null && !contentFollows(html.body(citation), PARAGRAPH_HTML)) return null;
  const wrapper = html.body(split.bare.replace('<blockquote>', '<blockquote class="wp-block-quote">').replace(CITATION, '$2'));
  if (!contentFollows(wrapper, QUOTE_WRAPPER_HTML) || wrapper.textContent?.trim() !== '') return null;
  const content = block.innerBlocks.map((inner) => readInner(inner));
  if (!content.every((node) => node !== null)) return null;
  return withKeptAttributes({ type: QUOTE_NODE, attrs: citation ? { citation } : {}, content }, block.attrs as Record<string, unknown>, split.openingTag);
};

const writeQuote: DefinedWriter = (node, writeInner) => {
  // The citation is rich text: HTML, written as it is held.
  const citation = node.attrs?.citation ? `<cite>${String(node.attrs.citation)}</cite>` : '';
  const held = heldFor(node, /^<blockquote[\s>]/);
  return { name: QUOTE_NAME, attributes: held?.blockAttributes ?? {}, html: `${held?.openingTag ?? '<blockquote class="wp-block-quote">'}${writeInner(node.content ?? [])}${citation}</blockquote>` };
};

/** A quote as written, with its citation's words under it (not editable here, and never run as HTML). */
/** The class of the element holding a quote's blocks, by which styles.css gives the gap between them. */
const QUOTE_BLOCKS = 'quote-blocks';

function citedQuoteView(node: PmNode): NodeView {
  const dom = document.createElement('blockquote');
  const contentDOM = document.createElement('div');
  contentDOM.className = QUOTE_BLOCKS;
  dom.append(contentDOM);
  const citation = node.attrs.citation as string | null;
  if (citation) {
    const cite = document.createElement('cite');
    cite.contentEditable = 'false';
    cite.className = 'quote-citation';
    cite.textContent = htmlText(citation);
    dom.append(cite);
  }
  return { dom, contentDOM, update: (next) => next.type === node.type && next.attrs.citation === citation };
}

/** A quote, whose citation (rich text, as HTML) shows under it and whose words count with its text. */
const CitedBlockquote = Blockquote.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      blockAttributes: BLOCK_ATTRIBUTES,
      openingTag: OPENING_TAG,
      [CLASSIC]: CLASSIC_ATTRIBUTE,
      citation: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-citation'),
        renderHTML: (attributes) => (attributes.citation ? { 'data-citation': attributes.citation as string } : {}),
      },
    };
  },
  renderText({ node }) {
    return [node.textBetween(0, node.content.size, '\n'), htmlText(String(node.attrs.citation ?? ''))].join('\n').trim();
  },
  addProseMirrorPlugins() {
    return [new Plugin({ key: new PluginKey('quoteCitation'), props: { nodeViews: { [QUOTE_NODE]: (node) => citedQuoteView(node) } } })];
  },
});

/** A quote a transform makes of blocks (their markup), maybe with a citation and what it carries (a pullquote's alignment, anchor, font size, and style handed on whole: its text alignment in its attributes only), as the block editor saves it; null where it saves what is not read here. */
export function madeQuote(inner: string, citation = '', carried: Omit<PlainText, 'text'> = {}): string | null {
  const attributes = madeAttributes(carried);
  const [opening] = quoteOpeningTags(attributes);
  return opening === undefined ? null : madeBlockMarkup(QUOTE_NAME, attributes, `${opening}${inner}${citation ? `<cite>${citation}</cite>` : ''}</blockquote>`);
}

/** A quote's parts: its blocks' markup as written, their words, whether they set no attributes of their own, its citation, and the quote as read. */
interface QuoteParts { inner: string; words: string[]; plain: boolean; citation: string; block: ParsedBlock }

/** A quote holding paragraphs only, as QuoteParts; else null (its other transforms not made here yet). */
function quoteParts(block: ParsedBlock, source: string): QuoteParts | null {
  const parts = /^<!-- wp:quote (?:\{[\s\S]*?\} )?-->\n<blockquote[^>]*>([\s\S]*?)(?:<cite>([\s\S]*)<\/cite>)?<\/blockquote>\n<!-- \/wp:quote -->$/.exec(source);
  const words = block.innerBlocks.map((inner) => (inner.blockName === PARAGRAPH_NAME ? textOf(inner) : null));
  if (!parts || words.some((text) => text === null)) return null;
  const plain = block.innerBlocks.every((inner) => Object.keys(attributesOf(inner)).length === 0 && /^\s*<p>/.test(inner.innerHTML));
  return { inner: parts[1], words: words.map(String), plain, citation: parts[2] ?? '', block };
}

/** What the block editor makes of a quote's parts (quoteParts), or null where they are not had. */
const fromQuote = (make: (parts: QuoteParts) => string | null) => (block: ParsedBlock, source: string) => {
  const parts = quoteParts(block, source);
  return parts && make(parts);
};

/** A quote's blocks as written, then its citation (if any) as a paragraph of its own, as its transforms to paragraphs and a group make them. */
const blocksThenCitation = (inner: string, citation: string) => madeBlocks([inner, ...(citation ? [madeParagraph({ text: citation })] : [])].filter(Boolean));

/** What the supports carry of a quote into each block its transforms make: its palette's colours and font size, and its style's, a link's colour among them (each block made has one; its text alignment the quote's own, left behind). */
const SUPPORTED = [...PRESETS, 'style', ELEMENTS];

/** The look and inline style a transform carries of a quote, of its attributes `carried` (PlainText's, without a text alignment). */
function carriedOfQuote(block: ParsedBlock, carried: readonly string[]): Omit<PlainText, 'text' | 'textAlign'> {
  const { inline } = carriedStyle(block, carried);
  return { ...carriedLook(block, carried), ...(inline ? { inline } : {}) };
}

/** What the block editor's metadata support carries from one block into the one block a transform makes of it, where that sets none of its own. */
const CARRIED_METADATA = ['noteId', 'name', 'blockVisibility'];

/** A paragraph's metadata with the quote's name (its note, its visibility) carried where it sets none of its own, as the metadata support carries them. */
function namedAsQuote(own: unknown, quote: unknown): unknown {
  const [mine, carried] = [own, quote].map((value) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}));
  const added = Object.fromEntries(CARRIED_METADATA.filter((key) => (key === 'blockVisibility' ? carried[key] !== undefined : Boolean(carried[key])) && !mine[key]).map((key) => [key, carried[key]]));
  return Object.keys(added).length > 0 ? { ...mine, ...added } : own;
}

/** The classes a paragraph's own save writes first, before a class the writer gives it. */
const OWN_PARAGRAPH_CLASS = /^has-(?:drop-cap|text-align-[a-z]+)$/;

/**
 * A paragraph of a quote setting attributes of its own with what the quote's supports carry set over its own, as
 * the block editor's supports set them: the presets and style paths of its colours and font size over the
 * paragraph's, and (into one paragraph alone) its class and name where the paragraph sets none; the element's
 * colour classes (withColoursReplaced), font size's class, its class and its style (as the style engine writes it)
 * written anew. Null for a paragraph whose element's style is not the one its attributes write.
 */
function carriedOver(paragraph: ParsedBlock, { look = {}, inline }: Omit<PlainText, 'text' | 'textAlign'>): string | null {
  const opening = /^<p(?:\s[^>]*)?>/.exec(paragraph.innerHTML.trim())?.[0];
  const held = attributesOf(paragraph);
  const written = wrapperStyleOf(held.style, true);
  if (opening === undefined || written === null || wrapperCss(written) !== (/\sstyle="([^"]*)"/.exec(opening)?.[1] ?? '')) return null;
  const { className, [METADATA]: metadata, ...presets } = look;
  const style = inline ? migrated(inline.style, [ELEMENTS], keptStyle(held.style) ?? {}) : held.style;
  const classed = held.className === undefined && typeof className === 'string' ? className : undefined;
  const next = inDeclaredOrder({ ...held, ...presets, ...(classed ? { className: classed } : {}), style, metadata: namedAsQuote(held.metadata, metadata) }, PARAGRAPH_ATTRIBUTES);
  const recoloured = withFontSizeClass(withColoursReplaced(opening, held, next), next.fontSize);
  const restyled = withDeclarations(recoloured, wrapperCss(wrapperStyleOf(style, true) ?? undefined));
  const tag = classed ? withClasses(restyled, (classes) => {
    const at = classes.findIndex((item) => !OWN_PARAGRAPH_CLASS.test(item));
    return at < 0 ? [...classes, classed] : [...classes.slice(0, at), classed, ...classes.slice(at)];
  }) : restyled;
  return madeBlockMarkup(PARAGRAPH_NAME, next, paragraph.innerHTML.trim().replace(opening, tag));
}

/**
 * Its paragraphs, then its citation as one more, as written when the quote carries nothing into them; else each
 * made anew with what the supports carry (and, into one paragraph alone, its class and name), or, where its
 * paragraphs set attributes of their own, those kept with what the quote's supports carry set over them (carriedOver).
 */
const paragraphsOfQuote = fromQuote(({ inner, words, plain, citation, block }) => {
  if (words.length === 0) return null;
  const carried = carriedOfQuote(block, words.length === 1 && !citation ? [...SUPPORTED, ...ONE_TO_ONE] : SUPPORTED);
  if (!carried.look && !carried.inline) return blocksThenCitation(inner, citation);
  if (plain) return madeBlocks([...words, ...(citation ? [citation] : [])].map((text) => madeParagraph({ text, ...carried })));
  const paragraphs = block.innerBlocks.map((paragraph) => carriedOver(paragraph, carried));
  return paragraphs.every((made) => made !== null) ? madeBlocks([...paragraphs, ...(citation ? [madeParagraph({ text: citation, ...carried })] : [])]) : null;
});

/** Its blocks in a group, then its citation as a paragraph, its anchor handed on and what the supports carry (its class and name too, unless the group holds one block, as a group made around it). */
const groupOfQuote = fromQuote(({ inner, citation, block }) => {
  const held = block.innerBlocks.length + (citation ? 1 : 0);
  const { look = {}, inline } = carriedOfQuote(block, ['anchor', ...SUPPORTED, ...(held === 1 ? [] : ONE_TO_ONE)]);
  return madeBlockMarkup(GROUP, madeAttributes({ look, inline }), `${lookedOpening('div', 'wp-block-group', look, undefined, inline)}${blocksThenCitation(inner, citation)}</div>`);
});

/** The blocks the block editor quotes alone (a pullquote has a transform of its own). */
const QUOTED_ALONE = [PARAGRAPH_NAME, HEADING_NAME, LIST_NAME];

/** Blocks quoted, as the block editor's transform from any blocks makes it: one alone only a paragraph, heading or list; several of any kind. */
const quoted = {
  to: QUOTE_NAME,
  title: 'Quote',
  make: (block: ParsedBlock, source: string) => (QUOTED_ALONE.includes(block.blockName ?? '') ? madeQuote(source) : null),
  several: (blocks: readonly WrittenSource[]) => madeQuote(madeBlocks(blocks.map(({ source }) => source))),
};

export const quoteBlock: BlockDefinition = {
  transforms: {
    '*': [quoted],
    // Verse's words in a paragraph of a quote, its look and style (its alignment too) left behind (the block editor's supports carry none into a block wrapping the words).
    [VERSE_NAME]: [{ to: QUOTE_NAME, title: 'Quote', make: fromText(({ text }) => madeQuote(madeParagraph({ text }))) }],
    // Its words in a paragraph of the quote, its citation and style the quote's.
    [PULLQUOTE_NAME]: [{ to: QUOTE_NAME, title: 'Quote', make: fromPullquote((value, citation, carried) => madeQuote(madeParagraph({ text: value }), citation, carried), ['align', 'anchor', 'fontSize', 'style', 'spacing', ELEMENTS]) }],
    [QUOTE_NAME]: [
      { to: PARAGRAPH_NAME, title: 'Paragraph', make: paragraphsOfQuote },
      // Its alignment, anchor, font size and style handed on (its text alignment in the style's), beside what the supports carry.
      { to: PULLQUOTE_NAME, title: 'Pullquote', make: fromQuote(({ words, citation, block }) => {
        const carried = ['align', 'anchor', ...LOOK, 'style', 'spacing', ELEMENTS, METADATA];
        const { textAlign, inline } = carriedStyle(block, carried);
        return madePullquote(words.join('<br>'), citation, carriedLook(block, carried).look, inline, textAlign);
      }) },
      { to: VERSE_NAME, title: 'Verse', make: fromQuote(({ words, block }) => {
        const { look, inline } = carriedOfQuote(block, [...SUPPORTED, ...ONE_TO_ONE]);
        return madePre(VERSE_NAME, words.filter(Boolean).join('<br>'), look, undefined, inline);
      }) },
      { to: GROUP, title: 'Group', make: groupOfQuote },
    ],
  },
  readers: { [QUOTE_NAME]: readQuote },
  extensions: [CitedBlockquote],
  writers: { [QUOTE_NODE]: writeQuote },
  inserter: [
    {
      title: 'Quote',
      keywords: 'blockquote citation',
      markup: `<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->`,
      after: 'Numbered list',
      command: (chain) => chain.toggleBlockquote(),
    },
  ],
  remembersReading: true,
};
