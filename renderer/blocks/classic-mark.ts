// The classic mark of a node standing in classic content whose block writes a class of its own (a
// list, a heading, code, a rule, preformatted text, a quote, a table, an image): its element's opening tag as written
// there (freeform-nodes.ts marks the element with CLASSIC_DATA; an image standing alone in a paragraph, with the
// paragraph's tags around it). A node so marked is written as
// classic HTML, never with a block's class or comment; Convert to blocks clears the mark, with what
// the node held as read there (nodes.ts), and the node is its block's again.
import type { JSONContent } from '@tiptap/core';
import { dataAttribute } from './nodes.ts';

export const CLASSIC = 'classic';
export const CLASSIC_ATTRIBUTE = dataAttribute<string | null>(CLASSIC, null, (value) => value);

/** The opening tag as written of a node standing in classic content, or null for a block's node. */
export const classicTag = (node: JSONContent): string | null => (typeof node.attrs?.[CLASSIC] === 'string' ? node.attrs[CLASSIC] : null);
