// A container the editor migrated (older-forms.ts), or one holding a block in an older form at any
// depth, is written as the block editor's serializer writes it once its migrations have run: its
// own HTML without the formatting an older save or a hand left between and inside its tags, and
// every block in it, at any depth, in its current form and spaced as the serializer spaces blocks.
// The block editor migrates every block as it opens a post, so the first edit anywhere in the
// container saves the whole block as it would.
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { innerSources } from './equivalent-form.ts';
import { BLOCK_SPACING, blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';

/** A block's migration to its current form (older-forms.ts), or null when it is current. */
export type Migration = (block: ParsedBlock, source: string) => string | null;

/** Elements with no content, which the serializer closes as `/>`. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /\s+([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/** Tags as the serializer writes them: one space before each attribute, none before the end; `voids`: a void element closed as `/>`. */
export function tidyTags(html: string, voids = false): string {
  return html.replace(TAG, (_tag, slash: string, name: string, attributes: string, selfClosing: string) => {
    const written = [...attributes.matchAll(ATTRIBUTE)].map(([, key, value]) => (value === undefined ? ` ${key}` : ` ${key}=${value}`)).join('');
    const end = voids && VOID_ELEMENTS.has(name.toLowerCase()) ? '/' : selfClosing;
    return `<${slash}${name}${written}${end}>`;
  });
}

/** A `;` that ends a declaration: not the end of a character reference (`&amp;`, `&quot;`, which the serializer writes in a value). */
const DECLARATION_END = /(?<!&(?:[a-z0-9]+|#[0-9]+|#x[a-f0-9]+));/i;
/** An inline style as a save writes it: each declaration without spaces around its colon or inside `url( … )`, none empty, no `;` after the last (the block editor's validator reads a hand's spacing as the same style). */
const tidyStyle = (css: string) =>
  css.split(DECLARATION_END).map((declaration) => declaration.trim()).filter(Boolean).map((declaration) => declaration.replace(/^([\w-]+)\s*:\s*/, '$1:').replace(/url\(\s*([^)"'\s]*)\s*\)/g, 'url($1)')).join(';');

/** A container's own HTML (it shows no text) as its save writes it: tidy tags with nothing between them, inline styles tidied. */
export const tidyOwnHtml = (html: string) => tidyTags(html, true).replace(/>\s+</g, '><').replace(/ style="([^"]*)"/g, (_style, css: string) => ` style="${tidyStyle(css)}"`).trim();

/** Blocks kept as their own text (the block editor keeps their HTML as written, spacing and all). */
const RAW_BLOCKS = new Set(['core/html', 'core/freeform', 'core/shortcode', 'core/code', 'core/preformatted', 'core/verse']);

/** One block as the serializer writes it after the block editor's migrations, or its source when this cannot tell (raw text, words of a container's own it cannot tidy). */
function asSaved(block: ParsedBlock, source: string, migrate: Migration): string {
  const migrated = migrate(block, source);
  if (migrated !== null) return migrated;
  const name = block.blockName ?? '';
  if (block.innerBlocks.length === 0) return RAW_BLOCKS.has(name) || !/^\s*</.test(block.innerHTML) ? source : blockMarkup(name, block.attrs ?? {}, block.innerHTML.trim());
  return containerAsSaved(block, source, migrate) ?? source;
}

/** The words HTML shows, its runs of whitespace as one space. */
const shownWords = (html: string) => (htmlBody(html).textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * A container's own HTML before or after its blocks as its save writes it: tidy tags with nothing
 * between them. Where it shows words (a details summary, a caption, a citation, a list item's
 * text: rich text, written as read), its void elements are left as written, and it is null when
 * the space taken out stood between two words.
 */
function ownHtmlAsSaved(html: string, showsWords: boolean): string | null {
  if (!showsWords) return tidyOwnHtml(html);
  const tidy = tidyTags(html).replace(/>\s+</g, '><').trim();
  return shownWords(tidy) === shownWords(html) ? tidy : null;
}

/** A container's markup with its own HTML and inner blocks as the serializer writes them; null when more than spacing stands between its blocks, or its words would change. */
function containerAsSaved(block: ParsedBlock, source: string, migrate: Migration): string | null {
  const pieces = block.innerContent;
  const [first, last] = [pieces[0], pieces[pieces.length - 1]];
  const between = pieces.slice(1, -1).filter((piece): piece is string => typeof piece === 'string');
  const sources = innerSources(block, source);
  if (!sources || sources.length === 0 || typeof first !== 'string' || typeof last !== 'string' || between.some((piece) => piece.trim() !== '')) return null;
  const showsWords = shownWords(first + last) !== '';
  const [opening, closing] = [ownHtmlAsSaved(first, showsWords), ownHtmlAsSaved(last, showsWords)];
  if (opening === null || closing === null) return null;
  const inner = block.innerBlocks.map((innerBlock, index) => asSaved(innerBlock, sources[index], migrate));
  return blockMarkup(block.blockName ?? '', block.attrs ?? {}, `${opening}${inner.join(BLOCK_SPACING)}${closing}`);
}

/** A migrated container's markup (null: not migrated) with its own HTML and its inner blocks as the serializer writes them. */
export function withInnerBlocksAsSaved(markup: string | null, migrate: Migration): string | null {
  const pieces = markup === null ? [] : splitBlocks(markup);
  if (markup === null || pieces.length !== 1 || pieces[0].kind !== 'block') return markup;
  return containerAsSaved(pieces[0].block, pieces[0].source, migrate) ?? markup;
}

/**
 * A container in its current form holding blocks in an older form (at any depth): the block editor
 * migrates them as it opens the post, so the first edit anywhere in the container saves the whole
 * container as the serializer writes it then; null when none of its blocks is an older form (or
 * its own HTML cannot be written so: containerAsSaved).
 */
export function withOlderInnerBlocks(block: ParsedBlock, source: string, migrate: Migration): string | null {
  const sources = block.innerBlocks.length > 0 ? innerSources(block, source) : null;
  if (!sources?.some((inner, index) => migrate(block.innerBlocks[index], inner) !== null)) return null;
  return containerAsSaved(block, source, migrate);
}
