// A list of classic content written as TinyMCE keeps it, once an edit (a new item, an item moved)
// makes the editor write it anew: its opening tag as read (`reversed`, `type`, `start`, a class),
// each item's attributes and the spacing between items as read (a new item spaced as its
// neighbours), no block comments (in a classic post they would make the site
// take the post for blocks and stop forming its paragraphs). Read only from classic content
// (freeform-nodes.ts marks the list and holds its items' attributes); after Convert to blocks the
// mark is gone and the list is the list block's again (list-block.ts).
import type { JSONContent } from '@tiptap/core';
import { dataAttribute } from './nodes.ts';
import { HELD_NAMES, heldAttribute, heldAttributes } from './held-inline.ts';
import { attributesHtml, inlineHtml } from './inline-html.ts';
import type { InnerWriter } from './block-definition.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';

/** What an item of a classic list may hold as read: what a mark holds, and the number it shows. */
export const LIST_ITEM_NAMES: ReadonlySet<string> = new Set([...HELD_NAMES, 'value']);

/** A list item's attributes held as read (freeform-nodes.ts holds them in classic content). */
export const LIST_ITEM_HELD = heldAttribute(LIST_ITEM_NAMES);

/**
 * The whitespace read before an item (before its `<li>`: null for an item the writer made, which
 * takes its neighbours'), before a list's or an item's closing tag, before an item's nested list.
 */
export const SPACE_BEFORE = 'spaceBefore';
export const SPACE_BEFORE_END = 'spaceBeforeEnd';
export const SPACE_BEFORE_LIST = 'spaceBeforeList';
const spacing = (name: string) => dataAttribute<string | null>(name, null, (value) => value);
export const SPACE_BEFORE_ATTRIBUTE = spacing(SPACE_BEFORE);
export const SPACE_BEFORE_END_ATTRIBUTE = spacing(SPACE_BEFORE_END);
export const SPACE_BEFORE_LIST_ATTRIBUTE = spacing(SPACE_BEFORE_LIST);

/** A node's spacing read at one place, or none. */
const spaceRead = (node: JSONContent, name: string): string => (typeof node.attrs?.[name] === 'string' ? node.attrs[name] : '');

/** The spacing read before an item, or for a new one its neighbours' (the one before it, else the one after). */
function spaceBefore(items: JSONContent[], index: number): string {
  const read = (item: JSONContent | undefined) => (typeof item?.attrs?.[SPACE_BEFORE] === 'string' ? item.attrs[SPACE_BEFORE] : null);
  for (let before = index; before >= 0; before--) if (read(items[before]) !== null) return read(items[before]) ?? '';
  return items.slice(index + 1).map(read).find((space) => space !== null) ?? '';
}

const START = /\sstart="(-?\d+)"/;

/** The list's opening tag as read, its start the one the list now has (a numbered list turned bulleted leaves it behind). */
function openingTag(list: JSONContent, tag: 'ul' | 'ol'): string {
  const read = typeof list.attrs?.openingTag === 'string' && new RegExp(`^<${tag}[\\s>]`).test(list.attrs.openingTag) ? list.attrs.openingTag : `<${tag}>`;
  if (tag === 'ul') return read;
  const start = Number(list.attrs?.start ?? 1);
  const readStart = START.exec(read);
  if ((readStart ? Number(readStart[1]) : 1) === start) return read;
  const written = start === 1 ? '' : ` start="${start}"`;
  return readStart ? read.replace(readStart[0], written) : read.replace(/^<ol/, `<ol${written}`);
}

/** The element a node of a list writes, or null for a node of another kind. */
export type ListTag = (node: JSONContent) => 'ul' | 'ol' | null;

/**
 * The list's HTML as classic content holds it: `listTag` tells the lists' nodes, `writeOther`
 * writes what an item holds besides its text and lists (as the editor writes it in classic content).
 */
export function classicListHtml(list: JSONContent, listTag: ListTag, writeOther: InnerWriter): string {
  const tag = listTag(list) ?? 'ul';
  const items = list.content ?? [];
  const item = (node: JSONContent, index: number) => {
    const children = node.content ?? [];
    const text = children.filter((child) => child.type === PARAGRAPH_NODE).map((paragraph) => inlineHtml(paragraph.content)).join('<br>');
    const rest = children.filter((child) => child.type !== PARAGRAPH_NODE).map((child) => (listTag(child) ? classicListHtml(child, listTag, writeOther) : writeOther([child]))).join('');
    const inside = rest === '' ? text : `${text}${spaceRead(node, SPACE_BEFORE_LIST)}${rest}`;
    return `${spaceBefore(items, index)}<li${attributesHtml(heldAttributes(node))}>${inside}${spaceRead(node, SPACE_BEFORE_END)}</li>`;
  };
  return `${openingTag(list, tag)}${items.map(item).join('')}${spaceRead(list, SPACE_BEFORE_END)}</${tag}>`;
}
