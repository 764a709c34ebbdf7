// HTML the editor cannot hold standing in a list item (`<li>Words <form …>…</form> more</li>`, an
// iframe, a span with a handler …): the block editor's list item is rich text, which keeps such an
// element as it is, and its raw handler leaves it there (so Convert to blocks keeps it in the item).
// Here it is one inline piece of the item (`heldHtml`), held as read and written back byte for
// byte; the words around it stay editable. It is never live in the editor: shown as its element's
// name and its words, as text (held-html-node.ts).
//
// What a piece holds reaches the post as it stands, so a piece is read only from what the editor
// read itself: the editor's HTML names its markup by a key of this session's (unguessable, never
// the markup), so a paste from elsewhere posing as one is read as the words it shows.

import { HELD_BLOCK_DATA } from './held-inline.ts';

export const HELD_HTML_NODE = 'heldHtml';

/** The attribute naming a piece's markup (by its key) in the editor's HTML. */
export const HELD_HTML_DATA = 'data-held-html';

/** This session's key prefix: a page cannot know it, so cannot name a piece (nor write a mark of the reading's: classic-convert.ts). */
export const SESSION = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
const markupByKey = new Map<string, string>();
const keyByMarkup = new Map<string, string>();

/** The key the editor's HTML names `markup` by (one per markup). */
export function keyOf(markup: string): string {
  let key = keyByMarkup.get(markup);
  if (key === undefined) {
    key = `${SESSION}-${markupByKey.size}`;
    markupByKey.set(key, markup);
    keyByMarkup.set(markup, key);
  }
  return key;
}

/** The markup a key of the editor's HTML names, or null for one this session never gave. */
export const markupOf = (element: Element): string | null => markupByKey.get(element.getAttribute(HELD_HTML_DATA) ?? '') ?? null;

/** Whether an element is a piece as the reading marks it: its key alone, a key of this session's. */
export const isHeldHtmlElement = (element: Element) => element.attributes.length === 1 && markupOf(element) !== null;

/** Whether an element is a piece holding a comment (one among words: holdCommentsInWords). */
export const isHeldCommentElement = (element: Element) => isHeldHtmlElement(element) && (markupOf(element) ?? '').startsWith('<!--');

/** What the reading's rules say of an element: whether the editor holds it whole, and whether it holds the element itself (its tag and attributes, not what it holds). */
export interface ItemRules {
  follows: (element: Element) => boolean;
  allowsItself: (element: Element) => boolean;
}

/** The HTML of a node as read: an element's, or a comment's. */
const htmlOf = (node: ChildNode) => (node.nodeType === node.COMMENT_NODE ? `<!--${node.textContent ?? ''}-->` : (node as Element).outerHTML);

/** The quotes of classic content under `container` (its own too), innermost first: a quote held in a list item is the item's words (held-item-blocks.ts). */
export const quotesUnder = (container: Element) => [container, ...container.querySelectorAll('BLOCKQUOTE')].filter((element) => element.tagName === 'BLOCKQUOTE' && !element.hasAttribute(HELD_BLOCK_DATA)).reverse();

/** The HTML of each element in the list items under `container` (its own too), and of each element a quote holds, as read, before the reading's steps mark them. */
export function itemHtmlAsRead(container: Element): ReadonlyMap<ChildNode, string> {
  const items = container.tagName === 'LI' ? [container] : [...container.querySelectorAll('li')];
  const inItems = items.flatMap((item) => [...item.querySelectorAll('*')].map((element): [ChildNode, string] => [element, element.outerHTML]));
  const inQuotes = quotesUnder(container).flatMap((quote) => [...quote.children].map((element): [ChildNode, string] => [element, element.outerHTML]));
  return new Map([...inItems, ...inQuotes]);
}

/** A piece of `tag` standing for `node`, its HTML as read. */
function pieceFor(node: ChildNode, tag: 'span' | 'div', asRead: ReadonlyMap<ChildNode, string>): Element {
  const piece = (node.ownerDocument ?? document).createElement(tag);
  piece.setAttribute(HELD_HTML_DATA, keyOf(asRead.get(node) ?? htmlOf(node)));
  return piece;
}

/** Whether a list standing in a list item's words ends them (nothing but whitespace after it), or stands deeper in the item. */
function endsItem(list: Element): boolean {
  if (list.parentElement?.tagName !== 'LI') return true;
  for (let next = list.nextSibling; next; next = next.nextSibling) if (next.nodeType !== next.TEXT_NODE || (next.textContent ?? '').trim() !== '') return false;
  return true;
}

/**
 * Each element in the list items under `container` (its own too) that the editor cannot hold made
 * a piece: replaced by the element the piece reads, its HTML as read (`asRead`, else as the DOM
 * writes it). Run after the other holding steps (the elements they mark are then ones the rules allow).
 */
export function holdItemHtml(container: Element, rules: ItemRules, asRead: ReadonlyMap<ChildNode, string> = new Map()): void {
  const items = container.tagName === 'LI' ? [container] : [...container.querySelectorAll('li')];
  const hold = (parent: Element) => {
    for (const child of [...parent.childNodes]) {
      // (A more tag or a page break the writer put in the item is a piece of it too.)
      if (child.nodeType === child.COMMENT_NODE && items.includes(parent)) child.replaceWith(pieceFor(child, 'span', asRead));
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const element = child as Element;
      // (A list ending the item is its own list, whose items are held in turn; one among its words is a piece of the words, as the block editor's rich text keeps it there.)
      const isList = element.tagName === 'UL' || element.tagName === 'OL';
      if (isList ? endsItem(element) : rules.follows(element)) continue;
      if (!isList && rules.allowsItself(element)) {
        hold(element);
        continue;
      }
      element.replaceWith(pieceFor(element, 'span', asRead));
    }
  };
  items.forEach(hold);
}

