// The HTML the editor can hold without losing anything: the elements its schema reads, each
// with only the attributes it writes back. Anything outside these rules is kept as written.
import { isFootnoteMark } from './inline-html.ts';
import { HELD_DATA, HELD_INLINE_TAGS, holdsAttributesOf, holdsInline } from './held-inline.ts';
import { isHeldImageElement } from './held-image.ts';
import { isHeldItemBlockElement } from './held-item-blocks.ts';
import { isHeldCommentElement, isHeldHtmlElement, type ItemRules } from './held-html.ts';
import { isClassicFigureElement } from './classic-figure.ts';
import { LINK_ATTRIBUTE_NAMES } from './link-as-read.ts';
import { BOX_DATA, CLASSIC_DATA, PART_DATA, SPACE_BEFORE_DATA, SPACE_BEFORE_END_DATA, SPACE_BEFORE_LIST_DATA } from './classic-box-marks.ts';

/** Whether one element, on its own, is something the editor holds completely. */
export type ElementRule = (element: Element) => boolean;
export type ElementRules = Readonly<Record<string, ElementRule>>;

type ValueCheck = (value: string) => boolean;

const anyValue: ValueCheck = () => true;
const isInteger: ValueCheck = (value) => /^-?\d+$/.test(value);
/** The class the block editor gives a block's element; the editor writes it itself. */
const classIs = (className: string): ValueCheck => (value) => value === className;

function attributesWithin(allowed: Readonly<Record<string, ValueCheck>>): ElementRule {
  return (element) => [...element.attributes].every((attribute) => Object.hasOwn(allowed, attribute.name) && allowed[attribute.name](attribute.value));
}

const plain = attributesWithin({});
const onlyText: ElementRule = (element) => plain(element) && element.children.length === 0;

/** A plain mark's element, holding its class, style, language … as read (held-inline.ts). */
const held: ElementRule = holdsAttributesOf;


/** Marks and line breaks, as the editor's marks read and write them. */
export const INLINE: ElementRules = {
  strong: held,
  b: held,
  em: held,
  i: held,
  s: held,
  del: held,
  strike: held,
  u: held,
  br: plain,
  sub: held,
  kbd: held,
  // Inline elements of no format (a span, an abbreviation …), each a mark holding its element.
  ...Object.fromEntries(HELD_INLINE_TAGS.map((tag) => [tag, holdsInline])),
  // A piece of HTML held in a list item (held-html.ts), marked by the reading.
  span: (element) => isHeldHtmlElement(element) || holdsInline(element),
  // A footnote mark is one node: its rule checks the whole element, link and number included.
  sup: (element) => isFootnoteMark(element) || held(element),
  // The highlight holds its style and class as written.
  mark: attributesWithin({ style: anyValue, class: anyValue }),
  // A link holds its class, style, language … as read (link-as-read.ts).
  a: (element) => element.hasAttribute('href') && [...element.attributes].every(({ name }) => LINK_ATTRIBUTE_NAMES.has(name)),
  // Code holds text alone (the other formats nest outside it: code-mark.ts), and line breaks, the writer's (a few lines of code in a paragraph), an image held as read (held-image.ts) and a comment among its words (held-html.ts).
  code: (element) => held(element) && [...element.children].every((child) => (child.tagName === 'BR' && plain(child)) || isHeldImageElement(child) || isHeldCommentElement(child)),
};

/**
 * Whether a `<pre>` of classic content holds words: its opening tag held (freeform-nodes.ts), or standing in a list item,
 * held around its words there (held-item-blocks.ts, which asks before it marks the `<pre>`; one it does not hold is a piece of the item whatever its code holds).
 */
const holdsWords = (pre: Element | null | undefined) => pre?.hasAttribute('data-opening-tag') === true || pre?.parentElement?.closest('li') != null;

/**
 * Code among preformatted text's words in classic content (a `<pre>` whose opening tag is held: freeform-nodes.ts; one
 * holding an image is such text, code-block.ts; one in a list item) holds formats and links too, each a mark beside the
 * code's, kept as written until edited (classic content keeps its bytes but where the writer types); a code block's code holds text alone.
 */
