// A parsed block as an editor node, only when the node holds everything the block says.
// Null tells the caller to keep the block as written.
import type { JSONContent } from '@tiptap/core';
import { parse } from '@wordpress/block-serialization-default-parser';
import { HTML_READING, htmlBody, onlyNode, richTextContent } from './html-nodes.ts';
import { HEADING_HTML, LEGACY_QUOTE_HTML, LIST_HTML, PARAGRAPH_HTML, QUOTE_WRAPPER_HTML, contentFollows, type ElementRules } from './html-rules.ts';
import { readsBackWith, withSource } from './block-source.ts';
import { splitOpeningTag, withKeptAttributes } from './kept-attributes.ts';
import { keptMarkup } from './kept-markup.ts';
import { BLOCK_SPACING, nodeMarkup } from './serialize-blocks.ts';
import { currentForm, currentFormInContainer } from './older-forms.ts';
import type { Migration } from './older-inner-blocks.ts';
import { equivalentForm, innerSources } from './equivalent-form.ts';
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { readRichBlock } from './rich-blocks.ts';
import { DYNAMIC_BLOCKS, readDynamicBlock } from './dynamic-blocks.ts';
import { DEFINED_CONTAINERS, DEFINED_READERS, DEFINED_TEXT_BEFORE } from './defined-blocks.ts';

/** Reads a block into a node; `source` is the block's exact markup, for blocks holding blocks. */
type BlockReader = (block: ParsedBlock, source: string) => JSONContent | null;
type AttributeRules = Readonly<Record<string, (value: unknown) => boolean>>;

const isBoolean = (value: unknown) => typeof value === 'boolean';
const isHeadingLevel = (value: unknown) => Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 6;

/** Whether the block carries only attributes the editor models, each with a value it can hold. */
function attributesFollow(block: ParsedBlock, rules: AttributeRules): boolean {
  return Object.entries(block.attrs ?? {}).every(([name, value]) => Object.hasOwn(rules, name) && rules[name](value));
}

/** Rich text in one element whose attributes (and the block's) are held as read, around the text the writer edits. */
function attributedTextNode(block: ParsedBlock, tags: string, html: ElementRules, type: string): JSONContent | null {
  const split = block.innerBlocks.length === 0 ? splitOpeningTag(block.innerHTML, tags) : null;
  const node = split && onlyNode(split.bare, html, type);
  return node && split ? withKeptAttributes(node, block.attrs as Record<string, unknown>, split.openingTag) : null;
}

function readHeading(block: ParsedBlock): JSONContent | null {
  const level: unknown = block.attrs?.level ?? 2;
  if (!isHeadingLevel(level)) return null;
  const heading = attributedTextNode(block, 'h[1-6]', HEADING_HTML, 'heading');
  // A heading without its class is an older form (older-forms.ts).
  return heading?.attrs?.level === level && /\sclass="([^"]* )?wp-block-heading[" ]/.test(String(heading?.attrs?.openingTag)) ? heading : null;
}

/** A list's items hold nothing but text and nested lists, with attributes the editor models. */
function listItemsFollow(list: ParsedBlock): boolean {
  return list.innerBlocks.every(
    (item) =>
      item.blockName === 'core/list-item' &&
      attributesFollow(item, {}) &&
      item.innerBlocks.every((nested) => nested.blockName === 'core/list' && attributesFollow(nested, { ordered: isBoolean, start: Number.isInteger }) && listItemsFollow(nested)),
  );
}

/** A block's HTML with its inner blocks' HTML in place (and their comments left out). */
function blockHtml(block: ParsedBlock): string {
  let inner = 0;
  return block.innerContent.map((piece) => piece ?? blockHtml(block.innerBlocks[inner++])).join('');
}

/**
 * A list whose own attributes (reversed, a style, colours) are held as read, around items the
 * writer edits; its nested lists hold only what the editor models.
 */
