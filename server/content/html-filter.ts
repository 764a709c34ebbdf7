// Filtering of HTML from people without `unfiltered_html`, as the reference site's kses
// does on save: DOMPurify (on the server DOM, jsdom) with the reference's allow-lists
// (allowed-html.ts). Text that the filter would not change is kept byte for byte (block
// markup, entities, attribute quoting), so filtering never rewrites a writer's clean text.
import { randomUUID } from 'node:crypto';
import type { DOMPurify } from 'dompurify';
import type { RequestUser } from '../rest/types.ts';
import { can } from '../auth/capabilities.ts';
import { createPurifier, domWindow } from '../dom-window.ts';
import {
  ALLOWED_CSS_PROPERTIES, ALLOWED_PROTOCOLS, CSS_URL_PROPERTIES, GLOBAL_ATTRIBUTES, POST_TAGS, TEXT_TAGS, URL_ATTRIBUTES,
  type AllowList,
} from './allowed-html.ts';
import { blockDelimiter, parseBlocks, writeBlocks, type DelimiterKind, type ParsedBlock } from './block-markup.ts';
import { stripBlocks } from './render.ts';

/** `post`: content, excerpts, media descriptions and captions; `inline`: titles and descriptions. */
export type HtmlProfile = 'post' | 'inline';