const codeOfPreformatted: ElementRule = (element) => INLINE.code(element) || (held(element) && holdsWords(element.parentElement?.closest('pre')));

/** Words of classic content: marks, line breaks and images held as read (held-image.ts). */
export const PHRASING: ElementRules = { ...INLINE, img: isHeldImageElement, code: codeOfPreformatted };

const headings = (rule: ElementRule): ElementRules => Object.fromEntries([1, 2, 3, 4, 5, 6].map((level) => [`h${level}`, rule]));

export const PARAGRAPH_HTML: ElementRules = { p: plain, ...INLINE };
/** A paragraph block's: its rich text holds images too, as read (held-image.ts). */
export const PARAGRAPH_BLOCK_HTML: ElementRules = { ...PARAGRAPH_HTML, img: isHeldImageElement };
/** A heading block's: its rich text holds images too, as read (held-image.ts). */
export const HEADING_HTML: ElementRules = { ...headings(attributesWithin({ class: classIs('wp-block-heading') })), ...INLINE, img: isHeldImageElement };
const quote = attributesWithin({ class: classIs('wp-block-quote') });
export const LIST_HTML: ElementRules = {
  ul: attributesWithin({ class: classIs('wp-block-list') }),
  ol: attributesWithin({ class: classIs('wp-block-list'), start: isInteger }),
  li: plain,
  ...INLINE,
};
/** A quote holding its paragraphs as HTML, as older versions of the block editor saved quotes. */
export const LEGACY_QUOTE_HTML: ElementRules = { blockquote: quote, p: plain, ...INLINE };
/** A quote whose content is inner blocks: only the wrapper is its own HTML. */
export const QUOTE_WRAPPER_HTML: ElementRules = { blockquote: quote };
/** Preformatted text and verse: rich text in a `<pre>` (its class is the block's, held with the opening tag), images held among it as read (held-image.ts). */
export const PRE_HTML: ElementRules = { pre: plain, ...INLINE, img: isHeldImageElement };
export const CODE_HTML: ElementRules = { pre: attributesWithin({ class: classIs('wp-block-code') }), code: onlyText };

/** Classic content's paragraph or division whose opening tag as read is held (freeform-nodes.ts). */
const heldOpening = attributesWithin({ 'data-opening-tag': anyValue });

/** An element of classic content whose block writes a class of its own, marked so (freeform-nodes.ts), its opening tag held or plain. */
const classicMarked = attributesWithin({ 'data-opening-tag': anyValue, [CLASSIC_DATA]: anyValue });

/** A box of words whose tags as read are held (freeform-nodes.ts). */
const box: ElementRule = (element) => element.hasAttribute('data-opening-tag') && attributesWithin({ 'data-opening-tag': anyValue, 'data-closing-tag': anyValue })(element) && contentFollows(element, PHRASING);

/** A part of a box of classic content (classic-box.ts), its opening tag held, holding words. */
const part: ElementRule = (element) => attributesWithin({ [PART_DATA]: anyValue })(element) && contentFollows(element, PHRASING);

/** A box of parts (classic-box.ts): its tags held, holding parts alone. */
const boxOfParts: ElementRule = (element) => attributesWithin({ [BOX_DATA]: anyValue, 'data-closing-tag': anyValue })(element) && [...element.childNodes].every((child) => child.nodeType === child.ELEMENT_NODE && part(child as Element));

/** A captioned figure of classic content as held (classic-figure.ts), its caption's part holding words. */
const captionedFigure: ElementRule = (element) => isClassicFigureElement(element) && (!element.hasAttribute('data-rich-part') || contentFollows(element, PHRASING));

