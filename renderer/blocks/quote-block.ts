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
import { attributesOf, madeBlockMarkup, madeBlocks, type BlockDefinition, type DefinedReader, type DefinedWriter, type WrittenSource } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { PARAGRAPH_NAME, madeParagraph } from './paragraph-block.ts';
import { HEADING_NAME } from './heading-block.ts';
import { LIST_NAME } from './list-block.ts';
import { PULLQUOTE_NAME, fromPullquote, madePullquote } from './pullquote-block.ts';
import { VERSE_NAME, madePre } from './preformatted-block.ts';
import { GROUP } from './group-block.ts';
import { wrapperStyleOf } from './wrapper-style.ts';
import { ELEMENTS, fromText, madeAttributes, textOf, type PlainText } from './text-block-markup.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE } from './classic-mark.ts';

/** The block's name, by which the nesting rules know it (block-nesting.ts). */
export const QUOTE_NAME = 'core/quote';
/** The block's node, which holds blocks a writer moves and drops files among. */
export const QUOTE_NODE = 'blockquote';

/** The citation at the end of a quote (rich text, as HTML), and the quote's HTML without it. */
const CITATION = /<cite>([\s\S]*?)<\/cite>(\s*<\/blockquote>\s*)$/;

/**
 * The opening tags read for a quote's attributes: the one its save writes for alignment of its text, a wide or
 * full alignment, an anchor, classes, a font size and a style (written as the style engine writes it:
 * wrapper-style.ts; a pullquote's turned into a quote), first, then the older one setting no style, its anchor
 * first; none for any other attribute (colours of the palette …), which the quote is kept as written for.
 */
export function quoteOpeningTags(attributes: Record<string, unknown>): string[] {
  const { textAlign, align, anchor, className, fontSize, style, ...others } = attributes;
  const named = [textAlign, align, anchor, className, fontSize];
  if (Object.keys(others).length > 0 || !named.every((value) => value === undefined || typeof value === 'string')) return [];
  const written = style === undefined ? undefined : wrapperStyleOf(style, true);
  if (written === null || (style !== undefined && written === undefined)) return [];
  const classes = ['wp-block-quote', ...(align ? [`align${String(align)}`] : []), ...(textAlign ? [`has-text-align-${String(textAlign)}`] : []), ...(className ? [String(className)] : []), ...(written?.classes ?? []), ...(fontSize ? [`has-${String(fontSize)}-font-size`] : [])].join(' ');
  const css = Object.entries(written?.declarations ?? {}).map(([property, value]) => `${property}:${value}`).join(';');
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
function citedQuoteView(node: PmNode): NodeView {
  const dom = document.createElement('blockquote');
  const contentDOM = document.createElement('div');
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
function madeQuote(inner: string, citation = '', carried: Omit<PlainText, 'text'> = {}): string | null {
  const attributes = madeAttributes(carried);
  const [opening] = quoteOpeningTags(attributes);
  return opening === undefined ? null : madeBlockMarkup(QUOTE_NAME, attributes, `${opening}${inner}${citation ? `<cite>${citation}</cite>` : ''}</blockquote>`);
}

/** A quote setting no attributes and holding paragraphs only: its blocks' markup as written, their words, and its citation; else null (its other transforms not made here yet). */
function quoteParts(block: ParsedBlock, source: string): { inner: string; words: string[]; citation: string } | null {
  const parts = /^<!-- wp:quote -->\n<blockquote class="wp-block-quote">([\s\S]*?)(?:<cite>([\s\S]*)<\/cite>)?<\/blockquote>\n<!-- \/wp:quote -->$/.exec(source);
  const words = block.innerBlocks.map((inner) => (inner.blockName === PARAGRAPH_NAME ? textOf(inner) : null));
  if (!parts || Object.keys(attributesOf(block)).length > 0 || words.some((text) => text === null)) return null;
  return { inner: parts[1], words: words.map(String), citation: parts[2] ?? '' };
}

/** What the block editor makes of a quote's parts (quoteParts), or null where they are not had. */
const fromQuote = (make: (parts: { inner: string; words: string[]; citation: string }) => string | null) => (block: ParsedBlock, source: string) => {
  const parts = quoteParts(block, source);
  return parts && make(parts);
};

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
      // Its paragraphs, then its citation as one more.
      { to: PARAGRAPH_NAME, title: 'Paragraph', make: fromQuote(({ inner, words, citation }) => (words.length > 0 ? madeBlocks([inner, ...(citation ? [madeParagraph({ text: citation })] : [])]) : null)) },
      { to: PULLQUOTE_NAME, title: 'Pullquote', make: fromQuote(({ words, citation }) => madePullquote(words.join('<br>'), citation)) },
      { to: VERSE_NAME, title: 'Verse', make: fromQuote(({ words }) => madePre(VERSE_NAME, words.filter(Boolean).join('<br>'))) },
      { to: GROUP, title: 'Group', make: fromQuote(({ inner, citation }) => madeBlockMarkup(GROUP, {}, `<div class="wp-block-group">${madeBlocks([inner, ...(citation ? [madeParagraph({ text: citation })] : [])].filter(Boolean))}</div>`)) },
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
