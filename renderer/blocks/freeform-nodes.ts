// HTML outside blocks (classic content, or HTML between blocks) as editor nodes: each
// top-level element the editor can hold becomes editable (a paragraph or division with its
// opening tag held as read), and so do a `[caption]` shortcode, the more tag and the page
// break; any other is kept as it was.
import type { JSONContent } from '@tiptap/core';
import { htmlBody, schemaNodes } from './html-nodes.ts';
import { FREEFORM_HTML, PHRASING, contentFollows, elementAllowed, itemRules, nodeFollows } from './html-rules.ts';
import { type CommentsInWords, commentsAmongLooseWords, holdCommentsAmongLooseWords, holdCommentsInWords, holdItemHtml, holdQuoteHtml, itemHtmlAsRead, quotesUnder } from './held-html.ts';
import { keptMarkup } from './kept-markup.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { captionNode } from './classic-caption.ts';
import { CAPTION_SHORTCODE } from './caption-shortcode.ts';
import { escapeAttribute } from './inline-html.ts';
import { classicMore } from './more-block.ts';
import { classicPageBreak } from './page-break-block.ts';
import { holdImages } from './held-image.ts';
import { holdItemBlocks } from './held-item-blocks.ts';
import { BOX_DATA, BOX_PARTS, CLASSIC_DATA, PART_DATA } from './classic-box-marks.ts';
import { holdListSpacing } from './classic-list-spacing.ts';
import { HELD_BLOCK_DATA, HELD_DATA, HELD_NAMES, holdAttributesOf } from './held-inline.ts';
import { LIST_ITEM_NAMES } from './classic-list.ts';
import { heldComment } from './held-comment.ts';
import { holdCaptionedFigures, isClassicFigureElement } from './classic-figure.ts';
import { isCodeBlockElement } from './code-block.ts';

/** The HTML of a node the editor cannot hold (an element or a comment: text it always holds), to write back as it is. */
function outerHtml(node: ChildNode): string {
  return node.nodeType === node.COMMENT_NODE ? `<!--${node.textContent ?? ''}-->` : (node as Element).outerHTML;
}

const isEmptyParagraph = (node: JSONContent) => node.type === PARAGRAPH_NODE && !node.content;

/** Classic HTML with its `[caption]` shortcodes as captioned images (see classic-caption.ts), the rest read as HTML. */
export function freeformNodes(html: string): JSONContent[] {
  const nodes: JSONContent[] = [];
  let at = 0;
  for (const match of html.matchAll(CAPTION_SHORTCODE)) {
    nodes.push(...htmlNodes(html.slice(at, match.index)), captionNode(match[0], match[1], match[2]) ?? keptMarkup(match[0]));
    at = match.index + match[0].length;
  }
  return [...nodes, ...htmlNodes(html.slice(at))];
}

/**
 * The more tag and page break inside a paragraph (as the site's paragraph filter leaves them,
 * with line breaks around them) stand between paragraphs of their own, so they show as the
 * markers they are and the words around them stay editable.
 */
const MARKER_IN_PARAGRAPH = /(?:<br\s*\/?>\s*)?(<!--(?:more|nextpage)[\s\S]*?-->)(?:\s*<br\s*\/?>)?/g;

/** The more tag, page break or rejected block comment (held unshown) a comment is, as its node, or null. */
const markerNode = (node: ChildNode) => (node.nodeType === node.COMMENT_NODE ? (classicMore(outerHtml(node)) ?? classicPageBreak(outerHtml(node)) ?? heldComment(outerHtml(node))) : null);

/** Whether a node is a more tag or a page break as its block writes it. */
const isMoreOrPageBreak = (node: ChildNode) => node.nodeType === node.COMMENT_NODE && (classicMore(outerHtml(node)) ?? classicPageBreak(outerHtml(node))) !== null;

/** The comments a quote or a box's words hold as pieces: all but those shaped as block comments, which keep the quote whole (the raw handler takes HTML holding one for blocks). */
const QUOTED_COMMENTS = { holds: (node: ChildNode) => node.nodeType === node.COMMENT_NODE && heldComment(outerHtml(node)) === null, isMarker: isMoreOrPageBreak };

/** Those among words, the words being text and the elements of words (a mark, a link, a line break …). */
const COMMENTS_IN_WORDS: CommentsInWords = { holds: QUOTED_COMMENTS.holds, isWord: (element) => elementAllowed(element, PHRASING) };

/** Those among a quote's loose words: a More or page break there stays its marker (holdQuoteHtml). */
const COMMENTS_IN_QUOTED_WORDS: CommentsInWords = { ...COMMENTS_IN_WORDS, holds: (node) => QUOTED_COMMENTS.holds(node) && !isMoreOrPageBreak(node) };