/** HTML outside blocks: the plain elements the editor turns into its own blocks. */
const FREEFORM_BLOCKS: ElementRules = {
  ...INLINE,
  code: codeOfPreformatted,
  p: (element) => heldOpening(element) || part(element),
  // A division or an address holding words alone (classic-division.ts), a division of paragraphs (classic-box.ts), a captioned figure.
  div: (element) => box(element) || boxOfParts(element) || isHeldHtmlElement(element) || captionedFigure(element),
  dl: boxOfParts,
  dt: part,
  dd: part,
  address: box,
  ...headings(classicMarked),
  // A list with further attributes holds its opening tag as read, its items their attributes; one standing in classic content is marked so (freeform-nodes.ts).
  ul: attributesWithin({ 'data-opening-tag': anyValue, [CLASSIC_DATA]: anyValue, [SPACE_BEFORE_END_DATA]: anyValue }),
  ol: attributesWithin({ start: isInteger, type: anyValue, 'data-opening-tag': anyValue, [CLASSIC_DATA]: anyValue, [SPACE_BEFORE_END_DATA]: anyValue }),
  li: attributesWithin({ [HELD_DATA]: anyValue, [SPACE_BEFORE_DATA]: anyValue, [SPACE_BEFORE_END_DATA]: anyValue, [SPACE_BEFORE_LIST_DATA]: anyValue }),
  // A quote holds its opening tag as read (freeform-nodes.ts).
  blockquote: classicMarked,
  // A code block holds plain text: marks and line break elements in it would be dropped. Preformatted
  // text holds its opening tag as read (freeform-nodes.ts) around rich text, an image held among it too (held-image.ts).
  pre: (element) => classicMarked(element) && (element.hasAttribute('data-opening-tag') ? contentFollows(element, PHRASING) : [...element.children].every((child) => child.tagName === 'CODE')),
  hr: classicMarked,
  // A table of rich text cells becomes a table block.
  table: classicMarked,
  thead: plain,
  tbody: plain,
  tfoot: plain,
  // A row's or cell's class, style … are held as read (freeform-nodes.ts).
  tr: attributesWithin({ [HELD_DATA]: anyValue }),
  td: attributesWithin({ colspan: isInteger, rowspan: isInteger, [HELD_DATA]: anyValue }),
  th: attributesWithin({ colspan: isInteger, rowspan: isInteger, scope: anyValue, [HELD_DATA]: anyValue }),
  // A figure and its caption are read as blocks only as a captioned figure's rich block (classic-figure.ts) or, in a list item, held around their words (held-item-blocks.ts).
  figure: () => false,
  figcaption: () => false,
  // The image node does not read images given as data: URLs; an image of further attributes is held as read (held-image.ts).
  img: (element) => isHeldImageElement(element) || (/^(?!data:)./i.test(element.getAttribute('src') ?? '') && attributesWithin({ src: anyValue, alt: anyValue, [CLASSIC_DATA]: anyValue })(element)),
};

/** And those, block elements held in a list item as marks around their words (held-item-blocks.ts). */
export const FREEFORM_HTML: ElementRules = Object.fromEntries(
  Object.entries(FREEFORM_BLOCKS).map(([tag, rule]) => [tag, (element: Element) => isHeldItemBlockElement(element) || rule(element)]),
);

/** Elements read as one node (a footnote mark), whose rule checks what they hold. */
const wholeElement = (element: Element) => isFootnoteMark(element);

/** Whether every node under `parent` is text or an element the rules allow. */
export function contentFollows(parent: Node, rules: ElementRules): boolean {
  return [...parent.childNodes].every((child) => nodeFollows(child, rules));
}

/** Whether the rules allow an element itself: its tag and attributes, not what it holds. */
export function elementAllowed(element: Element, rules: ElementRules): boolean {
  const tag = element.tagName.toLowerCase();
  return Object.hasOwn(rules, tag) && rules[tag](element);
}

/** Text always; elements by their rule; comments and the like never, as the schema drops them. */
export function nodeFollows(node: Node, rules: ElementRules): boolean {
  if (node.nodeType === node.TEXT_NODE) return true;
  if (node.nodeType !== node.ELEMENT_NODE) return false;
  const element = node as Element;
  if (!elementAllowed(element, rules)) return false;
  return wholeElement(element) || contentFollows(element, rules);
}

/** The rules as the holding of HTML in a list item asks them (held-html.ts). */
export const itemRules = (rules: ElementRules): ItemRules => ({ follows: (element) => nodeFollows(element, rules), allowsItself: (element) => elementAllowed(element, rules) });