const ALLOW_LISTS: Record<HtmlProfile, AllowList> = { post: POST_TAGS, inline: TEXT_TAGS };
const DATA_ATTRIBUTE = /^data(?:-[a-z0-9_]+)+$/;
/** What DOMPurify itself accepts in any attribute: an allowed scheme, or no scheme at all. */
const ALLOWED_URI = new RegExp(`^(?:(?:${[...ALLOWED_PROTOCOLS].join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

/** Whether a URL has no scheme or an allowed one. Browsers skip controls and spaces inside a scheme, so the check does too. */
export function hasAllowedProtocol(url: string): boolean {
  const scheme = /^([^:/?#]+):/.exec(url.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
  return !scheme || ALLOWED_PROTOCOLS.has(scheme[1]!.toLowerCase());
}

/** Removes `var()`, `calc()` and their kin (with nested brackets), which may hold what the final check refuses. */
function withoutCssFunctions(value: string): string {
  const innermost = /(?:\b(?:var|calc|min|max|minmax|clamp|repeat)|(?<![\w-]))\([^()]*\)/gi;
  let previous;
  do {
    previous = value;
    value = value.replace(innermost, '');
  } while (value !== previous);
  return value;
}

const GRADIENT = /^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgba?\([^()]*\))*\)$/;

/** One `property: value` declaration of a style attribute, judged as the reference's safecss_filter_attr does. */
function declarationAllowed(declaration: string): boolean {
  const colon = declaration.indexOf(':');
  if (colon < 0) return false;
  const property = declaration.slice(0, colon).trim().toLowerCase();
  const value = declaration.slice(colon + 1).trim();
  const custom = /^--[a-z0-9_-]+$/.test(property);
  if (!custom && !ALLOWED_CSS_PROPERTIES.has(property)) return false;
  let test = value;
  if (CSS_URL_PROPERTIES.has(property) || (custom && value.startsWith('url('))) {
    for (const match of value.match(/url\([^)]+\)/g) ?? []) {
      const url = /^url\(\s*(['"]?)(.*)\1\s*\)$/.exec(match)?.[2]?.trim();
      if (!url || url.includes('\\') || !hasAllowedProtocol(url)) return false;
      test = test.replace(match, '');
    }
  }
  if ((property === 'background' || property === 'background-image' || custom) && GRADIENT.test(value)) test = '';
  return !/[\\(&=}]|\/\*/.test(withoutCssFunctions(test));
}

/** The declarations of a style attribute that may stay; the value itself when all may. */
export function filterStyle(css: string): string {
  const declarations = css.split(';').map((part) => part.trim()).filter((part) => part !== '');
  const kept = declarations.filter(declarationAllowed);
  return kept.length === declarations.length ? css : kept.join(';');
}

function attributeAllowed(list: AllowList, profile: HtmlProfile, element: string, name: string): boolean {
  if (list[element]?.includes(name)) return true;
  return profile === 'post' && (GLOBAL_ATTRIBUTES.includes(name) || DATA_ATTRIBUTE.test(name));
}

function createHtmlPurifier(profile: HtmlProfile): DOMPurify {
  const list = ALLOW_LISTS[profile];
  const purifier = createPurifier();
  purifier.setConfig({
    ALLOWED_TAGS: [...Object.keys(list), '#comment'],
    ALLOWED_ATTR: [...new Set([...Object.values(list).flat(), ...(profile === 'post' ? GLOBAL_ATTRIBUTES : [])])],
    ALLOW_DATA_ATTR: profile === 'post',
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    // Parsed as the inside of <body>, so that leading block comments stay where they are.
    FORCE_BODY: true,
    RETURN_DOM: true,
  });
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    if (!attributeAllowed(list, profile, node.nodeName.toLowerCase(), name)) data.keepAttr = false;
    else if (URL_ATTRIBUTES.has(name) && !hasAllowedProtocol(data.attrValue)) data.keepAttr = false;
    else if (name === 'style') {
      data.attrValue = filterStyle(data.attrValue);
      if (data.attrValue === '') data.keepAttr = false;
    }
  });
  return purifier;
}

function createTextPurifier(): DOMPurify {
  const purifier = createPurifier();
  purifier.setConfig({ ALLOWED_TAGS: [], ALLOWED_ATTR: [], FORCE_BODY: true, RETURN_DOM: true });
  return purifier;
}

const purifiers: Partial<Record<HtmlProfile | 'text', DOMPurify>> = {};

/**
 * Whether the text as sent reads as exactly the filtered markup: the browser's parser finds
 * the same elements, attributes and comments in it (so the filter removed nothing), and it
 * ends outside any markup. Text that ends inside a tag, an attribute, a comment, an element
 * whose content is text (`<textarea>`) or an open element is rewritten, because whatever the
 * site puts after it (a closing `</p>`) would complete what the writer left open.
 */
function readsAsFiltered(html: string, clean: string): boolean {
  const id = `end-${randomUUID()}`;
  // The same leading marker as DOMPurify's, so that leading comments stay in the body for both.
  const { body } = new (domWindow().DOMParser)().parseFromString(`<remove></remove>${html}<i id="${id}"></i>`, 'text/html');
  const marker = body?.firstChild;
  const probe = body?.lastChild;
  const probeIsLast = probe instanceof domWindow().HTMLElement && probe.localName === 'i' && probe.id === id && probe.attributes.length === 1;
  if (!marker || marker.nodeName !== 'REMOVE' || !probeIsLast) return false;
  marker.remove();
  probe.remove();
  return body.innerHTML === clean;
}

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

function* commentsUnder(root: Node): Generator<Comment> {
  const walker = root.ownerDocument!.createTreeWalker(root, domWindow().NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) yield node as Comment;
}

/** Takes every trace of the placeholders out of text, comments and attributes (a delimiter inside them is not one to the HTML parser). */
function scrubPlaceholders(root: Element, trace: RegExp): void {
  const walker = root.ownerDocument.createTreeWalker(root, domWindow().NodeFilter.SHOW_ALL);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof domWindow().CharacterData) node.data = node.data.replace(trace, '');
    if (node instanceof domWindow().Element) for (const attribute of [...node.attributes]) attribute.value = attribute.value.replace(trace, '');
  }
}

/**
 * The HTML with only what the profile allows; unchanged (byte for byte) when all of it is allowed.
 *
 * It is read as both parsers that will read it read it: the block parser, whose delimiters the
 * renderer strips, and the browser's. The blocks are parsed first, their attributes filtered,
 * and the HTML between their delimiters filtered as one document with a placeholder comment
 * for each delimiter. A delimiter is kept only where the HTML parser sees its placeholder as a
 * comment (not inside a tag, an attribute or a `<textarea>`), and is written back as the block
 * editor writes it, with no `--`, `<` or `>` in its attributes; so what is stored reads as the
 * filtered HTML, and so does what readers get with the delimiters taken out.
 */
export function filterHtml(html: string, profile: HtmlProfile): string {
  // Without a tag there is no element, attribute or comment to remove.
  if (!html.includes('<')) return html;
  const blocks = withFilteredAttributes(parseBlocks(html), profile);
  const nonce = randomUUID();
  const placeholders = new Map<string, { block: ParsedBlock; kind: DelimiterKind }>();
  const marked = writeBlocks(blocks, (block, kind) => {
    const data = `inkwell-block-${nonce}-${placeholders.size}`;
    placeholders.set(data, { block, kind });
    return `<!--${data}-->`;
  });
  const purifier = (purifiers[profile] ??= createHtmlPurifier(profile));
  const body = purifier.sanitize(marked) as unknown as HTMLBodyElement | null;
  // Markup that replaces the body (`<frameset>`) leaves nothing.
  if (!body) return '';

  // A block's delimiters stay only where the HTML parser saw each of them as a comment.
  const seen = new Map<ParsedBlock, Comment[]>();
  for (const comment of commentsUnder(body)) {
    const placed = placeholders.get(comment.data);
    if (placed) seen.set(placed.block, [...(seen.get(placed.block) ?? []), comment]);
  }
  const kept: Comment[] = [];
  const write = (comment: Comment, block: ParsedBlock, kind: DelimiterKind) => {
    comment.data = blockDelimiter(block, kind).slice('<!--'.length, -'-->'.length);
    kept.push(comment);
  };
  for (const [block, comments] of seen) {
    const [opener, closer] = (['opener', 'closer'] as const).map((kind) => comments.find((comment) => placeholders.get(comment.data)!.kind === kind));
    if (!opener && !closer) write(comments[0]!, block, 'void');
    else if (!opener || !closer) for (const comment of comments) comment.remove();
    // A block whose content the filter removed is written as a void one, as serialize_block does.
    else if (opener.nextSibling === closer) {
      closer.remove();
      write(opener, block, 'void');
    } else {
      write(opener, block, 'opener');
      write(closer, block, 'closer');
    }
  }
  scrubPlaceholders(body, new RegExp(`(?:<!--)?inkwell-block-${nonce}-\\d+(?:-->)?`, 'g'));
  const stored = body.innerHTML;
  for (const comment of kept) comment.remove();
  const readers = body.innerHTML;

  // The text as sent (its delimiters as the block editor writes them) when both parsers read it as filtered.
  const written = writeBlocks(blocks, blockDelimiter);
  const shownToReaders = stripBlocks(written);
  if (readsAsFiltered(written, stored) && (shownToReaders === written ? stored === readers : readsAsFiltered(shownToReaders, readers))) return written;
  if (stripBlocks(stored) === readers) return stored;
  // Not reached by any text known: comments that the block parser joins into a delimiter of its own.
  for (const comment of [...commentsUnder(body)]) comment.remove();
  return body.innerHTML;
}

/**
 * Text without any markup (the reference's sanitize_text_field, as far as tags go). What is
 * left is escaped as HTML text, so that `&lt;b&gt;` never turns into a tag.
 */
export function plainText(text: string): string {
  if (!text.includes('<')) return text;
  const purifier = (purifiers.text ??= createTextPurifier());
  // Markup that replaces the body (`<frameset>`) leaves no text.
  return (purifier.sanitize(text) as unknown as HTMLElement | null)?.innerHTML ?? '';
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