/** A paragraph of nothing but whitespace, with no attribute. */
const isEmptyParagraph = (node: ChildNode | null): node is Element => node?.nodeName === 'P' && (node as Element).attributes.length === 0 && (node.textContent ?? '').trim() === '' && (node as Element).children.length === 0;

/**
 * The boxes whose words hold a comment as a piece among them: paragraphs, headings, preformatted
 * text (code too), table cells, a definition list's terms and definitions, and divisions and addresses (when they hold words alone).
 */
const BOXES_OF_WORDS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'TD', 'TH', 'DT', 'DD', 'DIV', 'ADDRESS']);

/** Which comments are held among words (`holds`), and which elements are words themselves, not what they hold (`isWord`: a mark, a link, a line break …). */
export interface CommentsInWords {
  holds: (comment: ChildNode) => boolean;
  isWord: (element: Element) => boolean;
}

/** The box a node stands in the words of: its nearest ancestor that is not a word (null at the top). */
function boxOf(node: ChildNode, words: CommentsInWords): Element | null {
  let box = node.parentElement;
  while (box && words.isWord(box)) box = box.parentElement;
  return box;
}

/** Whether a box holds words alone (text, comments and words), so a comment among them is one of its words. */
const holdsWordsAlone = (box: Element, words: CommentsInWords) =>
  BOXES_OF_WORDS.has(box.tagName) && [...box.childNodes].every((child) => child.nodeType !== child.ELEMENT_NODE || words.isWord(child as Element));

/**
 * Each comment `words` holds under `element` (its own too) among the words of a box (a paragraph,
 * heading, table cell, preformatted text or division, in a quote or not, however deep), made an
 * inline piece there: the box's words stay editable around it. Run before the steps that hold
 * what the rules do not allow (the piece is HTML they allow).
 */
export function holdCommentsInWords(element: Element, words: CommentsInWords): void {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_COMMENT);
  const comments: ChildNode[] = [];
  for (let comment = walker.nextNode(); comment; comment = walker.nextNode()) comments.push(comment as ChildNode);
  for (const comment of comments) {
    const box = boxOf(comment, words);
    if (words.holds(comment) && box && element.contains(box) && holdsWordsAlone(box, words)) comment.replaceWith(pieceFor(comment, 'span', new Map()));
  }
}

/** Whether a node is words: text other than whitespace, or a word (`words.isWord`). */
const isWords = (node: ChildNode | null, words: CommentsInWords) =>
  node !== null && (node.nodeType === node.TEXT_NODE ? (node.textContent ?? '').trim() !== '' : node.nodeType === node.ELEMENT_NODE && words.isWord(node as Element));

/**
 * The comments `words` holds standing among loose words in `parent` (words beside one on either
 * side, or a comment so taken before it): the reading holds each as a piece of the paragraph it
 * makes of them (holdCommentsAmongLooseWords), as among a paragraph's words (which paragraph forming
 * makes of them in a classic post); the raw handler, forming that paragraph itself of text and
 * elements alone (its normaliseBlocks), drops them (classic-convert.ts).
 */
export function commentsAmongLooseWords(parent: Element, words: CommentsInWords): ChildNode[] {
  const taken: ChildNode[] = [];
  for (const child of parent.childNodes) {
    const after = (node: ChildNode | null) => isWords(node, words) || (node !== null && taken.includes(node));
    if (words.holds(child) && (after(child.previousSibling) || isWords(child.nextSibling, words))) taken.push(child);
  }
  return taken;
}

/** Each of commentsAmongLooseWords made an inline piece of the words. */
export function holdCommentsAmongLooseWords(parent: Element, words: CommentsInWords): void {
  for (const comment of commentsAmongLooseWords(parent, words)) comment.replaceWith(pieceFor(comment, 'span', new Map()));
}

/** Which comments a quote holds as pieces (`holds`), and which of those are more tags or page breaks (`isMarker`). */
export interface QuotedComments {
  holds: (comment: ChildNode) => boolean;
  isMarker: (node: ChildNode) => boolean;
}

/**
 * Each block a quote of classic content under `container` (its own too) holds that the editor
 * cannot hold there (a block the writer put in it: a table, columns, a separator …), and each
 * comment `comments` holds standing between its blocks (a more tag or page break, shown as its
 * marker; a note, Word's conditional comments …), made a piece of the quote, one block (the unknown
 * block's node), its HTML as read: the quote's other blocks stay editable (a comment among the
 * words of its boxes is an inline piece there: holdCommentsInWords). Run after the other holding
 * steps, as holdItemHtml.
 */
export function holdQuoteHtml(container: Element, rules: ItemRules, comments: QuotedComments, asRead: ReadonlyMap<ChildNode, string> = new Map()): void {
  for (const quote of quotesUnder(container)) {
    for (const child of [...quote.childNodes]) {
      // (The empty paragraphs the reading split a marker's paragraph into are no lines of the writer's: as at the top, and as Convert and a paste read it.)
      if (comments.isMarker(child)) [child.previousSibling, child.nextSibling].filter(isEmptyParagraph).forEach((paragraph) => paragraph.remove());
      if (child.nodeType === child.COMMENT_NODE && comments.holds(child)) child.replaceWith(pieceFor(child, 'div', asRead));
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const element = child as Element;
      if (!rules.follows(element)) element.replaceWith(pieceFor(element, 'div', asRead));
    }
  }
}
