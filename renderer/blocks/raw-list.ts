// A list of classic content as the block editor's raw handler writes it from its HTML as written
// (its list transform, then each item's rich text), for Convert to blocks (classic-convert.ts),
// which reads that markup back as a list block: the block editor's list item is rich text, which
// keeps every element among an item's words where it stands (a nested list too, but one ending the
// item, which is the item's own list), a `<b>` as `<b>` and an item's `<p>` as a `<p>`, and drops
// an element holding nothing (a rule). A comment stays where it stands, a More or a page break too,
// which the raw handler drops (putting an empty item after its item): Convert keeps the writer's marker.
// A list holding a `[caption]` is split around its image block as the raw handler's shortcode
// conversion splits it (rawListAroundCaptions).
// Read from that markup, the block keeps those bytes until the writer edits it, and then only their
// change goes in (block-source.ts).
import { listOpeningTag, LIST_ITEM_NAME, LIST_NAME } from './list-block.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { HELD_IN_ITEM, imagesInFigures } from './figured-images.ts';
import { htmlBody } from './html-nodes.ts';
import { isRawPhrasing, newlinesAsBreaks } from './raw-item-filters.ts';
import { CAPTION_SHORTCODE } from './caption-shortcode.ts';
import { newParagraph } from './paragraph-block.ts';
import { customHtmlMarkup } from './html-block.ts';
import { madeQuote } from './quote-block.ts';
import { madeBlocks } from './block-definition.ts';

/** The list styles the raw handler reads a list's `type` as. */
const LIST_STYLES: Readonly<Record<string, string>> = { A: 'upper-alpha', a: 'lower-alpha', I: 'upper-roman', i: 'lower-roman' };

/** What the raw handler keeps of a list element as its block's attributes (its numbering type, start, reversal, anchor, class), in the order its block type declares them. */
export function listBlockAttributes(written: Element): Record<string, unknown> {
  const type = written.getAttribute('type') ?? '';
  const start = written.getAttribute('start');
  return {
    ...(written.tagName === 'OL' ? { ordered: true } : {}),
    ...(Object.hasOwn(LIST_STYLES, type) ? { type: LIST_STYLES[type] } : {}),
    ...(start !== null && /^-?\d+$/.test(start) ? { start: Number(start) } : {}),
    ...(written.hasAttribute('reversed') ? { reversed: true } : {}),
    ...(written.getAttribute('id') ? { anchor: written.getAttribute('id') } : {}),
    ...(written.getAttribute('class') ? { className: written.getAttribute('class') } : {}),
  };
}

const isList = (node: ChildNode | undefined): node is Element => node?.nodeName === 'UL' || node?.nodeName === 'OL';

/**
 * `parent`'s nodes as rich text keeps them: an element holding no words (nor anything kept) and no
 * attribute dropped, a line break's attributes dropped (its line break is all it keeps).
 */
function asRichText(parent: Element): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const element = child as Element;
    if (element.tagName === 'BR') {
      for (const { name } of [...element.attributes]) element.removeAttribute(name);
      continue;
    }
    asRichText(element);
    const holds = [...element.childNodes].some((inner) => inner.nodeType === inner.ELEMENT_NODE || (inner.textContent ?? '') !== '');
    if (!holds && element.attributes.length === 0) element.remove();
  }
}

/** The HTML of nodes as the list transform joins them (text as the DOM writes it: the rich text reads it as HTML). */
const joined = (nodes: ChildNode[]) => {
  const holder = htmlBody('');
  holder.append(...nodes.map((node) => node.cloneNode(true)));
  return holder.innerHTML;
};

/** An item's block: its words (but a list ending it) as rich text, that list the item's own. */
function itemMarkup(item: Element): string {
  const nodes = [...item.childNodes].filter((node) => node.nodeType !== node.TEXT_NODE || (node.textContent ?? '').trim() !== '');
  const last = nodes.at(-1);
  const words = htmlBody(isList(last) ? joined(nodes.slice(0, -1)).trim() : item.innerHTML);
  newlinesAsBreaks(words);
  asRichText(words);
  return blockMarkup(LIST_ITEM_NAME, {}, `<li>${words.innerHTML}${isList(last) ? listMarkup(last) : ''}</li>`);
}

