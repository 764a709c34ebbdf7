// The whitespace of a classic list, held as read (classic-list.ts writes it back): between its
// items, before its closing tag, and in an item around its nested list. The reading marks it on
// the elements; a post whose paragraphs are formed (which respaces its lists) takes it from the
// post as written.
import type { JSONContent } from '@tiptap/core';
import { htmlBody } from './html-nodes.ts';
import { SPACE_BEFORE_DATA, SPACE_BEFORE_END_DATA, SPACE_BEFORE_LIST_DATA } from './classic-box-marks.ts';
import { SPACE_BEFORE, SPACE_BEFORE_END, SPACE_BEFORE_LIST } from './classic-list.ts';
import { BULLET_LIST_NODE, ORDERED_LIST_NODE } from './list-block.ts';

/** The spacing of an item or a list, by the node attribute that holds it. */
type Spacing = Partial<Record<typeof SPACE_BEFORE | typeof SPACE_BEFORE_END | typeof SPACE_BEFORE_LIST, string>>;

/** A list's spacing and its items'. */
interface ListSpacing { list: Spacing; items: Spacing[] }

const DATA: Readonly<Record<keyof Spacing, string>> = { [SPACE_BEFORE]: SPACE_BEFORE_DATA, [SPACE_BEFORE_END]: SPACE_BEFORE_END_DATA, [SPACE_BEFORE_LIST]: SPACE_BEFORE_LIST_DATA };

const isBlank = (node: ChildNode) => node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() === '';
const isList = (node: ChildNode | null) => node?.nodeName === 'UL' || node?.nodeName === 'OL';

/** The whitespace after an element's last child that is not blank. */
function spaceBeforeEnd(element: Element): string {
  const children = [...element.childNodes];
  let at = children.length;
  while (at > 0 && isBlank(children[at - 1])) at--;
  return children.slice(at).map((child) => child.textContent ?? '').join('');
}

/** An item's spacing: before it (given), before its closing tag, and before its first nested list (the text before it ends in). */
function itemSpacing(item: Element, before: string): Spacing {
  const beforeList = [...item.childNodes].find(isList)?.previousSibling;
  const spacing: Spacing = { [SPACE_BEFORE]: before, [SPACE_BEFORE_END]: spaceBeforeEnd(item) };
  return beforeList?.nodeType === beforeList?.TEXT_NODE ? { ...spacing, [SPACE_BEFORE_LIST]: /[ \t\n\r\f]*$/.exec(beforeList?.textContent ?? '')?.[0] ?? '' } : spacing;
}

function spacingOf(list: Element): ListSpacing {
  const items: Spacing[] = [];
  let before = '';
  for (const child of list.childNodes) {
    if (isBlank(child)) {
      before += child.textContent ?? '';
      continue;
    }
    if (child.nodeName === 'LI') items.push(itemSpacing(child as Element, before));
    before = '';
  }
  return { list: { [SPACE_BEFORE_END]: before }, items };
}

const mark = (element: Element, spacing: Spacing) => {
  for (const [name, value] of Object.entries(spacing)) element.setAttribute(DATA[name as keyof Spacing], value);
};

/** Marks a list and its items with their spacing as read, for the schema's reading. */
export function holdListSpacing(list: Element): void {
  const { list: own, items } = spacingOf(list);
  mark(list, own);
  [...list.children].filter((child) => child.tagName === 'LI').forEach((item, index) => mark(item, items[index]));
}

/** `nodes` read from `html` once respaced, with its lists' spacing as `html` has it (when its lists are the nodes' lists). */
export function withListSpacingOf(html: string, nodes: JSONContent[]): JSONContent[] {
  const read = [...htmlBody(html).querySelectorAll('ul, ol')].map(spacingOf);
  let index = 0;
  const respaced = (node: JSONContent): JSONContent => {
    const spacing = node.type === BULLET_LIST_NODE || node.type === ORDERED_LIST_NODE ? read[index++] : undefined;
    const content = node.content?.map(respaced);
    if (!content) return node;
    if (!spacing || spacing.items.length !== content.length) return { ...node, content };
    return { ...node, attrs: { ...node.attrs, ...spacing.list }, content: content.map((item, at) => ({ ...item, attrs: { ...item.attrs, ...spacing.items[at] } })) };
  };
  const respacedNodes = nodes.map(respaced);
  return index === read.length ? respacedNodes : nodes;
}
