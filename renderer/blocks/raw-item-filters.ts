// What the block editor's raw handler does to the HTML of a list item before its rich text reads
// it, and what the rich text reads, for Convert to blocks (classic-convert.ts): a newline in the
// words is a line break and its quote normaliser puts a quote's loose words in paragraphs (its
// figure reducer, run over each piece of an item the editor holds as HTML, is figured-images.ts').
// All of it is read in the inert document the list is read into (htmlBody): nothing of it runs.
import { isFigureContent } from './figured-images.ts';

/** The elements the raw handler takes for words (@wordpress/dom's phrasing content, and a span). */
const PHRASING: ReadonlySet<string> = new Set(
  'strong em s del ins a code abbr sub sup br small q dfn data time var samp kbd i b u mark ruby rt rp bdi bdo wbr audio canvas embed img object video math span'.split(' ').map((tag) => tag.toUpperCase()),
);

/** What the raw handler's paragraph forming takes for words: text and phrasing elements. */
export const isRawPhrasing = (node: ChildNode) => node.nodeType === node.TEXT_NODE || PHRASING.has(node.nodeName);

/** Words, but figure content standing in a quote itself, which the figure reducer, run on a quote's children before the quote, has set in a figure. */
const isPhrasing = (node: ChildNode) => isRawPhrasing(node) && (node.nodeType === node.TEXT_NODE || !isFigureContent(node));

/**
 * Each quote under `container` with its loose words in paragraphs, as the raw handler's quote
 * normaliser sets them: text and phrasing elements go into the paragraph before them (one made
 * where there is none), and two line breaks start a paragraph.
 */
export function quoteWordsInParagraphs(container: Element): void {
  for (const quote of container.querySelectorAll('BLOCKQUOTE')) {
    const children = [...quote.childNodes];
    const last = () => (quote.lastChild?.nodeName === 'P' ? (quote.lastChild as HTMLParagraphElement) : null);
    const lastOrNew = () => last() ?? quote.appendChild(quote.ownerDocument.createElement('p'));
    quote.replaceChildren();
    for (const [at, child] of children.entries()) {
      // (Whitespace alone, and comments, are dropped.)
      if ((child.nodeType === child.TEXT_NODE && (child.textContent ?? '').trim() === '') || (child.nodeType !== child.TEXT_NODE && child.nodeType !== child.ELEMENT_NODE)) continue;
      if (child.nodeName === 'BR') {
        if (children[at + 1]?.nodeName === 'BR') {
          quote.append(quote.ownerDocument.createElement('p'));
          children.splice(at + 1, 1);
        }
        if (last()?.hasChildNodes()) last()?.append(child);
      } else if (child.nodeName !== 'P' && isPhrasing(child)) lastOrNew().append(child);
      else quote.append(child);
    }
  }
}

/** A newline as written (the DOM keeps a carriage return before it). */
const NEWLINE = /\r?\n/;

/**
 * Each newline in an item's words (`words`, the HTML the list transform takes for them) a line
 * break, as the item's rich text reads it (but whitespace between a list's items, which it never
 * holds as words).
 */
export function newlinesAsBreaks(words: Element): void {
  const texts: Text[] = [];
  const walker = words.ownerDocument.createTreeWalker(words, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) if (!['UL', 'OL'].includes(text.parentElement?.tagName ?? '')) texts.push(text as Text);
  for (const text of texts) {
    const lines = (text.textContent ?? '').split(NEWLINE);
    if (lines.length === 1) continue;
    text.replaceWith(...lines.flatMap((line, at) => [...(at > 0 ? [text.ownerDocument.createElement('br')] : []), ...(line === '' ? [] : [line])]));
  }
}