/** Where classic HTML read (`body`) holds loose words: at its top and directly in its quotes (but a list item's), with the comments held among them there. */
const looseWordsIn = (body: Element): [Element, CommentsInWords][] => [[body, COMMENTS_IN_WORDS], ...quotesUnder(body).filter((quote) => !quote.closest('li')).map((quote): [Element, CommentsInWords] => [quote, COMMENTS_IN_QUOTED_WORDS])];

/** The comments among loose words in classic HTML read (`body`: at its top and in its quotes), each held as a piece of the paragraph the reading makes of them. */
export const looseComments = (body: Element): ChildNode[] => looseWordsIn(body).flatMap(([parent, words]) => commentsAmongLooseWords(parent, words));

/** An element's opening tag, as the editor writes it back (the source keeps how it was written while untouched). */
const openingTagOf = (element: Element) => `<${element.tagName.toLowerCase()}${[...element.attributes].map((attribute) => ` ${attribute.name}="${escapeAttribute(attribute.value)}"`).join('')}>`;

/** An element's opening tag as written in the HTML read, or as the editor writes it where that one says otherwise. */
type WrittenTag = (element: Element) => string;

/**
 * The opening tags of `tags` (tag names, as elements give them) as written in `html`, each taken for the next element of its name
 * (the elements asked for in the order read): `reversed` stays `reversed`, not `reversed=""`.
 */
