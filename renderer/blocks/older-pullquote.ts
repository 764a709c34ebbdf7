// A pullquote written before its words were one piece of rich text: its paragraphs as HTML of
// their own, in a blockquote that was the block itself (the oldest form, its citation maybe a
// footer) or inside the figure. The block editor's deprecations join the paragraphs with line
// breaks into one paragraph and write the figure anew. An `alignnone` class is dropped: the
// deprecation keeps it as the `align` attribute "none", which the block editor drops when it reads
// that save again, so its own first save is not stable (without it, it is). Its colours, from before block
// supports (`mainColor`, `customMainColor`, a text colour on the blockquote), become the figure's
// border colour, or its background in the solid colour style (then aligned left), as the
// deprecations migrate them.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { inDeclaredOrder } from './older-form-parts.ts';

/** core/pullquote's attributes in the order the block type declares them (checked against the block editor by the test). */
export const PULLQUOTE_ATTRIBUTES = ['value', 'citation', 'backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize', 'align', 'lock', 'anchor', 'className', 'borderColor', 'style', 'metadata'];
const SOLID_COLOR_CLASS = 'is-style-solid-color';
const SLUG = /^[a-z0-9-]+$/;
const HEX = /^#[0-9a-f]{3,8}$/i;

/** The element's children, the spacing between them aside; null when it holds words outside an element. */
function elementChildren(element: Element): Element[] | null {
  const words = [...element.childNodes].some((node) => node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
  return words ? null : [...element.children];
}

/** The blockquote holding the words, or null when it is not an older form this migration knows. */
function olderQuote(html: string): Element | null {
  const roots = elementChildren(htmlBody(html));
  const root = roots?.length === 1 ? roots[0] : null;
  if (root?.tagName === 'BLOCKQUOTE') {
    const oldest = /^wp-block-pullquote(?: alignnone)?$/.test(root.getAttribute('class') ?? '') && root.attributes.length === 1;
    return oldest ? root : null;
  }
  const inner = root?.tagName === 'FIGURE' && root.getAttribute('class') === 'wp-block-pullquote' && root.attributes.length === 1 ? elementChildren(root) : null;
  // A blockquote of no colour was written with an empty class (before block supports).
  const plain = inner?.length === 1 && inner[0].tagName === 'BLOCKQUOTE' && [...inner[0].attributes].every((attribute) => attribute.name === 'class' && attribute.value === '');
  return plain && inner ? inner[0] : null;
}

/**
 * What a pullquote coloured before block supports was saved with (its figure's classes, as each
 * older save wrote them, its blockquote's) and what its current save writes (attributes, figure classes); `border`: its
 * custom border colour, null for a preset's (read from the figure's style), undefined when the
 * figure has no style. Null when the colours are not an older form this migration knows.
 */
interface Colours { figureClasses: string[]; quoteClass: string; attributes: Record<string, unknown>; classes: string; border?: string | null }
function colours(attrs: Record<string, unknown>): Colours | null {
  const { mainColor, customMainColor, textColor, className, ...others } = attrs;
  const slugs = [mainColor, textColor].filter((value) => value !== undefined);
  if (Object.keys(others).length > 0 || !slugs.every((value) => typeof value === 'string' && SLUG.test(value)) || (className !== undefined && typeof className !== 'string')) return null;
  if (customMainColor !== undefined && (typeof customMainColor !== 'string' || !HEX.test(customMainColor))) return null;
  const own = className ? className.split(' ') : [];
  const text = typeof textColor === 'string' ? { quoteClass: `has-text-color has-${textColor}-color`, classes: [`has-${textColor}-color`], marker: ['has-text-color'] } : { quoteClass: '', classes: [], marker: [] };
  if (own.includes(SOLID_COLOR_CLASS)) {
    if (typeof mainColor !== 'string' || customMainColor !== undefined) return null;
    const background = `has-${mainColor}-background-color`;
    return {
      figureClasses: [['wp-block-pullquote', 'has-background', background, ...own].join(' ')], quoteClass: text.quoteClass,
      attributes: { backgroundColor: mainColor, textColor, className, style: { typography: { textAlign: 'left' } } },
      classes: ['wp-block-pullquote', 'has-text-align-left', ...own, ...text.classes, background, ...text.marker, 'has-background'].join(' '),
    };
  }
  if (customMainColor === undefined && mainColor === undefined) return null;
  return {
    // Once colours were block supports (the deprecation before the last), the figure had the text colour's classes too.
    figureClasses: [['wp-block-pullquote', ...own], ['wp-block-pullquote', ...own, ...text.classes, ...text.marker]].map((classes) => classes.join(' ')), quoteClass: text.quoteClass, attributes: { textColor, className },
    classes: ['wp-block-pullquote', ...own, 'has-border-color', ...text.classes, ...text.marker].join(' '), border: typeof customMainColor === 'string' ? customMainColor : null,
  };
}

/** A pullquote coloured before block supports, in its current form, or null. */
function colouredPullquote(block: ParsedBlock): string | null {
  const found = colours((block.attrs ?? {}) as Record<string, unknown>);
  const body = htmlBody(block.innerHTML);
  const figure = body.firstElementChild;
  const quote = figure?.firstElementChild;
  if (!found || block.innerBlocks.length > 0 || body.children.length !== 1 || figure?.tagName !== 'FIGURE' || quote?.tagName !== 'BLOCKQUOTE' || figure.children.length !== 1) return null;
  if (!found.figureClasses.includes(figure.getAttribute('class') ?? '') || (quote.getAttribute('class') ?? '') !== found.quoteClass || quote.attributes.length > 1) return null;
  // The border colour as the figure's style wrote it (a preset's too): the deprecations keep that colour.
  const figureStyle = figure.getAttribute('style');
  const border = figureStyle === null ? undefined : /^border-color:(#[0-9a-f]{3,8})$/i.exec(figureStyle)?.[1];
  if (found.border === undefined ? figureStyle !== null : border === undefined || (found.border !== null && border !== found.border)) return null;
  const words = quotedWords(quote);
  if (words === null) return null;
  const attributes = border ? { ...found.attributes, style: { border: { color: border } } } : found.attributes;
  const style = border ? ` style="border-color:${border}"` : '';
  return blockMarkup('pullquote', inDeclaredOrder(attributes, PULLQUOTE_ATTRIBUTES), `<figure class="${found.classes}"${style}><blockquote>${words}</blockquote></figure>`);
}

/** The paragraphs (joined by line breaks into one) and citation of an older pullquote's blockquote, as the current save writes them; null when it holds anything else. */
function quotedWords(quote: Element): string | null {
  const children = elementChildren(quote);
  if (!children) return null;
  const paragraphs = children.filter((child) => child.tagName === 'P');
  const citations = children.filter((child) => child.tagName === 'CITE' || child.tagName === 'FOOTER');
  // Only paragraphs then a citation, none with attributes of its own.
  const ordered = children.every((child, index) => (index < paragraphs.length ? child.tagName === 'P' : citations.includes(child)));
  if (paragraphs.length === 0 || citations.length > 1 || !ordered || children.some((child) => child.attributes.length > 0)) return null;
  const citation = citations[0]?.innerHTML ?? '';
  const words = paragraphs.map((paragraph) => paragraph.innerHTML).join('<br>');
  return `<p>${words}</p>${citation ? `<cite>${citation}</cite>` : ''}`;
}

/** The pullquote in its current form, or null when it is not an older form this migration knows. */
export function currentPullquote(block: ParsedBlock): string | null {
  const older = block.innerBlocks.length === 0 && Object.keys(block.attrs ?? {}).length === 0 ? olderQuote(block.innerHTML) : null;
  if (!older) return colouredPullquote(block);
  const words = quotedWords(older);
  return words === null ? null : blockMarkup('pullquote', {}, `<figure class="wp-block-pullquote"><blockquote>${words}</blockquote></figure>`);
}
