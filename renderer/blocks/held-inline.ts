// Inline elements carrying attributes the editor has no control for, kept as the block editor's rich
// text keeps them (its "unregistered attributes") and TinyMCE keeps them in classic content: a
// `<span>` with a class, a style or a language is a mark of its own, and bold, italic and the other
// plain marks hold the same attributes (the Privacy Policy page's `<strong class>`). They are held
// as written, in the order read, written back by inline-html.ts and shown in the writing area.
import { Extension, Mark, type JSONContent } from '@tiptap/core';

/** What may be held: what shows (class, style) and what a reader's tools read (lang, dir, title); never a handler or an address. */
const HELD_NAMES: ReadonlySet<string> = new Set(['class', 'style', 'lang', 'dir', 'title']);

/** The attribute the marks read their held attributes from (and write them into, so a copy inside the editor keeps them). */
const HELD_DATA = 'data-held-attributes';

/** The marks of one plain element that hold attributes (the highlight and the link have their own). */
const HOLDING_MARKS = ['bold', 'italic', 'strike', 'underline', 'code', 'subscript', 'superscript', 'keyboardInput'];

/** The span's mark. */
export const SPAN_MARK = 'span';

/** The elements whose attributes are held: the plain marks' and the span (a footnote's `<sup data-fn>` is a node of its own). */
const HOLDING_ELEMENTS = 'span, strong, b, em, i, s, del, strike, u, code, sub, sup:not([data-fn]), kbd';

type Held = [name: string, value: string][];

/** Whether an element's attributes are all ones a mark holds. */
export const holdsAttributesOf = (element: Element) => [...element.attributes].every((attribute) => HELD_NAMES.has(attribute.name));

function heldOf(element: HTMLElement): Held | null {
  try {
    const held: unknown = JSON.parse(element.getAttribute(HELD_DATA) ?? 'null');
    if (!Array.isArray(held)) return null;
    // Only what a mark may hold, whatever a paste carries in the data attribute.
    return held.filter((pair): pair is [string, string] => Array.isArray(pair) && typeof pair[1] === 'string' && HELD_NAMES.has(String(pair[0])));
  } catch {
    return null;
  }
}

function heldRendered(held: unknown): Record<string, string> {
  if (!Array.isArray(held)) return {};
  return { ...Object.fromEntries(held as Held), [HELD_DATA]: JSON.stringify(held) };
}

const HELD_ATTRIBUTE = { default: null, parseHTML: heldOf, renderHTML: (attributes: Record<string, unknown>) => heldRendered(attributes.held) };

/** The attributes a mark holds, in the order read. */
export const heldAttributes = (mark: NonNullable<JSONContent['marks']>[number]): Held => (Array.isArray(mark.attrs?.held) ? (mark.attrs.held as Held) : []);

/**
 * Moves the attributes of the inline elements under `container` into the data attribute the marks
 * read, before the schema reads HTML from a post (html-nodes.ts): there a style is the writer's
 * look, not bold or italic (the starter kit reads `font-weight` as bold). A paste does not come
 * through here, so what a paste brings is read as before: its spans and their styles dropped.
 */
export function holdInlineAttributes(container: Element): void {
  for (const element of container.querySelectorAll(HOLDING_ELEMENTS)) {
    // A span is its attributes, none included; another element holds some only when it has them.
    if ((element.tagName !== 'SPAN' && element.attributes.length === 0) || !holdsAttributesOf(element)) continue;
    const held: Held = [...element.attributes].map((attribute) => [attribute.name, attribute.value]);
    for (const [name] of held) element.removeAttribute(name);
    element.setAttribute(HELD_DATA, JSON.stringify(held));
  }
}

/** A `<span>` as read: its attributes held; spans nest (one inside another is a mark of its own). */
export const Span = Mark.create({
  name: SPAN_MARK,
  excludes: '',
  addAttributes: () => ({ held: HELD_ATTRIBUTE }),
  parseHTML: () => [{ tag: `span[${HELD_DATA}]` }],
  renderHTML: ({ HTMLAttributes }) => ['span', HTMLAttributes, 0],
});

/** The attributes bold, italic and the other plain marks hold. */
export const HeldMarkAttributes = Extension.create({
  name: 'heldMarkAttributes',
  addGlobalAttributes: () => [{ types: HOLDING_MARKS, attributes: { held: HELD_ATTRIBUTE } }],
});
