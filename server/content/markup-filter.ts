// Filtering of HTML from people without `unfiltered_html`, as the reference site's kses
// does on save (with filter_block_content first): on the block parse the renderer uses, with
// the reference's allow-lists applied on the server DOM (html-filter.ts). Text that the filter
// would not change is kept byte for byte (block markup as the block editor writes it,
// entities, attribute quoting), so filtering never rewrites a writer's clean text.
import { randomUUID } from 'node:crypto';
import type { RequestUser } from '../rest/types.ts';
import { can } from '../auth/capabilities.ts';
import { filterAroundDelimiters, readsAsFiltered, type DelimiterPlaceholder, type HtmlProfile } from './html-filter.ts';
import { blockDelimiter, nestingDepth, parseBlocks, writeBlocks, type ParsedBlock } from './block-markup.ts';
import { stripBlocks } from './render.ts';

/** Blocks nested deeper than this lose their delimiters. */
const MAX_BLOCK_DEPTH = 200;

/** Deeper block attributes than this are dropped: no editor writes them, and each level costs a call. */
const MAX_ATTRIBUTE_DEPTH = 64;

/** A block attribute value with each string (keys too) filtered as the text around it, as filter_block_kses_value. */
function filterAttributeValue(value: unknown, profile: HtmlProfile, depth = 0): unknown {
  if (typeof value === 'string') return filterHtml(value, profile);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_ATTRIBUTE_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => filterAttributeValue(item, profile, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [filterHtml(key, profile), filterAttributeValue(item, profile, depth + 1)]));
}

/** Parsed blocks with their attributes filtered (attributes the parser could not read are dropped, as serialize_block does). */
function withFilteredAttributes(blocks: readonly ParsedBlock[], profile: HtmlProfile): ParsedBlock[] {
  return blocks.map((block) => ({
    ...block,
    attrs: block.attrs === null ? null : filterAttributeValue(block.attrs, profile) as ParsedBlock['attrs'],
    innerBlocks: withFilteredAttributes(block.innerBlocks, profile),
  }));
}

/**
 * The HTML with only what the profile allows; unchanged (byte for byte) when all of it is allowed.
 *
 * It is read as both parsers that will read it read it: the block parser, whose delimiters the
 * renderer strips, and the browser's. The blocks are parsed first, their attributes filtered,
 * and the HTML between their delimiters filtered as one document with a placeholder comment
 * for each delimiter. A delimiter is kept only where the HTML parser sees its placeholder as a
 * comment, and is written back as the block editor writes it, with no `--`, `<` or `>` in its
 * attributes; so what is stored reads as the filtered HTML, and so does what readers get with
 * the delimiters taken out.
 */
export function filterHtml(html: string, profile: HtmlProfile): string {
  // Without a tag there is no element, attribute or comment to remove.
  if (!html.includes('<')) return html;
  const parsed = parseBlocks(html);
  const marker = `inkwell-block-${randomUUID()}`;
  // Nesting deeper than any editor writes (and than reading blocks by recursion can follow) is kept as HTML alone.
  if (nestingDepth(parsed) > MAX_BLOCK_DEPTH) return filterAroundDelimiters(html, profile, marker, new Map()).withoutComments();
  const blocks = withFilteredAttributes(parsed, profile);
  const placeholders = new Map<string, DelimiterPlaceholder>();
  const marked = writeBlocks(blocks, (block, kind) => {
    const data = `${marker}-${placeholders.size}`;
    placeholders.set(data, { block, kind, write: (as) => blockDelimiter(block, as) });
    return `<!--${data}-->`;
  });
  const filtered = filterAroundDelimiters(marked, profile, marker, placeholders);
  // The text as sent (its delimiters as the block editor writes them) when both parsers read it as filtered.
  const written = writeBlocks(blocks, blockDelimiter);
  const shown = stripBlocks(written);
  const readersSeeFiltered = shown === written ? filtered.stored === filtered.readers : readsAsFiltered(shown, filtered.readers);
  if (readersSeeFiltered && readsAsFiltered(written, filtered.stored)) return written;
  if (stripBlocks(filtered.stored) === filtered.readers) return filtered.stored;
  // Not reached by any text known: comments that the block parser joins into a delimiter of its own.
  return filtered.withoutComments();
}

/**
 * A post's (or media item's) title, content or excerpt as it is stored: as written for people
 * with `unfiltered_html`, filtered for the others (titles keep inline markup only).
 */
export function filterPostText(user: RequestUser, field: 'title' | 'content' | 'excerpt', text: string): string {
  if (can(user, 'unfiltered_html')) return text;
  return filterHtml(text, field === 'title' ? 'inline' : 'post');
}

/** The reference's sanitize_key(): lower-case letters, digits, `_` and `-`. */
function sanitizeKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/**
 * The `footnotes` meta as stored: a JSON list of `{id, content}` whose content is post HTML.
 * For people without `unfiltered_html` it is filtered as content is (the reference does since
 * 6.3.2); anything that is not such a list is dropped. A value the filter leaves as it is stays byte for byte.
 */
export function filterFootnotes(user: RequestUser, value: string): string {
  if (can(user, 'unfiltered_html') || value === '') return value;
  let notes: unknown;
  try {
    notes = JSON.parse(value);
  } catch {
    return '';
  }
  if (!Array.isArray(notes)) return '';
  const wellFormed = notes.filter((note): note is { id: string; content: string } =>
    typeof note?.id === 'string' && note.id !== '' && typeof note.content === 'string' && note.content !== '');
  const kept = wellFormed.map((note) => ({ id: sanitizeKey(note.id), content: filterHtml(note.content, 'post') }));
  const unchanged = wellFormed.length === notes.length && kept.every((note, index) =>
    Object.keys(wellFormed[index]!).length === 2 && note.id === wellFormed[index]!.id && note.content === wellFormed[index]!.content);
  return unchanged ? value : JSON.stringify(kept);
}