function listMarkup(list: Element): string {
  const attributes = listBlockAttributes(list);
  const tag = list.tagName.toLowerCase();
  return blockMarkup(LIST_NAME, attributes, `${listOpeningTag(tag === 'ol', attributes)}${[...list.children].map(itemMarkup).join('\n\n')}</${tag}>`);
}

/** Whether the raw handler's list transform reads `list` as written: its items alone in it (else its list reducer moves things). */
function readsAsWritten(list: Element): boolean {
  const lists = [list, ...list.querySelectorAll('ul, ol')];
  return lists.every((each) => [...each.children].every((child) => child.tagName === 'LI'));
}

/** A shortcode the raw handler makes a block of wherever it stands (the core blocks' shortcode transforms), splitting the HTML around it. */
const BLOCK_SHORTCODE = /\[(?:audio|caption|wp_caption|embed|gallery|video)[\s\]]/;

/** The list block the raw handler writes for the one list `html` holds (its filters run: raw-item-filters.ts), its images in figures as its figure reducer sets them; null for HTML it reads otherwise (a list holding a block's shortcode). */
export function rawListMarkup(html: string): string | null {
  if (BLOCK_SHORTCODE.test(html)) return null;
  const body = htmlBody(imagesInFigures(html, HELD_IN_ITEM).html);
  const list = body.firstElementChild ?? undefined;
  if (!isList(list) || body.childNodes.length !== 1 || !readsAsWritten(list)) return null;
  return listMarkup(list);
}

/**
 * The blocks the raw handler writes for a piece of a list its shortcode conversion split off (the
 * HTML before a `[caption]` or after it: the list's start, or its rest, the DOM closing what the
 * piece leaves open): words standing loose a paragraph as written, a list its list block, each item
 * left standing without its list a Custom HTML block, a plain quote (the list's start in one) its
 * quote block of those. Null for a piece holding anything else.
 */
function pieceMarkup(piece: string): string[] | null {
  const blocks: string[] = [];
  let words = '';
  const wordsMarkup = () => {
    if (words.trim() !== '') blocks.push(newParagraph(`<p>${words}</p>`));
    words = '';
  };
  for (const node of [...htmlBody(piece).childNodes]) {
    // (Whitespace alone starts no paragraph: it joins one already begun.)
    if (isRawPhrasing(node)) words += words === '' && node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() === '' ? '' : joined([node]);
    else if (node.nodeName === 'LI' || (isList(node) && readsAsWritten(node))) {
      wordsMarkup();
      blocks.push(isList(node) ? listMarkup(node) : customHtmlMarkup((node as Element).outerHTML));
    } else if (node.nodeName === 'BLOCKQUOTE' && (node as Element).attributes.length === 0) {
      // (A quote the list stood in: the piece of it before the caption, its blocks the quote's.)
      wordsMarkup();
      const inner = pieceMarkup((node as Element).innerHTML);
      const quote = inner && madeQuote(madeBlocks(inner));
      if (!quote) return null;
      blocks.push(quote);
    } else return null;
  }
  wordsMarkup();
  return blocks;
}

/**
 * The blocks the raw handler writes for a list holding `[caption]` shortcodes (`html`, the list as
 * written): its shortcode conversion first splits the HTML around each, a block of its own, each
 * piece then read alone (pieceMarkup). Each piece's blocks as markup, with null where a shortcode's
 * block stands (Convert's own); null where a piece reads otherwise.
 */
export function rawListAroundCaptions(html: string): (string | null)[] | null {
  const blocks: (string | null)[] = [];
  let at = 0;
  for (const match of html.matchAll(CAPTION_SHORTCODE)) {
    const before = pieceMarkup(html.slice(at, match.index));
    if (!before) return null;
    blocks.push(...before, null);
    at = match.index + match[0].length;
  }
  const after = pieceMarkup(html.slice(at));
  return after && at > 0 ? [...blocks, ...after] : null;
}