function readList(block: ParsedBlock): JSONContent | null {
  const start: unknown = block.attrs?.start ?? 1;
  if (!Number.isInteger(start) || !listItemsFollow(block)) return null;
  const ordered = block.attrs?.ordered === true;
  const split = splitOpeningTag(blockHtml(block), ordered ? 'ol' : 'ul');
  // The element without attributes is read with the start the block says.
  const list = split && onlyNode(split.bare.replace(/^<ol>/, start === 1 ? '<ol>' : `<ol start="${Number(start)}">`), LIST_HTML, ordered ? 'orderedList' : 'bulletList');
  return list && split ? withKeptAttributes(list, block.attrs as Record<string, unknown>, split.openingTag) : null;
}

/** The citation at the end of a quote (rich text, as HTML), and the quote's HTML without it. */
const CITATION = /<cite>([\s\S]*?)<\/cite>(\s*<\/blockquote>\s*)$/;

/**
 * The opening tag the quote block saves for its attributes: alignment of its text, an anchor and
 * classes; null for any other attribute (colours, a style), which the quote is kept as written for.
 */
function quoteOpeningTag(attributes: Record<string, unknown>): string | null {
  const { textAlign, anchor, className, ...others } = attributes;
  const known = (value: unknown) => value === undefined || typeof value === 'string';
  if (Object.keys(others).length > 0 || !known(textAlign) || !known(anchor) || !known(className)) return null;
  const classes = ['wp-block-quote', ...(textAlign ? [`has-text-align-${String(textAlign)}`] : []), ...(className ? [String(className)] : [])].join(' ');
  return `<blockquote${anchor ? ` id="${String(anchor)}"` : ''} class="${classes}">`;
}

/**
 * A quote of paragraph blocks: its attributes (alignment, a style's class, an anchor) and opening tag held as read,
 * around the blocks and citation the writer edits. The older form holding its paragraphs as HTML
 * is read as it stands only without attributes (older-forms.ts migrates the others).
 */
function readQuote(block: ParsedBlock): JSONContent | null {
  if (block.innerBlocks.length === 0) return attributesFollow(block, {}) ? onlyNode(block.innerHTML, LEGACY_QUOTE_HTML, 'blockquote') : null;
  const split = splitOpeningTag(block.innerHTML, 'blockquote');
  if (!split || split.openingTag !== quoteOpeningTag(block.attrs ?? {})) return null;
  const citation = CITATION.exec(split.bare)?.[1] ?? null;
  // The citation is rich text the editor holds as HTML: only marks and line breaks.
  if (citation !== null && !contentFollows(htmlBody(citation), PARAGRAPH_HTML)) return null;
  const wrapper = htmlBody(split.bare.replace('<blockquote>', '<blockquote class="wp-block-quote">').replace(CITATION, '$2'));
  if (!contentFollows(wrapper, QUOTE_WRAPPER_HTML) || wrapper.textContent?.trim() !== '') return null;
  const content = block.innerBlocks.map((inner) => blockToNode(inner, ''));
  if (!content.every((node) => node !== null)) return null;
  return withKeptAttributes({ type: 'blockquote', attrs: citation ? { citation } : {}, content }, block.attrs as Record<string, unknown>, split.openingTag);
}

function imageCandidate(block: ParsedBlock): JSONContent | null {
  const img = htmlBody(block.innerHTML).querySelector('img');
  if (!img) return null;
  const caption = /<figcaption class="wp-element-caption">([\s\S]*)<\/figcaption>/.exec(block.innerHTML)?.[1] ?? '';
  const id: unknown = block.attrs?.id;
  const text = (name: string) => (typeof block.attrs?.[name] === 'string' ? String(block.attrs[name]) : '');
  const href = img.parentElement?.tagName === 'A' ? (img.parentElement.getAttribute('href') ?? '') : '';
  const choices = { align: text('align'), sizeSlug: text('sizeSlug'), linkDestination: text('linkDestination'), href };
  return { type: 'image', attrs: { id: typeof id === 'number' ? id : null, src: img.getAttribute('src') ?? '', alt: img.getAttribute('alt') ?? '', caption, ...choices } };
}

