// The HTML filter's work on the server DOM (jsdom): DOMPurify with the reference's
// allow-lists (allowed-html.ts), around placeholders for block delimiters, and the check that
// text as sent reads as the filtered markup. What is filtered, and how blocks are read around
// it, is markup-filter.ts's.
import { randomUUID } from 'node:crypto';
import type { DOMPurify } from 'dompurify';
import { createPurifier, domWindow } from '../dom-window.ts';
import {
  ALLOWED_CSS_PROPERTIES, ALLOWED_PROTOCOLS, CSS_URL_PROPERTIES, GLOBAL_ATTRIBUTES, POST_TAGS, TEXT_TAGS, URL_ATTRIBUTES,
  type AllowList,
} from './allowed-html.ts';
import { hasAllowedProtocol } from '../../shared/url-protocols.ts';

/** `post`: content, excerpts, media descriptions and captions; `inline`: titles and descriptions. */
export type HtmlProfile = 'post' | 'inline';

const ALLOW_LISTS: Record<HtmlProfile, AllowList> = { post: POST_TAGS, inline: TEXT_TAGS };
const DATA_ATTRIBUTE = /^data(?:-[a-z0-9_]+)+$/;
/** What DOMPurify itself accepts in any attribute: an allowed scheme, or no scheme at all. */
const ALLOWED_URI = new RegExp(`^(?:(?:${[...ALLOWED_PROTOCOLS].join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

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
export function readsAsFiltered(html: string, clean: string): boolean {
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

/** Where a block delimiter stands: a block's opening, its closing, or the whole of a block without content. */
export type DelimiterKind = 'opener' | 'closer' | 'void';

/** A block delimiter's stand-in comment in HTML to filter: its block (to pair opener and closer), its kind, and how it is written when kept. */
export interface DelimiterPlaceholder {
  block: object;
  kind: DelimiterKind;
  write(kind: DelimiterKind): string;
}

/** Filtered HTML around block delimiters: the text to store, and what readers get once the delimiters are taken out. */
export interface FilteredAroundDelimiters {
  stored: string;
  readers: string;
  /** The filtered HTML without any comment: nothing in it a block parser can read as a delimiter. */
  withoutComments(): string;
}

function* commentsUnder(root: Node): Generator<Comment> {
  const walker = root.ownerDocument!.createTreeWalker(root, domWindow().NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) yield node as Comment;
}

/** Takes every trace of the placeholders out of text, comments and attributes (a delimiter inside them is not one to the HTML parser). */
function scrubPlaceholders(root: Element, marker: string): void {
  const trace = new RegExp(`(?:<!--)?${marker}-\\d+(?:-->)?`, 'g');
  const walker = root.ownerDocument.createTreeWalker(root, domWindow().NodeFilter.SHOW_ALL);
  // Only what holds a trace is set: each change to jsdom's tree has its cost.
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof domWindow().CharacterData && node.data.replace(trace, '') !== node.data) node.data = node.data.replace(trace, '');
    if (!(node instanceof domWindow().Element)) continue;
    for (const attribute of [...node.attributes]) if (attribute.value.replace(trace, '') !== attribute.value) attribute.value = attribute.value.replace(trace, '');
  }
}

/**
 * HTML in which each block delimiter stands as a placeholder comment (`<!--{marker}-{n}-->`,
 * keyed by its text in `placeholders`), filtered for the profile. A block keeps its delimiters
 * only where the HTML parser saw each of them as a comment (not inside a tag, an attribute or
 * a `<textarea>`); they are written as `write` says, a block whose content the filter removed
 * as a void one.
 */
export function filterAroundDelimiters(marked: string, profile: HtmlProfile, marker: string, placeholders: ReadonlyMap<string, DelimiterPlaceholder>): FilteredAroundDelimiters {
  const purifier = (purifiers[profile] ??= createHtmlPurifier(profile));
  const body = purifier.sanitize(marked) as unknown as HTMLBodyElement | null;
  // Markup that replaces the body (`<frameset>`) leaves nothing.
  if (!body) return { stored: '', readers: '', withoutComments: () => '' };
  const seen = new Map<object, Comment[]>();
  for (const comment of placeholders.size > 0 ? commentsUnder(body) : []) {
    const placed = placeholders.get(comment.data);
    if (placed) seen.set(placed.block, [...(seen.get(placed.block) ?? []), comment]);
  }
  // Comments are marked rather than removed (jsdom takes time in proportion to the document for each removal) and
  // the marks replaced in the serialized HTML: by the delimiter in the text to store, by nothing in what readers get.
  const delimiters: string[] = [];
  const gone = `${marker}-gone`;
  const write = (comment: Comment, kind: DelimiterKind) => {
    delimiters.push(placeholders.get(comment.data)!.write(kind));
    comment.data = `${marker}-kept-${delimiters.length - 1}`;
  };
  for (const comments of seen.values()) {
    const [opener, closer] = (['opener', 'closer'] as const).map((kind) => comments.find((comment) => placeholders.get(comment.data)!.kind === kind));
    if (!opener && !closer) write(comments[0]!, 'void');
    else if (!opener || !closer) for (const comment of comments) comment.data = gone;
    // A block whose content the filter removed is written as a void one, as serialize_block does.
    else if (opener.nextSibling === closer) {
      closer.data = gone;
      write(opener, 'void');
    } else {
      write(opener, 'opener');
      write(closer, 'closer');
    }
  }
  if (placeholders.size > 0) scrubPlaceholders(body, marker);
  const marks = new RegExp(`<!--${marker}-(?:gone|kept-(\\d+))-->`, 'g');
  const serialized = body.innerHTML;
  const stored = serialized.replace(marks, (_mark, kept?: string) => (kept === undefined ? '' : delimiters[Number(kept)]!));
  const readers = serialized.replace(marks, '');
  const withoutComments = () => {
    for (const comment of commentsUnder(body)) comment.data = gone;
    return body.innerHTML.replace(marks, '');
  };
  return { stored, readers, withoutComments };
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

