// A block written with formatting the block editor does not see: line breaks and indentation
// between its tags, inside its tags, or around its text where it meets a block of HTML (its
// fixture documents are written so). The block editor's validator finds such HTML equivalent to
// the same HTML without them (isEquivalentHTML ignores whitespace-only text between tags, the
// whitespace around text and the spacing of attributes), so the block is read as that form:
// untouched it is still written as read (its source); its first edit writes the block editor's
// form. A line break inside a line of text, and all whitespace in preformatted text (pre, code,
// textarea, and the blocks whose HTML is their text), is the writer's, never touched.
import { Parser } from 'htmlparser2';
import { splitBlocks, type ParsedBlock } from './split-blocks.ts';
import { BLOCK_SPACING } from './serialize-blocks.ts';

/** Where an inner block stands in its parent's own HTML, while that is read. */
const INNER_BLOCK = '<!--inkwell:inner-block-->';

/** Elements whose whitespace is their content. */
export const PREFORMATTED = new Set(['pre', 'code', 'textarea', 'script', 'style']);
/** Blocks whose HTML is text the writer spaced, or is read by another rule (a classic block's line breaks are its paragraphs). */
export const AS_WRITTEN = new Set(['core/verse', 'core/preformatted', 'core/code', 'core/html', 'core/shortcode', 'core/freeform', 'core/missing']);
/** Elements laid out in the line of text: a line break between two of them is a space, not formatting. */
export const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'img', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);

/** A tag, a run of text or an inner block's place (never in a line of text) in the HTML, by its place in it. */
interface Token { kind: 'open' | 'close' | 'text' | 'block'; name: string; start: number; end: number }

/** Whitespace holding a line break: formatting, as the block editor's validator sees it. */
const FORMATTING = /[\r\n]/;
const LEADING = /^[ \t\f\r\n]*/;
const TRAILING = /[ \t\f\r\n]*$/;

function tokens(html: string): Token[] {
  const found: Token[] = [];
  let preformatted = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        found.push({ kind: 'open', name, start: parser.startIndex, end: parser.endIndex + 1 });
        if (PREFORMATTED.has(name)) preformatted++;
      },
      onclosetag(name, isImplied) {
        if (PREFORMATTED.has(name)) preformatted--;
        if (!isImplied) found.push({ kind: 'close', name, start: parser.startIndex, end: parser.endIndex + 1 });
      },
      oncomment(data) {
        if (`<!--${data}-->` === INNER_BLOCK) found.push({ kind: 'block', name: '#block', start: parser.startIndex, end: parser.endIndex + 1 });
      },
      ontext() {
        // Text inside preformatted elements is left out: nothing in it is formatting.
        const last = found[found.length - 1];
        if (preformatted > 0) return;
        if (last?.kind === 'text' && last.end === parser.startIndex) last.end = parser.endIndex + 1;
        else found.push({ kind: 'text', name: '#text', start: parser.startIndex, end: parser.endIndex + 1 });
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** Whether whitespace beside this neighbour may be a space between words (else it is formatting between blocks of HTML). */
const inLine = (neighbour: Token | undefined) => neighbour !== undefined && (neighbour.kind === 'text' || INLINE.has(neighbour.name));

/** A run of text without the line breaks and indentation at its edges that meet a block of HTML (a line break within a line of text is the writer's). */
function compactText(text: string, before: Token | undefined, after: Token | undefined): string {
  if (text.trim() === '') return FORMATTING.test(text) && !(inLine(before) && inLine(after)) ? '' : text;
  const lead = LEADING.exec(text)?.[0] ?? '';
  const trail = TRAILING.exec(text)?.[0] ?? '';
  const edge = (space: string, neighbour: Token | undefined) => (FORMATTING.test(space) && !inLine(neighbour) ? '' : space);
  return `${edge(lead, before)}${text.slice(lead.length, text.length - trail.length)}${edge(trail, after)}`;
}

/** An opening tag with its attributes one space apart (their values as written). */
const compactTag = (tag: string) => tag.replace(/("[^"]*"|'[^']*')|\s+/g, (_match, quoted: string | undefined) => quoted ?? ' ').replace(/ (\/?>)$/, '$1');

/** HTML without the formatting whitespace between and inside its tags, or at the edges of its text (preformatted text aside). */
export function withoutFormatting(html: string): string {
  const found = tokens(html);
  let result = '';
  let written = 0;
  found.forEach((token, index) => {
    const raw = html.slice(token.start, token.end);
    const compact = token.kind === 'text' ? compactText(raw, found[index - 1], found[index + 1]) : token.kind === 'open' ? compactTag(raw) : raw;
    result += html.slice(written, token.start) + compact;
    written = token.end;
  });
  return result + html.slice(written);
}

/** The block's opening comment and where its closing comment begins in its source, or null when it has no closing comment. */
function comments(source: string): { opening: string; closing: number } | null {
  const opening = /^\s*<!--[\s\S]*?-->/.exec(source)?.[0];
  const closing = source.lastIndexOf('<!-- /wp:');
  return opening !== undefined && closing >= opening.length ? { opening, closing } : null;
}

/** The exact markup of each of a block's inner blocks, cut from the block's own source, or null when they cannot be told apart. */
export function innerSources(block: ParsedBlock, source: string): string[] | null {
  const found = comments(source);
  if (!found) return null;
  const pieces = splitBlocks(source.slice(found.opening.length, found.closing));
  const sources = pieces.flatMap((piece) => (piece.kind === 'block' ? [piece.source] : []));
  return sources.length === block.innerBlocks.length ? sources : null;
}

/** A block's markup without formatting, as its inner blocks are written inside a block read so (or as written, when it has none). */
const inEquivalentForm = (block: ParsedBlock, source: string) => equivalentForm(block, source) ?? source;

/**
 * The block's markup without formatting in its own HTML and its inner blocks', spaced as the
 * block editor's serializer spaces them (its edit writes them all anew, as the block editor's
 * does); null when the block has no such formatting or its whitespace is its text.
 */
export function equivalentForm(block: ParsedBlock, source: string): string | null {
  // Most blocks have no line break in their HTML but those the serializer writes around it: nothing to read.
  if (AS_WRITTEN.has(block.blockName ?? '') || (block.innerBlocks.length === 0 && !/[\r\n]/.test(block.innerHTML.replace(/^\n|\n$/g, '')))) return null;
  const found = comments(source);
  const inner = innerSources(block, source);
  if (found === null || inner === null) return null;
  // The block's own HTML is read whole (its elements open in one piece and close in another), each inner block marked in it.
  const own = withoutFormatting(block.innerContent.map((piece) => piece ?? INNER_BLOCK).join('')).split(INNER_BLOCK);
  if (own.length !== inner.length + 1) return null;
  const pieces = own.map((piece, index) => {
    if (index === 0) return piece;
    // Between two inner blocks, the serializer's spacing.
    const spacing = index < own.length - 1 && piece === '' ? BLOCK_SPACING : piece;
    return `${inEquivalentForm(block.innerBlocks[index - 1], inner[index - 1])}${spacing}`;
  });
  // The comments as the serializer writes them, without the `core/` its parser reads either way.
  const markup = `${found.opening.trimStart().replace(/^<!-- wp:core\//, '<!-- wp:')}\n${pieces.join('')}\n${source.slice(found.closing).trimEnd().replace(/^<!-- \/wp:core\//, '<!-- /wp:')}`;
  return markup === source.trim() ? null : markup;
}