/** An image block's figure as the block editor writes it: a figure, an image (maybe linked), and maybe a caption. */
const IMAGE_FIGURE = /^\s*<figure [^>]*>(?:<a [^>]*>)?<img [^>]*\/?>(?:<\/a>)?(?:<figcaption class="wp-element-caption">([\s\S]*?)<\/figcaption>)?<\/figure>\s*$/;

/**
 * An image with attributes the editor has no control for (size, alignment, link, width):
 * its figure is held as read, and the alt text and caption the writer edits are written into it.
 */
function readHeldImage(block: ParsedBlock): JSONContent | null {
  const figure = IMAGE_FIGURE.exec(block.innerHTML);
  const image = figure && block.innerBlocks.length === 0 ? imageCandidate(block) : null;
  if (!image || (figure?.[1] !== undefined && !contentFollows(htmlBody(figure[1]), PARAGRAPH_HTML))) return null;
  return { ...image, attrs: { ...image.attrs, blockAttributes: block.attrs, heldHtml: block.innerHTML.trim() } };
}

function embedCandidate(block: ParsedBlock): JSONContent {
  const text = (name: string) => String(block.attrs?.[name] ?? '');
  return { type: 'embed', attrs: { url: text('url'), type: text('type'), providerNameSlug: text('providerNameSlug') } };
}

/** An embed's figure as the block editor writes it: its URL alone in the wrapper, and maybe a caption. */
const EMBED_FIGURE = /^\s*<figure class="wp-block-embed[^"]*"><div class="wp-block-embed__wrapper">\s*([^<]*?)\s*<\/div>(?:<figcaption class="wp-element-caption">([\s\S]*?)<\/figcaption>)?<\/figure>\s*$/;

/**
 * An embed with attributes the editor has no control for (aspect ratio, a caption, a class):
 * its figure is held as read while its address stays the same; the caption shows under it.
 */
function readHeldEmbed(block: ParsedBlock): JSONContent | null {
  const figure = EMBED_FIGURE.exec(block.innerHTML);
  const embed = embedCandidate(block);
  if (!figure || block.innerBlocks.length > 0 || htmlBody(figure[1]).textContent !== embed.attrs?.url) return null;
  // The address on a line of its own, as the save writes it (a hand may have indented it).
  const heldHtml = block.innerHTML.trim().replace(/(<div class="wp-block-embed__wrapper">)\s*([^<]*?)\s*<\/div>/, '$1\n$2\n</div>');
  return { ...embed, attrs: { ...embed.attrs, caption: figure[2] ?? '', blockAttributes: block.attrs, heldHtml } };
}

/**
 * For blocks whose markup follows from a few attributes: the node is taken only when the
 * editor would save it back as exactly this block, so any attribute, class or element the
 * node does not hold keeps the block as written.
 */
function savedBackExactly(candidate: (block: ParsedBlock) => JSONContent | null): (block: ParsedBlock) => JSONContent | null {
  return (block) => {
    const node = candidate(block);
    if (!node || block.innerBlocks.length > 0) return null;
    const saved = parse(nodeMarkup(node))[0];
    const same = saved.blockName === block.blockName && JSON.stringify(saved.attrs) === JSON.stringify(block.attrs) && saved.innerHTML === block.innerHTML;
    return same ? node : null;
  };
}

/** Blocks whose own HTML follows from their attributes alone, around inner blocks the writer edits. */
const CONTAINERS = ['core/cover', 'core/media-text', 'core/gallery', 'core/social-links', ...DEFINED_CONTAINERS];

