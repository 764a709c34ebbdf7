// Inline elements the editor has no format for, and attributes it has no control for, kept as the
// block editor's rich text keeps them (an element of no format, its "unregistered attributes") and
// TinyMCE keeps them in classic content: a `<span>` with a class or a style, an `<abbr title>`, a
// `<q>`, a `<cite>`, `<small>` … is a mark of its own (`heldInline`: its element and attributes), and
// bold, italic and the other plain marks hold the same attributes (the Privacy Policy page's
// `<strong class>`). They are held as written, in the order read, written back by inline-html.ts
// and shown in the writing area.
import { Extension, Mark, type JSONContent } from '@tiptap/core';

/** What may be held: what shows (class, style) and what a reader's tools read (lang, dir, title, an edit's cite and datetime); never a handler. */
export const HELD_NAMES: ReadonlySet<string> = new Set(['class', 'style', 'lang', 'dir', 'title', 'cite', 'datetime']);

/** The attribute the marks read their held attributes from (and write them into, so a copy inside the editor keeps them). */
export const HELD_DATA = 'data-held-attributes';

/** The marks of one plain element that hold attributes (the highlight and the link have their own). */
const HOLDING_MARKS = ['bold', 'italic', 'strike', 'underline', 'code', 'subscript', 'superscript', 'keyboardInput'];

/** The mark of an inline element of no format: its element and attributes held. */
export const HELD_INLINE_MARK = 'heldInline';

/** The phrasing elements of HTML that no format of the editor makes, each held as it is. */
export const HELD_INLINE_TAGS: readonly string[] = ['span', 'abbr', 'acronym', 'big', 'small', 'tt', 'var', 'samp', 'dfn', 'cite', 'q', 'ins', 'time', 'bdi', 'bdo', 'data', 'font'];
const HELD_INLINE_SET: ReadonlySet<string> = new Set(HELD_INLINE_TAGS);

/**
 * Block elements standing in a list item of classic content (`<li><h3>…</h3></li>`), held as marks
 * around their words (held-item-blocks.ts): the block editor's list item is rich text, which keeps
 * an element it has no format for around its words. HTML tag names, written as one list of words:
 * blockquote here is the element, not the quote block's node.
 */
export const HELD_ITEM_BLOCK_TAGS: readonly string[] = 'p h1 h2 h3 h4 h5 h6 blockquote div address pre table thead tbody tfoot tr td th dl dt dd figure figcaption'.split(' ');
const HELD_ITEM_BLOCK_SET: ReadonlySet<string> = new Set(HELD_ITEM_BLOCK_TAGS);

/**
 * What such an element holds beyond a mark's attributes: an id, and the caption that describes it
 * (WordPress's HTML5 caption gives its figure and caption both: `<figure id="attachment_7"
 * aria-describedby="caption-attachment-7">`). Held, not drawn in the writing area, whose own ids they could shadow.
 */
const ITEM_BLOCK_ONLY_NAMES: readonly string[] = ['id', 'aria-describedby'];
export const HELD_ITEM_BLOCK_NAMES: ReadonlySet<string> = new Set([...HELD_NAMES, ...ITEM_BLOCK_ONLY_NAMES]);

/** The attribute such an element is marked with for reading (its name), and the editor shows it as a `<span>` with (a block element in a line of text would split it). */
export const HELD_BLOCK_DATA = 'data-held-block';

/** Whether a held inline mark writes a block element (held in a list item). */
export const isHeldItemBlock = (tag: unknown) => typeof tag === 'string' && HELD_ITEM_BLOCK_SET.has(tag);

/** The elements whose attributes are held: the plain marks' and those of no format (a footnote's `<sup data-fn>` is a node of its own). */
const HOLDING_TAGS: ReadonlySet<string> = new Set([...HELD_INLINE_TAGS, 'strong', 'b', 'em', 'i', 's', 'del', 'strike', 'u', 'code', 'sub', 'sup', 'kbd']);
const isHoldingElement = (element: Element) => HOLDING_TAGS.has(element.localName) && !(element.localName === 'sup' && element.hasAttribute('data-fn'));

/** The element a held inline mark writes: one of those it reads, whatever its attributes say. */
export const heldInlineTag = (tag: unknown) => (typeof tag === 'string' && (HELD_INLINE_SET.has(tag) || HELD_ITEM_BLOCK_SET.has(tag)) ? tag : 'span');

export type Held = [name: string, value: string][];

/** Whether an element's attributes are all of `names`. */
export const holdsOnlyAttributes = (element: Element, names: ReadonlySet<string>) => [...element.attributes].every((attribute) => names.has(attribute.name));

/** Whether an element's attributes are all ones a mark holds. */
export const holdsAttributesOf = (element: Element) => holdsOnlyAttributes(element, HELD_NAMES);

/**
 * An element of no format, its attributes held, unless it stands in a quote beside its paragraphs, or is a quote's
 * `<cite>` (its citation): among the loose words of a quote of nothing else (Word's list marker's span) it is one of them.
 */
export function holdsInline(element: Element): boolean {
  const quote = element.parentElement?.tagName === 'BLOCKQUOTE' ? element.parentElement : null;
  return (quote === null || (element.tagName !== 'CITE' && quote.querySelector(':scope > p') === null)) && holdsAttributesOf(element);
}

/**
 * How many elements of the same name and attributes an element of no format stands in (`<small>` in `<small>`), or a block element's
 * place among those of its list item (two paragraphs side by side): held on its mark, so the two stay two marks.
 */
