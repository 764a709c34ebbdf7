// A figure of classic content holding an image and its caption (`<figure><img …/><figcaption>
// words</figcaption></figure>`, as WordPress writes a caption in HTML5 themes and a writer pastes
// one): shown as the captioned image, its caption edited as rich text, the figure and its image
// held as read (a rich block of no block, written without block comments, as the caption shortcode
// is: classic-caption.ts). Convert to blocks makes the raw handler's image block of it
// (classic-convert.ts).
import { HELD_IMAGE_NAMES, holdImages } from './held-image.ts';
import { LINK_ATTRIBUTE_NAMES } from './link-as-read.ts';

/** The name a captioned figure's node goes by: it is no block. */
export const CLASSIC_FIGURE = 'classic/figure';

/** What a figure and its caption may hold of their own: what WordPress's HTML5 caption writes, a class, a style. */
const FIGURE_NAMES: ReadonlySet<string> = new Set(['id', 'class', 'style', 'aria-describedby', 'lang', 'dir', 'title']);

const attributesIn = (element: Element, names: ReadonlySet<string>) => [...element.attributes].every((attribute) => names.has(attribute.name));

const isBlank = (node: ChildNode) => node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() === '';

const isElement = (node: ChildNode | undefined): node is Element => node !== undefined && node.nodeType === node.ELEMENT_NODE;

/** The image a figure shows, alone or alone in its link (an address, not data), holding only what an image or a link of classic content holds; else null. */
function shownImage(node: ChildNode | undefined): Element | null {
  if (!isElement(node)) return null;
  const element = node;
  const inLink = element.tagName === 'A' && element.childNodes.length === 1 && attributesIn(element, LINK_ATTRIBUTE_NAMES) ? element.firstElementChild : null;
  const image = element.tagName === 'IMG' ? element : inLink;
  return image?.tagName === 'IMG' && /^(?!data:)./i.test(image.getAttribute('src') ?? '') && attributesIn(image, HELD_IMAGE_NAMES) ? image : null;
}

/** Whether rich text holds a caption's words (an image among them held as read: held-image.ts). */
export type WordsFollow = (caption: Element) => boolean;

/** A figure holding an image (or its link) then its caption, whitespace alone around them, the caption's element (its images held), or null. */
function captionOf(figure: Element, wordsFollow: WordsFollow): Element | null {
  const held = [...figure.childNodes].filter((child) => !isBlank(child));
  const [image, caption] = held;
  if (held.length !== 2 || !shownImage(image) || !isElement(caption) || caption.tagName !== 'FIGCAPTION' || !attributesIn(figure, FIGURE_NAMES) || !attributesIn(caption, FIGURE_NAMES)) return null;
  // (Judged on a copy: a figure not held is kept as read.)
  const words = caption.cloneNode(true) as Element;
  holdImages(words, true);
  if (!wordsFollow(words)) return null;
  holdImages(caption, true);
  return caption;
}

/** Whether a figure stands where classic content reads a block: at the top, or in quotes there. */
function standsAsBlock(figure: Element, top: Element): boolean {
  for (let parent = figure === top ? null : figure.parentElement; parent; parent = parent === top ? null : parent.parentElement) if (parent.tagName !== 'BLOCKQUOTE') return false;
  return true;
}

/**
 * Each figure holding an image and its caption under `top` (or it itself) that stands as a block (at
 * the top or in a quote; one in a list item or a division stays in that HTML, as the raw handler
 * leaves it there) as its rich block's element, the caption's words its one part: the figure's HTML
 * up to the caption held before it, the caption's tags around the part, the figure's end after it.
 * Returns what stands in the place of `top`.
 */
export function holdCaptionedFigures(top: Element, wordsFollow: WordsFollow): Element {
  let standing = top;
  for (const figure of [top, ...top.querySelectorAll('figure')].filter((candidate) => candidate.tagName === 'FIGURE' && standsAsBlock(candidate, top))) {
    const caption = captionOf(figure, wordsFollow);
    if (!caption) continue;
    const outer = figure.outerHTML;
    const captionOuter = caption.outerHTML;
    // (Its image as read: the caption's alone are held.)
    const at = outer.lastIndexOf(captionOuter);
    const document = figure.ownerDocument;
    const block = document.createElement('div');
    block.setAttribute('data-rich-block', '');
    block.setAttribute('data-name', CLASSIC_FIGURE);
    block.setAttribute('data-before', outer.slice(0, at));
    block.setAttribute('data-after', outer.slice(at + captionOuter.length));
    const part = document.createElement('div');
    part.setAttribute('data-rich-part', '');
    part.setAttribute('data-open', captionOuter.slice(0, captionOuter.length - caption.innerHTML.length - '</figcaption>'.length));
    part.setAttribute('data-close', '</figcaption>');
    part.append(...caption.childNodes);
    block.append(part);
    figure.replaceWith(block);
    if (figure === top) standing = block;
  }
  return standing;
}

/** Whether an element is a captioned figure's rich block as held (holdCaptionedFigures), or its caption's part; what the part holds is the rules' to judge. */
export function isClassicFigureElement(element: Element): boolean {
  const allowed = (names: readonly string[]) => [...element.attributes].every((attribute) => names.includes(attribute.name));
  if (element.hasAttribute('data-rich-part')) return element.parentElement?.getAttribute('data-name') === CLASSIC_FIGURE && allowed(['data-rich-part', 'data-open', 'data-close']);
  const only = element.firstElementChild;
  return element.getAttribute('data-name') === CLASSIC_FIGURE && allowed(['data-rich-block', 'data-name', 'data-before', 'data-after']) && element.childNodes.length === 1 && only !== null && only.hasAttribute('data-rich-part');
}