/** A piece of rich text in a container's own HTML (a details block's summary, a gallery's caption). */
function richPart(open: string, content: JSONContent[], close: string, optional: boolean, type = 'richPart'): JSONContent {
  return { type, attrs: { open, close, optional }, ...(content.length > 0 ? { content } : {}) };
}

/**
 * A block holding blocks, when its own HTML is an opening and a closing around its inner blocks
 * with only spacing between them, and shows no words of its own (they would not be seen).
 */
function readContainer(block: ParsedBlock, source: string): JSONContent | null {
  const pieces = block.innerContent;
  // Rich text before its inner blocks (a details block's summary), as its definition cuts it.
  const cutBefore = Object.hasOwn(DEFINED_TEXT_BEFORE, block.blockName ?? '') ? DEFINED_TEXT_BEFORE[block.blockName ?? ''] : null;
  const before = cutBefore ? cutBefore(pieces[0] ?? '') : null;
  const beforeContent = before ? richTextContent(before.text) : null;
  if (cutBefore && !beforeContent) return null;
  const opening = before ? before.held : pieces[0];
  // A gallery's caption (rich text) stands after its images; one is offered when it has none.
  const galleryCaption = block.blockName === 'core/gallery' ? /^(<figcaption class="blocks-gallery-caption wp-element-caption">)([\s\S]*)(<\/figcaption>)(<\/figure>\s*)$|^(<\/figure>\s*)$/.exec(pieces[pieces.length - 1] ?? '') : null;
  const captionContent = galleryCaption ? richTextContent(galleryCaption[2] ?? '') : null;
  if (block.blockName === 'core/gallery' && !captionContent) return null;
  const closing = galleryCaption ? (galleryCaption[4] ?? galleryCaption[5]) : pieces[pieces.length - 1];
  const between = pieces.slice(1, -1);
  const inner = innerSources(block, source);
  if (typeof opening !== 'string' || typeof closing !== 'string' || !inner || inner.length === 0) return null;
  // Inner blocks (null) alternate with spacing: [block, spacing, block, ..., block].
  if (!between.every((piece, index) => (index % 2 === 0 ? piece === null : typeof piece === 'string' && piece.trim() === '')) || between.length !== inner.length * 2 - 1) return null;
  if (htmlBody(opening + closing).textContent?.trim() !== '') return null;
  const content = block.innerBlocks.map((innerBlock, index) => sourcedNode(innerBlock, inner[index], currentFormInContainer));
  if (before && beforeContent) content.unshift(richPart(before.open, beforeContent, before.close, false));
  if (captionContent) content.push(richPart('<figcaption class="blocks-gallery-caption wp-element-caption">', captionContent, '</figcaption>', true, 'captionPart'));
  // The line breaks around the block's HTML are the block comments', written with them.
  const spacing = between.filter((piece): piece is string => typeof piece === 'string');
  const attrs = { name: block.blockName, blockAttributes: block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null, opening: opening.trimStart(), closing: closing.trimEnd(), spacing: spacing.every((piece) => piece === BLOCK_SPACING) ? null : spacing };
  return { type: 'blockContainer', attrs, content };
}

const READERS: Readonly<Record<string, BlockReader>> = {
  ...Object.fromEntries(CONTAINERS.map((name) => [name, readContainer])),
  ...Object.fromEntries(Object.keys(DYNAMIC_BLOCKS).map((name) => [name, readDynamicBlock])),
  ...Object.fromEntries(Object.entries(DEFINED_READERS).map(([name, read]): [string, BlockReader] => [name, (block, source) => read(block, source, HTML_READING)])),
  'core/text-columns': readRichBlock,
  'core/paragraph': (block) => attributedTextNode(block, 'p', PARAGRAPH_HTML, 'paragraph'),
  'core/heading': readHeading,
  'core/list': readList,
  'core/quote': readQuote,
  'core/image': (block) => savedBackExactly(imageCandidate)(block) ?? readHeldImage(block),
  'core/embed': (block) => savedBackExactly(embedCandidate)(block) ?? readHeldEmbed(block),
};