export const NESTED_DATA = 'data-held-nested';

const NESTED_ATTRIBUTE = {
  default: 0,
  parseHTML: (element: HTMLElement) => Number(element.getAttribute(NESTED_DATA) ?? 0),
  renderHTML: (attributes: Record<string, unknown>) => (attributes.nested ? { [NESTED_DATA]: String(attributes.nested) } : {}),
};

function heldOf(element: HTMLElement, names: ReadonlySet<string>): Held | null {
  try {
    const held: unknown = JSON.parse(element.getAttribute(HELD_DATA) ?? 'null');
    if (!Array.isArray(held)) return null;
    // Only what may be held, whatever a paste carries in the data attribute.
    return held.filter((pair): pair is [string, string] => Array.isArray(pair) && typeof pair[1] === 'string' && names.has(String(pair[0])));
  } catch {
    return null;
  }
}

function heldRendered(held: unknown): Record<string, string> {
  if (!Array.isArray(held)) return {};
  return { ...Object.fromEntries((held as Held).filter(([name]) => !ITEM_BLOCK_ONLY_NAMES.includes(name))), [HELD_DATA]: JSON.stringify(held) };
}

/** A node's or mark's `held` attribute: the attributes of `names` its element had, in the order read. */
export const heldAttribute = (names: ReadonlySet<string>) => ({ default: null, parseHTML: (element: HTMLElement) => heldOf(element, names), renderHTML: (attributes: Record<string, unknown>) => heldRendered(attributes.held) });

const HELD_ATTRIBUTE = heldAttribute(HELD_NAMES);
/** The held inline mark's: a block element it writes in a list item holds its id too. */
const HELD_INLINE_ATTRIBUTE = {
  ...HELD_ATTRIBUTE,
  parseHTML: (element: HTMLElement) => heldOf(element, element.hasAttribute(HELD_BLOCK_DATA) ? HELD_ITEM_BLOCK_NAMES : HELD_NAMES),
};

/** An element's attributes (those of `names`, or all) moved into the data attribute its node or mark reads them from. */
export function holdAttributesOf(element: Element, names?: ReadonlySet<string>): void {
  const held: Held = [...element.attributes].filter((attribute) => !names || names.has(attribute.name)).map((attribute) => [attribute.name, attribute.value]);
  for (const [name] of held) element.removeAttribute(name);
  element.setAttribute(HELD_DATA, JSON.stringify(held));
}

/** The attributes a mark (or a held image) holds, in the order read. */
export const heldAttributes = (holder: NonNullable<JSONContent['marks']>[number] | JSONContent): Held => (Array.isArray(holder.attrs?.held) ? (holder.attrs.held as Held) : []);

/**
 * Moves the attributes of the inline elements under `container` into the data attribute the marks
 * read, before the schema reads HTML from a post (html-nodes.ts): there a style is the writer's
 * look, not bold or italic (the starter kit reads `font-weight` as bold). A paste does not come
 * through here, so what a paste brings is read as before: its spans and their styles dropped.
 */
export function holdInlineAttributes(container: Element): void {
  const asRead = new Map<Element, string>();
  // By name, not by a selector list of 29 names: one that costs far more in jsdom (the unit tests read thousands of posts).
  for (const element of [...container.getElementsByTagName('*')].filter(isHoldingElement)) {
    // An element of no format is its attributes, none included; a plain mark's holds some only when it has them.
    if ((!HELD_INLINE_SET.has(element.tagName.toLowerCase()) && element.attributes.length === 0) || !holdsAttributesOf(element)) continue;
    const read = `${element.tagName}${JSON.stringify([...element.attributes].map((attribute) => [attribute.name, attribute.value]))}`;
    let nested = 0;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) if (asRead.get(parent) === read) nested++;
    asRead.set(element, read);
    holdAttributesOf(element);
    if (nested > 0 && HELD_INLINE_SET.has(element.tagName.toLowerCase())) element.setAttribute(NESTED_DATA, String(nested));
  }
}

/** An inline element of no format as read (a span, an abbreviation, a quotation …): its element and attributes held; they nest. */
export const HeldInline = Mark.create({
  name: HELD_INLINE_MARK,
  excludes: '',
  addAttributes: () => ({ tag: { default: 'span', rendered: false, parseHTML: (element) => element.getAttribute(HELD_BLOCK_DATA) || element.tagName.toLowerCase() }, held: HELD_INLINE_ATTRIBUTE, nested: NESTED_ATTRIBUTE }),
  parseHTML: () => [
    // A block element held in a list item (or its span in the editor): before the block's own rules, one rule for all.
    { tag: `[${HELD_BLOCK_DATA}]`, priority: 100 },
    ...HELD_INLINE_TAGS.map((tag) => ({ tag: `${tag}[${HELD_DATA}]` })),
  ],
  renderHTML: ({ mark, HTMLAttributes }) => (isHeldItemBlock(mark.attrs.tag) ? ['span', { ...HTMLAttributes, [HELD_BLOCK_DATA]: mark.attrs.tag }, 0] : [heldInlineTag(mark.attrs.tag), HTMLAttributes, 0]),
});

/** The attributes bold, italic and the other plain marks hold. */
export const HeldMarkAttributes = Extension.create({
  name: 'heldMarkAttributes',
  addGlobalAttributes: () => [{ types: HOLDING_MARKS, attributes: { held: HELD_ATTRIBUTE } }],
});
