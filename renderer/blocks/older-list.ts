// A list written before lists held a block per item (WordPress 6.1): its items as HTML inside
// one list element. The block editor's deprecation makes each item a list-item block, and each
// nested list a list block inside its item; the list gets its class, a font preset written as
// its inline style becomes a class, and a numbering type (`type="A"`) becomes a list style.
import type { ParsedBlock } from './split-blocks.ts';
import { blockMarkup } from './serialize-blocks.ts';
import { htmlBody } from './html-nodes.ts';
import { inlineFontPreset } from './older-form-parts.ts';

const LIST_TAGS = ['UL', 'OL'];
/** The numbering types an ordered list's `type` said, as the list styles the block editor migrates them to. */
const LIST_STYLES: Readonly<Record<string, string>> = { A: 'upper-alpha', a: 'lower-alpha', I: 'upper-roman', i: 'lower-roman' };
/** The older list's attributes this migration knows, each with the value it can hold. */
const OLDER_LIST_ATTRIBUTES: Readonly<Record<string, (value: unknown) => boolean>> = {
  ordered: (value) => typeof value === 'boolean',
  start: Number.isInteger,
  reversed: (value) => typeof value === 'boolean',
  type: (value) => typeof value === 'string' && Object.hasOwn(LIST_STYLES, value),
  className: (value) => typeof value === 'string',
  // Only a font preset (inlineFontPreset): anything else keeps the list as written.
  style: (value) => typeof value === 'object' && value !== null,
};

const isList = (node: Node): node is Element => node.nodeType === node.ELEMENT_NODE && LIST_TAGS.includes((node as Element).tagName);
const isBlank = (node: Node) => node.nodeType === node.TEXT_NODE && node.textContent?.trim() === '';

/** HTML of an item's text (inline DOM nodes), as the DOM writes it, without the spacing at its end that the editor does not hold in an item's text. */
function itemTextHtml(nodes: Node[]): string {
  const holder = document.createElement('div');
  holder.append(...nodes.map((node) => node.cloneNode(true)));
  let last: Node | null = holder.lastChild;
  while (last && last.nodeType !== last.TEXT_NODE && last.lastChild) last = last.lastChild;
  if (last?.nodeType === last?.TEXT_NODE && last) last.textContent = (last.textContent ?? '').replace(/[ \t\n\r\f]+$/, '');
  return holder.innerHTML;
}

/** A list element as list-item blocks in its current form, or null when it holds more than items of inline content and lists at their end. */
function listItems(list: Element): string[] | null {
  const items: string[] = [];
  for (const child of list.childNodes) {
    if (isBlank(child)) continue;
    if (!(child instanceof Element) || child.tagName !== 'LI' || child.attributes.length > 0) return null;
    const children = [...child.childNodes];
    const firstList = children.findIndex(isList);
    const nested = firstList < 0 ? [] : children.slice(firstList);
    if (!nested.every((node) => (isList(node) && node.attributes.length === 0) || isBlank(node))) return null;
    const nestedMarkup = nested.filter(isList).map((inner) => {
      const innerItems = listItems(inner);
      const ordered = inner.tagName === 'OL';
      return innerItems && blockMarkup('list', ordered ? { ordered } : {}, listHtml(ordered, {}, innerItems));
    });
    if (!nestedMarkup.every((markup) => markup !== null)) return null;
    items.push(blockMarkup('list-item', {}, `<li>${itemTextHtml(firstList < 0 ? children : children.slice(0, firstList))}${nestedMarkup.join('')}</li>`));
  }
  return items;
}

/** The list element the current save writes around its items. */
function listHtml(ordered: boolean, attributes: Record<string, unknown>, items: string[]): string {
  const tag = ordered ? 'ol' : 'ul';
  const reversed = attributes.reversed === true ? ' reversed' : '';
  const start = attributes.start === undefined ? '' : ` start="${Number(attributes.start)}"`;
  const style = ordered && typeof attributes.type === 'string' ? ` style="list-style-type:${attributes.type}"` : '';
  const classes = ['wp-block-list', ...(attributes.className ? [String(attributes.className)] : [])].join(' ');
  return `<${tag}${reversed}${start}${style} class="${classes}">${items.join('\n\n')}</${tag}>`;
}

/** The list in its current form, or null when it is not the older form this migration knows. */
export function currentList(block: ParsedBlock): string | null {
  const attributes = (block.attrs ?? {}) as Record<string, unknown>;
  if (block.innerBlocks.length > 0 || !Object.entries(attributes).every(([name, value]) => Object.hasOwn(OLDER_LIST_ATTRIBUTES, name) && OLDER_LIST_ATTRIBUTES[name](value))) return null;
  const body = htmlBody(block.innerHTML);
  const list = body.firstElementChild;
  const ordered = attributes.ordered === true;
  if (!list || body.children.length !== 1 || list.tagName !== (ordered ? 'OL' : 'UL') || body.textContent?.trim() !== list.textContent?.trim()) return null;
  // A font preset was written as the list's inline style; it is now a class.
  const font = attributes.style === undefined ? null : inlineFontPreset(attributes.style, list.getAttribute('style'));
  if (attributes.style !== undefined && font === null) return null;
  // The element says only what the attributes say.
  const said: Record<string, string | null> = { type: (attributes.type as string | undefined) ?? null, start: attributes.start === undefined ? null : String(attributes.start), reversed: attributes.reversed === true ? '' : null, class: (attributes.className as string | undefined) ?? null, style: list.getAttribute('style') && font ? list.getAttribute('style') : null };
  if (![...list.attributes].every((attribute) => Object.hasOwn(said, attribute.name)) || !Object.entries(said).every(([name, value]) => list.getAttribute(name) === value)) return null;
  const items = listItems(list);
  const { style, className, ...rest } = attributes;
  const current = { ...rest, ...(typeof rest.type === 'string' ? { type: LIST_STYLES[rest.type] } : {}), ...(font ? { fontFamily: font } : {}), ...(className === undefined ? {} : { className }) };
  return items && items.length > 0 ? blockMarkup('list', current, listHtml(ordered, { ...current, className: [...(font ? [`has-${font}-font-family`] : []), ...(className ? [className] : [])].join(' ') || undefined }, items)) : null;
}
