// Inline content (text with marks, hard breaks) of a tiptap node, written as HTML the way the
// block editor's rich text writes it.
import type { JSONContent } from '@tiptap/core';
import { HELD_INLINE_MARK, heldAttributes, heldInlineTag, isHeldItemBlock } from './held-inline.ts';
import { HELD_IMAGE_NODE } from './held-image.ts';
import { HELD_HTML_NODE } from './held-html.ts';
import { inOrderRead } from './link-as-read.ts';

type Mark = NonNullable<JSONContent['marks']>[number];

/** Text as rich text escapes it: only what would otherwise start a tag or an entity. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Attribute values as the block editor escapes them (`>` too, which WordPress's texturize splits on). */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A value as the block editor's serializer writes it in an attribute (an entity already written stays as it is). */
export const asSerializedAttribute = (value: string) => value.replace(/&(?!(?:[a-z0-9]+|#[0-9]+|#x[a-f0-9]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A footnote mark as the block editor saves it, so an unchanged one comes back byte for byte. */
export function footnoteMarkHtml(id: string, number: number): string {
  const key = escapeAttribute(id);
  return `<sup data-fn="${key}" class="fn"><a href="#${key}" id="${key}-link">${number}</a></sup>`;
}

/** Whether a `<sup>` is a footnote mark exactly as the editor writes it back. */
export function isFootnoteMark(element: Element): boolean {
  const id = element.getAttribute('data-fn');
  if (id === null || id === '' || !element.hasAttribute('class')) return false;
  const holder = element.ownerDocument.createElement('div');
  holder.innerHTML = footnoteMarkHtml(id, Number(element.textContent));
  return /^\d+$/.test(element.textContent ?? '') && holder.innerHTML === element.outerHTML;
}

const TAGS: Readonly<Record<string, string>> = {
  link: 'a', [HELD_INLINE_MARK]: 'span', highlight: 'mark', bold: 'strong', italic: 'em', underline: 'u', strike: 's', subscript: 'sub', superscript: 'sup', keyboardInput: 'kbd', code: 'code',
};
/** Marks nest in this order (outermost first), so the same text always gives the same HTML. */
const NESTING = Object.keys(TAGS);
/** The attributes a mark writes, in the block editor's order, by the element's name for each. */
const MARK_ATTRIBUTES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  link: [['href', 'href'], ['target', 'target'], ['rel', 'rel'], ['title', 'title']],
  highlight: [['style', 'style'], ['className', 'class']],
};

/** Attributes as the editor writes them, in the order given. */
export const attributesHtml = (attributes: readonly (readonly [string, string])[]) => attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');

function openTag(mark: Mark): string {
  const own = (MARK_ATTRIBUTES[mark.type] ?? []).filter(([name]) => mark.attrs?.[name] != null).map(([name, written]): [string, string] => [written, String(mark.attrs?.[name])]);
  // Then those it holds as read (held-inline.ts): a span's, a `<strong class>`'s, a link's class; a link's all in the order it was read in (link-as-read.ts).
  return `<${tagOf(mark)}${attributesHtml(inOrderRead(mark.attrs?.order, [...own, ...heldAttributes(mark)]))}>`;
}

/** The element a mark writes (an inline element of no format writes its own: held-inline.ts). */
const tagOf = (mark: Mark) => (mark.type === HELD_INLINE_MARK ? heldInlineTag(mark.attrs?.tag) : TAGS[mark.type]);
const closeTag = (mark: Mark) => `</${tagOf(mark)}>`;
const sameMark = (a: Mark, b: Mark) => a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {});
/** A mark's place in that order: a block element held in a list item (held-item-blocks.ts) outside every format, as it stands around them. */
const nestingOf = (mark: Mark) => (mark.type === HELD_INLINE_MARK && isHeldItemBlock(mark.attrs?.tag) ? -1 : NESTING.indexOf(mark.type));
const nestedMarks = (node: JSONContent) =>
  (node.marks ?? []).filter((mark) => NESTING.includes(mark.type)).sort((a, b) => nestingOf(a) - nestingOf(b));

function inlineNodeHtml(node: JSONContent): string {
  if (node.type === 'hardBreak') return '<br>';
  if (node.type === 'footnoteMark') return footnoteMarkHtml(String(node.attrs?.id), Number(node.attrs?.number));
  // An image held as read (held-image.ts), closed as TinyMCE closes it, or as a block's rich text does.
  if (node.type === HELD_IMAGE_NODE) return `<img${attributesHtml(heldAttributes(node))}${node.attrs?.closedAsHtml === true ? '>' : ' />'}`;
  // HTML held in a list item as read (held-html.ts).
  if (node.type === HELD_HTML_NODE) return String(node.attrs?.markup ?? '');
  return escapeText(node.text ?? '');
}

/**
 * The link a held image stands in alone (its innermost mark, marking neither neighbour), which the
 * figures Convert to blocks puts it in (`figures`: held-image.ts) go around, as the raw handler's do.
 */
function figuredLink(content: JSONContent[], index: number, marks: Mark[]): Mark | null {
  const link = marks.at(-1);
  const node = content[index];
  if (node.type !== HELD_IMAGE_NODE || Number(node.attrs?.figures ?? 0) === 0 || link?.type !== 'link') return null;
  const marksNeighbour = (at: number) => (content[at]?.marks ?? []).some((mark) => sameMark(mark, link));
  return marksNeighbour(index - 1) || marksNeighbour(index + 1) ? null : link;
}

/** A node's HTML in the figures Convert to blocks put it in (none but for a held image), its link inside them. */
function inFigures(node: JSONContent, link: Mark | null): string {
  const figures = Number(node.attrs?.figures ?? 0);
  const html = link ? `${openTag(link)}${inlineNodeHtml(node)}${closeTag(link)}` : inlineNodeHtml(node);
  return `${'<figure>'.repeat(figures)}${html}${'</figure>'.repeat(figures)}`;
}

/** Neighbouring text sharing a mark shares its element: `<strong>a <em>b</em></strong>`, not two `<strong>`s. */
export function inlineHtml(content: JSONContent[] = []): string {
  let html = '';
  let open: Mark[] = [];
  content.forEach((node, index) => {
    const link = figuredLink(content, index, nestedMarks(node));
    const marks = link ? nestedMarks(node).slice(0, -1) : nestedMarks(node);
    let kept = 0;
    while (kept < open.length && kept < marks.length && sameMark(open[kept], marks[kept])) kept += 1;
    html += open.slice(kept).reverse().map(closeTag).join('') + marks.slice(kept).map(openTag).join('');
    open = marks;
    html += inFigures(node, link);
  });
  return html + open.reverse().map(closeTag).join('');
}
