// A pullquote written before its words were one piece of rich text: its paragraphs as HTML of
// their own, in a blockquote that was the block itself (the oldest form, its citation maybe a
// footer) or inside the figure. The block editor's deprecations join the paragraphs with line
// breaks into one paragraph and write the figure anew; an `alignnone` class becomes the `align`
// attribute "none" (which the current save writes no class for).
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';

/** The element's children, the spacing between them aside; null when it holds words outside an element. */
function elementChildren(element: Element): Element[] | null {
  const words = [...element.childNodes].some((node) => node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
  return words ? null : [...element.children];
}

/** The blockquote holding the words, and the attributes its older form gives, or null when it is not an older form this migration knows. */
function olderQuote(html: string): { quote: Element; attributes: Record<string, unknown> } | null {
  const roots = elementChildren(htmlBody(html));
  const root = roots?.length === 1 ? roots[0] : null;
  if (root?.tagName === 'BLOCKQUOTE') {
    const align = /^wp-block-pullquote(?: align(none))?$/.exec(root.getAttribute('class') ?? '');
    return align && root.attributes.length === 1 ? { quote: root, attributes: align[1] ? { align: align[1] } : {} } : null;
  }
  const inner = root?.tagName === 'FIGURE' && root.getAttribute('class') === 'wp-block-pullquote' && root.attributes.length === 1 ? elementChildren(root) : null;
  // A blockquote of no colour was written with an empty class (before block supports).
  const plain = inner?.length === 1 && inner[0].tagName === 'BLOCKQUOTE' && [...inner[0].attributes].every((attribute) => attribute.name === 'class' && attribute.value === '');
  return plain && inner ? { quote: inner[0], attributes: {} } : null;
}

/** The pullquote in its current form, or null when it is not an older form this migration knows. */
export function currentPullquote(block: ParsedBlock): string | null {
  const older = block.innerBlocks.length === 0 && Object.keys(block.attrs ?? {}).length === 0 ? olderQuote(block.innerHTML) : null;
  const children = older ? elementChildren(older.quote) : null;
  if (!older || !children) return null;
  const paragraphs = children.filter((child) => child.tagName === 'P');
  const citations = children.filter((child) => child.tagName === 'CITE' || child.tagName === 'FOOTER');
  // Only paragraphs then a citation, none with attributes of its own.
  const ordered = children.every((child, index) => (index < paragraphs.length ? child.tagName === 'P' : citations.includes(child)));
  if (paragraphs.length === 0 || citations.length > 1 || !ordered || children.some((child) => child.attributes.length > 0)) return null;
  const citation = citations[0]?.innerHTML ?? '';
  const words = paragraphs.map((paragraph) => paragraph.innerHTML).join('<br>');
  return blockMarkup('pullquote', older.attributes, `<figure class="wp-block-pullquote"><blockquote><p>${words}</p>${citation ? `<cite>${citation}</cite>` : ''}</blockquote></figure>`);
}
