// What the block editor's paste keeps of pasted HTML before it makes blocks of it (`pasteHandler` of
// @wordpress/blocks: its `removeInvalidHTML` with the paste schema, @wordpress/dom's phrasing content
// and the core blocks' raw transforms, its comment remover, its division and block normalisers and its
// formatting remover): the elements and attributes that schema names, the image's alignment and library
// classes; any other element unwrapped (its content kept; a quote's or division's loose words in paragraphs first),
// any comment but a more tag or page break dropped; loose words at the top in a paragraph (the one before
// them, where there is one); whitespace outside preformatted text collapsed, and trimmed at a block's
// ends. tests/unit/classic-paste.test.ts holds these tables to the block editor's own schema.
import { htmlBody } from './html-nodes.ts';
import { classicMore } from './more-block.ts';
import { classicPageBreak } from './page-break-block.ts';

/** By tag (lower case), the attributes the paste schema keeps of the element. */
export const PASTE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'id', 'rel', 'target'],
  abbr: ['title'],
  audio: ['autoplay', 'loop', 'mediagroup', 'muted', 'preload', 'src'],
  b: [], bdi: ['dir'], bdo: ['dir'], blockquote: ['id'], br: [],
  canvas: ['height', 'width'], code: [], data: ['value'], del: [], dfn: ['title'], em: [],
  embed: ['height', 'src', 'type', 'width'],
  figcaption: [], figure: ['id'],
  h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'], hr: ['id'], i: [],
  img: ['alt', 'height', 'ismap', 'src', 'srcset', 'title', 'usemap', 'width'],
  ins: [], kbd: [], li: [], mark: [], math: ['display', 'xmlns'],
  object: ['data', 'form', 'height', 'name', 'type', 'usemap', 'width'],
  ol: ['id', 'reversed', 'start', 'type'], p: ['id'], pre: ['id'], q: ['cite'],
  rp: [], rt: [], ruby: [], s: [], samp: [], small: [], strong: [], sub: [], sup: [],
  table: ['id'], tbody: [], td: ['colspan', 'rowspan', 'style'], tfoot: [], th: ['colspan', 'rowspan', 'scope', 'style'], thead: [],
  time: ['datetime'], tr: [], u: [], ul: ['id'], var: [],
  video: ['autoplay', 'controls', 'height', 'loop', 'mediagroup', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
  wbr: [],
};

/** The classes the paste schema keeps of an image (its alignment, its library item's). */
export const PASTE_IMAGE_CLASSES: readonly RegExp[] = [/^align(?:left|center|right|none)$/, /^wp-image-\d+$/];

/** The elements of the schema that are no phrasing content (the blocks' own elements and their parts). */
const BLOCK_ELEMENTS: ReadonlySet<string> = new Set(['BLOCKQUOTE', 'FIGCAPTION', 'FIGURE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HR', 'LI', 'OL', 'P', 'PRE', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL']);

/** Whether a node is phrasing content of the schema: words, or an element of them. */
const isPhrasing = (node: Node) =>
  node.nodeType === node.TEXT_NODE || (node.nodeType === node.ELEMENT_NODE && Object.hasOwn(PASTE_ATTRIBUTES, node.nodeName.toLowerCase()) && !BLOCK_ELEMENTS.has(node.nodeName));

/** The loose words (phrasing content) among `parent`'s children in paragraphs: each run in the paragraph before it, or a new one (normaliseBlocks). */
function wordsInParagraphs(parent: Element): void {
  parent.normalize();
  let last: Element | null = null;
  for (const child of [...parent.childNodes]) {
    const blank = child.nodeType === child.TEXT_NODE && (child.textContent ?? '').trim() === '';
    if (blank) child.remove();
    else if (!isPhrasing(child) || child.nodeName === 'BR') last = child.nodeName === 'P' ? (child as Element) : null;
    if (blank || !isPhrasing(child) || child.nodeName === 'BR') continue;
    if (!last) {
      last = parent.ownerDocument.createElement('p');
      child.before(last);
    }
    last.append(child);
  }
}

/** Whitespace in the words of `parent` (but preformatted text) collapsed, and trimmed at the ends of each block element. */
function collapsedSpace(parent: Element): void {
  const walker = parent.ownerDocument.createTreeWalker(parent, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) if (!text.parentElement?.closest('pre')) texts.push(text as Text);
  for (const text of texts) text.data = text.data.replace(/\s+/g, ' ');
  for (const block of parent.querySelectorAll([...BLOCK_ELEMENTS].join(','))) {
    if (block.closest('pre')) continue;
    const inside = texts.filter((text) => block.contains(text) && text.parentElement?.closest([...BLOCK_ELEMENTS].join(',')) === block);
    if (inside[0] && inside[0] === firstText(block)) inside[0].data = inside[0].data.trimStart();
    const end = inside[inside.length - 1];
    if (end && end === lastText(block)) end.data = end.data.trimEnd();
  }
}

const firstText = (element: Element): Text | null => element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode() as Text | null;

function lastText(element: Element): Text | null {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let last: Text | null = null;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) last = text as Text;
  return last;
}

/** Whether a comment is a more tag or page break, which the paste makes its block. */
const isMarker = (comment: Comment) => (classicMore(`<!--${comment.data}-->`) ?? classicPageBreak(`<!--${comment.data}-->`)) !== null;

/** An element cleaned as the paste cleans it, its children first (see the top of this file). */
function clean(parent: Element): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === child.COMMENT_NODE) {
      if (!isMarker(child as Comment)) child.remove();
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const element = child as Element;
    clean(element);
    const kept = PASTE_ATTRIBUTES[element.tagName.toLowerCase()];
    if (!kept) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const classes = element.tagName === 'IMG' ? [...element.classList].filter((name) => PASTE_IMAGE_CLASSES.some((allowed) => allowed.test(name))) : [];
    for (const { name } of [...element.attributes]) if (!kept.includes(name)) element.removeAttribute(name);
    if (classes.length > 0) element.setAttribute('class', classes.join(' '));
  }
}

/** The elements of `tags` in `body`, each after those inside it. */
const innermostFirst = (body: Element, tags: readonly string[]) => [...body.querySelectorAll('*')].filter((element) => tags.includes(element.tagName)).reverse();

/** `html` as the block editor's paste cleans it before making blocks of it. */
export function pasteCleaned(html: string): string {
  const body = htmlBody(html);
  // (Its quote and division normalisers run first, before any element of theirs is unwrapped.)
  for (const container of innermostFirst(body, ['BLOCKQUOTE', 'DIV'])) wordsInParagraphs(container);
  clean(body);
  // (Then the quotes' words again, as its quote transform hands their HTML to the paste, and the top's.)
  for (const quote of innermostFirst(body, ['BLOCKQUOTE'])) wordsInParagraphs(quote);
  wordsInParagraphs(body);
  collapsedSpace(body);
  return body.innerHTML;
}