export function blockToNode(block: ParsedBlock, source: string): JSONContent | null {
  const name = block.blockName ?? '';
  return Object.hasOwn(READERS, name) ? READERS[name](block, source) : null;
}

/** `markup` read by `read` when it is one block, else null. */
function readAsBlock(markup: string | null, read: BlockReader): JSONContent | null {
  const pieces = markup === null ? [] : splitBlocks(markup);
  return pieces.length === 1 && pieces[0].kind === 'block' ? read(pieces[0].block, pieces[0].source) : null;
}

/** A block in an older form, read as the block the block editor migrates it to (older-forms.ts), or null. */
const migratedNode = (block: ParsedBlock, source: string, migrate: Migration = currentForm) => readAsBlock(migrate(block, source), blockToNode);

/**
 * Whether the node or one inside it holds a figure as read that may be an older form. Not an
 * embed's: it is read only with the caption's current class, the one thing its older forms differ in.
 */
const holdsFigure = (node: JSONContent): boolean => (node.type !== 'embed' && typeof node.attrs?.heldHtml === 'string') || (node.content ?? []).some(holdsFigure);

/**
 * A block of its own HTML alone in an older form, written with formatting the block editor does not see: read as
 * the block its unformatted form migrates to, or null. (A container's migration keeps its inner blocks as written.)
 */
const formattedMigration = (block: ParsedBlock, source: string, migrate: Migration = currentForm) =>
  block.innerBlocks.length > 0 ? null : readAsBlock(equivalentForm(block, source), (equivalent, its) => migratedNode(equivalent, its, migrate));

/**
 * A block written with formatting the block editor does not see, which the editor does not read as
 * it stands: read as the same block without it (equivalent-form.ts), or null. Not with a figure held as read: whether that figure is the block
 * editor's current form or an older one is not known here (its edit would write it back as it is).
 */
function formattedNode(block: ParsedBlock, source: string): JSONContent | null {
  const node = readAsBlock(equivalentForm(block, source), (equivalent, its) => migratedNode(equivalent, its) ?? blockToNode(equivalent, its));
  return node && !holdsFigure(node) ? node : null;
}

/**
 * A block read from its exact markup: a node remembering that source, or the markup kept as it is.
 * An older form read as its current block still writes its source until it is edited (also one the
 * editor could read as it stands: its first edit saves the current form, as the block editor's does),
 * and so does one read without the formatting the block editor does not see. `migrate`: the
 * migrations for where it stands (a block in a container kept as written has fewer).
 */
export function sourcedNode(block: ParsedBlock, source: string, migrate: Migration = currentForm): JSONContent {
  const node = migratedNode(block, source, migrate) ?? formattedMigration(block, source, migrate) ?? blockToNode(block, source) ?? formattedNode(block, source);
  return node ? withSource(node, source, nodeMarkup(node)) : keptMarkup(source);
}

/** The markup the editor writes for one block read from `source`, or null when it is not one block the editor models. */
readsBackWith('block', (source, read) => {
  const pieces = splitBlocks(source);
  const block = pieces.length === 1 && pieces[0].kind === 'block' ? pieces[0].block : null;
  // A paragraph aligned by its class was migrated where it stood alone: kept as written (in a container kept so), the node holds the attributes it was read with.
  const keptAsRead = block?.blockName === 'core/paragraph' && JSON.stringify(read.attrs?.blockAttributes ?? {}) === JSON.stringify(block.attrs ?? {});
  const migrate = keptAsRead ? currentFormInContainer : currentForm;
  // An edited block in an older form is not patched: its edit writes the current form (as does a formatted one the editor reads only without its formatting).
  const node = block && migrate(block, source) === null && formattedMigration(block, source, migrate) === null ? blockToNode(block, source) : null;
  return node && nodeMarkup(node);
});