function writtenTags(html: string, tags: readonly string[]): WrittenTag {
  const written = new Map(tags.map((tag) => [tag, [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>`, 'gi'))].map((found) => found[0])]));
  return (element) => {
    const tag = element.tagName;
    const asWritten = written.get(tag)?.shift();
    const read = asWritten === undefined ? null : htmlBody(`${asWritten}</${tag}>`).firstElementChild;
    return read && openingTagOf(read) === openingTagOf(element) ? (asWritten ?? '') : openingTagOf(element);
  };
}

/** The elements whose opening tags are held as written (lists, quotes, headings, rules, tables and images). */
const WRITTEN_TAGS = ['UL', 'OL', 'BLOCKQUOTE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'TABLE', 'IMG'];

/** Those whose attributes (a class, a style …) are all in their classic mark: a heading, a table; their node reads none of them. */
const MARK_HOLDS_ALL = 'h1, h2, h3, h4, h5, h6, table';

/** The boxes of words read as a division (classic-division.ts): a division, an address. */
const BOXES: ReadonlySet<string> = new Set(['DIV', 'ADDRESS']);

const isBlank = (node: ChildNode) => node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() === '';

/** The one division or paragraph a division holds (whitespace around it aside), or null. */
function onlyBox(element: Element): Element | null {
  const held = [...element.childNodes].filter((child) => !isBlank(child));
  const only = held.length === 1 && held[0].nodeType === held[0].ELEMENT_NODE ? (held[0] as Element) : null;
  return only && ['DIV', 'P'].includes(only.tagName) ? only : null;
}

/**
 * A paragraph with attributes (`<p style="text-align: center;">`) or a division holds its opening
 * tag as read (the paragraph node's `openingTag`, classic-division.ts): only its words are the
 * writer's to edit, and what TinyMCE keeps of it stays. A division holding one further box (a
 * division or paragraph) holds its tags, and the whitespace around them, too.
 */
function holdOpeningTag(node: ChildNode): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const element = node as Element;
  // (A captioned figure's rich block, classic-figure.ts, is no box.)
  const isBox = BOXES.has(element.tagName) && !element.hasAttribute(BOX_DATA) && !isClassicFigureElement(element);
  if (!isBox && (element.tagName !== 'P' || element.attributes.length === 0)) return;
  let openingTag = openingTagOf(element);
  let closingTag = isBox ? `</${element.tagName.toLowerCase()}>` : '';
  let words: Element = element;
  for (let box = element.tagName === 'DIV' ? onlyBox(words) : null; box; box = onlyBox(words)) {
    const around = [...words.childNodes];
    const at = around.indexOf(box);
    const blank = (nodes: ChildNode[]) => nodes.map((child) => child.textContent ?? '').join('');
    openingTag += `${blank(around.slice(0, at))}${openingTagOf(box)}`;
    closingTag = `</${box.tagName.toLowerCase()}>${blank(around.slice(at + 1))}${closingTag}`;
    words = box;
  }
  if (words !== element) element.replaceChildren(...words.childNodes);
  for (const attribute of [...element.attributes]) element.removeAttribute(attribute.name);
  element.setAttribute('data-opening-tag', openingTag);
  if (closingTag !== '</div>' && closingTag !== '') element.setAttribute('data-closing-tag', closingTag);
}

/**
 * A newline right after `<pre>`, which HTML's reading drops (a code block's aside: a `<pre>` holding
 * one `<code>` alone): written twice, so one is read as text and held with the opening tag (holdPreformattedTags).
 */
const NEWLINE_AFTER_PRE = /(<pre(?:\s[^>]*)?>)(\r?\n)(?!\s*<code(?:\s[^>]*)?>(?:(?!<\/code>)[\s\S])*<\/code>\s*<\/pre>)/gi;

/**
 * Preformatted text holds its `<pre>` as read, the newline after it included (the node's
 * `openingTag`, preformatted-block.ts): its attributes and that newline are TinyMCE's, the
 * words the writer's.
 */
function holdPreformattedTags(node: ChildNode): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const element = node as Element;
  // A quote's too: classic content never takes a block's class.
  for (const pre of [element, ...element.querySelectorAll('pre')]) if (pre.tagName === 'PRE' && !isCodeBlockElement(pre) && !pre.hasAttribute(HELD_BLOCK_DATA)) holdPreformattedTag(pre);
}

function holdPreformattedTag(pre: Element): void {
  const first = pre.firstChild;
  const newline = first?.nodeType === first?.TEXT_NODE ? (/^\r?\n/.exec(first?.textContent ?? '')?.[0] ?? '') : '';
  if (first && newline !== '') first.textContent = (first.textContent ?? '').slice(newline.length);
  const openingTag = `${openingTagOf(pre)}${newline}`;
  for (const attribute of [...pre.attributes]) pre.removeAttribute(attribute.name);
  pre.setAttribute('data-opening-tag', openingTag);
}

/** What a list's node reads from its element itself (the numbering it shows); the rest is held in its opening tag. */
const LIST_READS = new Set(['start', 'type']);

/**
 * A list (or a list in it) with attributes no control of the editor sets (a class, a style,
 * `reversed`, `type`) holds its opening tag as read (the list node's `openingTag`, list-block.ts),
 * and its items their attributes: kept with the writer's words, while its items are edited in
 * place. A list standing in classic content (in a quote too) is marked so, and is written back as
 * classic HTML (classic-list.ts).
 */
function holdListTags(node: ChildNode, writtenTag: WrittenTag): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const element = node as Element;
  const lists = [element, ...element.querySelectorAll('ul, ol')].filter((candidate) => ['UL', 'OL'].includes(candidate.tagName));
  const openingTags = new Map(lists.map((list) => [list, writtenTag(list)]));
  for (const list of lists) {
    for (const item of list.children) if (item.tagName === 'LI' && item.attributes.length > 0 && [...item.attributes].every((attribute) => LIST_ITEM_NAMES.has(attribute.name))) holdAttributesOf(item);
    const openingTag = openingTags.get(list) ?? '';
    const start = list.getAttribute('start');
    if ((start !== null && !/^-?\d+$/.test(start)) || [...list.attributes].every((attribute) => list.tagName === 'OL' && attribute.name === 'start')) continue;
    for (const attribute of [...list.attributes]) if (!LIST_READS.has(attribute.name) || list.tagName === 'UL') list.removeAttribute(attribute.name);
    list.setAttribute('data-opening-tag', openingTag);
  }
  // (After its opening tag is held: its spacing is no attribute read.)
  for (const list of lists) holdListSpacing(list);
  // Every list not in a list's item (those the list writes), a quote's too: classic content never takes a block's class.
  for (const list of lists) if (!list.parentElement?.closest('li')) list.setAttribute(CLASSIC_DATA, openingTags.get(list) ?? '');
}

/**
 * An item starting with a nested list (no words before it) gets its empty words first, as the
 * editor's item holds them (a line of text, then its lists): read without them, the nested list
 * would stand after the list, out of its item.
 */
function openItemsStartingWithLists(node: ChildNode): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const element = node as Element;
  for (const item of [element, ...element.querySelectorAll('li')].filter((candidate) => candidate.tagName === 'LI')) {
    const first = [...item.childNodes].find((child) => !isBlank(child));
    if (first?.nodeName === 'UL' || first?.nodeName === 'OL') item.prepend(item.ownerDocument.createElement('p'));
  }
}

/** The other elements whose blocks write a class of their own: headings, code and preformatted text, rules, quotes, tables, images (but those held as read, held-image.ts). */
const CLASSIC_MARKED = 'h1, h2, h3, h4, h5, h6, pre, hr, blockquote, table, img';

/**
 * Each of those (a quote's too) marked as classic content's with its opening tag as held or
 * written (classic-mark.ts), after the tags are held: classic content never takes a block's class.
 */
function markClassic(node: ChildNode, writtenTag: WrittenTag): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const element = node as Element;
  for (const marked of [element, ...element.querySelectorAll(CLASSIC_MARKED)].filter((candidate) => candidate.matches(CLASSIC_MARKED))) {
    // (An image alone in a paragraph holds the paragraph around it: holdImageParagraphs.)
    const paragraph = [marked.getAttribute(PARAGRAPH_BEFORE) ?? '', marked.getAttribute(PARAGRAPH_AFTER) ?? ''];
    marked.removeAttribute(PARAGRAPH_BEFORE);
    marked.removeAttribute(PARAGRAPH_AFTER);
    // (Every image's tag as written is taken in turn, a held one's too.)
    const openingTag = marked.getAttribute('data-opening-tag') ?? writtenTag(marked);
    if (marked.hasAttribute(HELD_DATA)) continue;
    if (marked.matches(MARK_HOLDS_ALL)) for (const attribute of [...marked.attributes]) marked.removeAttribute(attribute.name);
    marked.setAttribute(CLASSIC_DATA, `${paragraph[0]}${openingTag}${paragraph[1]}`);
  }
}

/** A quote holds its opening tag as read (the quote node's `openingTag`, quote-block.ts): a `cite` address, a class … stay, and no block's class is added. */
function holdQuoteTags(node: ChildNode, writtenTag: WrittenTag): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const element = node as Element;
  for (const quote of quotesUnder(element)) {
    const openingTag = writtenTag(quote);
    for (const attribute of [...quote.attributes]) quote.removeAttribute(attribute.name);
    quote.setAttribute('data-opening-tag', openingTag);
  }
}

/** A table's rows and cells hold their class, style … as read (table-nodes.ts), around the cells' words the writer edits. */
function holdCellAttributes(node: ChildNode): void {
  if (node.nodeType !== node.ELEMENT_NODE) return;
  const cells = (node as Element).querySelectorAll('tr, td, th');
  for (const cell of cells) if ([...cell.attributes].some((attribute) => HELD_NAMES.has(attribute.name))) holdAttributesOf(cell, HELD_NAMES);
}

/** Whether a node is whitespace alone or an element of `tags`. */
const isBlankOr = (tags: readonly string[]) => (node: ChildNode) => isBlank(node) || (node.nodeType === node.ELEMENT_NODE && tags.includes(node.nodeName));

/**
 * A division of several paragraphs, or a definition list, holds its tags and its parts' opening
 * tags as read, with the whitespace between them (classic-box.ts): only the parts' words are the
 * writer's to edit. A division of one paragraph is a division of words (holdOpeningTag).
 */
function holdBoxOfParts(node: ChildNode): void {
  const parts = BOX_PARTS[node.nodeName];
  if (!parts) return;
  const box = node as Element;
  const children = [...box.childNodes];
  const count = children.filter((child) => !isBlank(child)).length;
  if (!children.every(isBlankOr(parts)) || count < (box.tagName === 'DIV' ? 2 : 1)) return;
  let before = '';
  for (const child of children) {
    if (isBlank(child)) {
      before += child.textContent ?? '';
      child.remove();
      continue;
    }
    const part = child as Element;
    const openingTag = `${before}${openingTagOf(part)}`;
    for (const attribute of [...part.attributes]) part.removeAttribute(attribute.name);
    part.setAttribute(PART_DATA, openingTag);
    before = '';
  }
  const openingTag = openingTagOf(box);
  for (const attribute of [...box.attributes]) box.removeAttribute(attribute.name);
  box.setAttribute(BOX_DATA, openingTag);
  box.setAttribute('data-closing-tag', `${before}</${box.tagName.toLowerCase()}>`);
}

/** The paragraph around an image standing alone in it, as read: held with the image's classic mark (markClassic). */
const PARAGRAPH_BEFORE = 'data-paragraph-before';
const PARAGRAPH_AFTER = 'data-paragraph-after';

/**
 * A paragraph holding an image alone (as a writer or the site's paragraph forming wraps one, a
 * quote's too) is that image, the paragraph held around it as read: the image is a block of its
 * own, which would leave the paragraph empty before it, and lose it when written anew.
 */
function holdImageParagraphs(node: ChildNode): ChildNode {
  if (node.nodeType !== node.ELEMENT_NODE) return node;
  const element = node as Element;
  let standing: ChildNode = node;
  for (const paragraph of [element, ...element.querySelectorAll('p')].filter((candidate) => candidate.tagName === 'P')) {
    const children = [...paragraph.childNodes];
    const held = children.filter((child) => !isBlank(child));
    const image = held.length === 1 && held[0].nodeName === 'IMG' && !(held[0] as Element).hasAttribute(HELD_DATA) ? (held[0] as Element) : null;
    if (!image) continue;
    const at = children.indexOf(image);
    const blank = (nodes: ChildNode[]) => nodes.map((child) => child.textContent ?? '').join('');
    image.setAttribute(PARAGRAPH_BEFORE, `${openingTagOf(paragraph)}${blank(children.slice(0, at))}`);
    image.setAttribute(PARAGRAPH_AFTER, `${blank(children.slice(at + 1))}</p>`);
    paragraph.replaceWith(image);
    if (paragraph === element) standing = image;
  }
  return standing;
}

/** A quote's paragraphs, divisions, addresses and definition lists (classic content's boxes, as at the top), but a quote's held in a list item. */
const QUOTED_BOXES = ['p', 'div', 'address', 'dl'].map((tag) => `blockquote:not([${HELD_BLOCK_DATA}]) > ${tag}`).join(', ');

/** A node read, with the boxes standing in its quotes. */
const withQuotedBoxes = (node: ChildNode): ChildNode[] => (node.nodeType === node.ELEMENT_NODE ? [node, ...(node as Element).querySelectorAll(QUOTED_BOXES)] : [node]);

const FREEFORM_ITEM_RULES = itemRules(FREEFORM_HTML);

function htmlNodes(html: string): JSONContent[] {
  const writtenTag = writtenTags(html, WRITTEN_TAGS);
  const body = htmlBody(html.replace(MARKER_IN_PARAGRAPH, '</p>$1<p>').replace(NEWLINE_AFTER_PRE, '$1$2$2'));
  for (const [parent, words] of looseWordsIn(body)) holdCommentsAmongLooseWords(parent, words);
  const nodes: JSONContent[] = [];
  // Neighbouring text and inline elements are read together, so they form one paragraph.
  let run = body.ownerDocument.createElement('div');
  const readRun = () => {
    if (!run.hasChildNodes()) return;
    // Whitespace alone between elements reads as an empty paragraph, which is not content.
    nodes.push(...schemaNodes(run).filter((node) => !isEmptyParagraph(node)));
    run = body.ownerDocument.createElement('div');
  };
  for (const found of [...body.childNodes]) {
    const asRead = found.nodeType === found.TEXT_NODE ? '' : outerHtml(found);
    // (A captioned figure before its image is held: the figure holds it as read.)
    const read = found.nodeType === found.ELEMENT_NODE ? holdCaptionedFigures(found as Element, (words) => contentFollows(words, PHRASING)) : found;
    const marker = markerNode(read);
    const itemHtml = read.nodeType === read.ELEMENT_NODE ? itemHtmlAsRead(read as Element) : new Map<ChildNode, string>();
    if (read.nodeType === read.ELEMENT_NODE) holdImages(read as Element);
    // (Before the tags of blocks are held: one in a list item is words of the item.)
    if (read.nodeType === read.ELEMENT_NODE) holdItemBlocks(read as Element, (element) => nodeFollows(element, PHRASING));
    // (A paragraph holding an image alone is that image.)
    const child = holdImageParagraphs(read);
    const boxes = withQuotedBoxes(child);
    boxes.forEach(holdBoxOfParts);
    boxes.forEach(holdOpeningTag);
    holdPreformattedTags(child);
    holdListTags(child, writtenTag);
    openItemsStartingWithLists(child);
    holdQuoteTags(child, writtenTag);
    markClassic(child, writtenTag);
    holdCellAttributes(child);
    // (A comment among a box's words is a piece of them, in a quote or not: before the steps that hold what the rules do not allow.)
    if (child.nodeType === child.ELEMENT_NODE) holdCommentsInWords(child as Element, COMMENTS_IN_WORDS);
    // (Last: what the steps above hold is HTML the rules allow.)
    if (child.nodeType === child.ELEMENT_NODE) holdItemHtml(child as Element, FREEFORM_ITEM_RULES, itemHtml);
    if (child.nodeType === child.ELEMENT_NODE) holdQuoteHtml(child as Element, FREEFORM_ITEM_RULES, QUOTED_COMMENTS, itemHtml);
    if (!marker && nodeFollows(child, FREEFORM_HTML)) {
      run.append(child);
    } else {
      readRun();
      nodes.push(marker ?? keptMarkup(asRead));
    }
  }
  readRun();
  return nodes;
}
