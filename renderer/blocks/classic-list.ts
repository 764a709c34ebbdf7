// A list of classic content written as TinyMCE keeps it, once an edit (a new item, an item moved)
// makes the editor write it anew: its opening tag as read (`reversed`, `type`, `start`, a class),
// each item's attributes as read, no block comments (in a classic post they would make the site
// take the post for blocks and stop forming its paragraphs). Read only from classic content
// (freeform-nodes.ts marks the list and holds its items' attributes); after Convert to blocks the
// mark is gone and the list is the list block's again (list-block.ts).
import type { JSONContent } from '@tiptap/core';
import { dataAttribute } from './nodes.ts';
import { HELD_NAMES, heldAttribute, heldAttributes } from './held-inline.ts';
import { attributesHtml, inlineHtml } from './inline-html.ts';
import type { InnerWriter } from './block-definition.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';

/** The list node's mark of a list standing in classic content (not a nested one's: the list writes those), read from CLASSIC_LIST_DATA. */
export const CLASSIC_LIST = 'classicList';
export const CLASSIC_LIST_ATTRIBUTE = dataAttribute(CLASSIC_LIST, false, (value) => value === 'true');

/** What an item of a classic list may hold as read: what a mark holds, and the number it shows. */
export const LIST_ITEM_NAMES: ReadonlySet<string> = new Set([...HELD_NAMES, 'value']);

/** A list item's attributes held as read (freeform-nodes.ts holds them in classic content). */
export const LIST_ITEM_HELD = heldAttribute(LIST_ITEM_NAMES);

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
  const item = (node: JSONContent) => {
    const children = node.content ?? [];
    const text = children.filter((child) => child.type === PARAGRAPH_NODE).map((paragraph) => inlineHtml(paragraph.content)).join('<br>');
    const rest = children.filter((child) => child.type !== PARAGRAPH_NODE).map((child) => (listTag(child) ? classicListHtml(child, listTag, writeOther) : writeOther([child]))).join('');
    return `<li${attributesHtml(heldAttributes(node))}>${text}${rest}</li>`;
  };
  return `${openingTag(list, tag)}${(list.content ?? []).map(item).join('')}</${tag}>`;
}
