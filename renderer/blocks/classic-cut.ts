// A part of a Classic block as the block editor's Classic block (TinyMCE) puts it on the clipboard: the
// browser's HTML of the selection in the block's HTML as the classic editor holds it (paragraphs formed
// where the block forms them), whole nodes as written, a node cut at an end as the browser writes a
// range of it. Where the editor's nodes and that HTML do not line up (a list classic content read as
// several nodes), none.
import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { autop } from '@wordpress/autop';
import { htmlBody } from './html-nodes.ts';
import { nodeMarkup } from './serialize-blocks.ts';

/** A place in the DOM: a node and an offset in it, as a range takes it. */
type Place = [Node, number];

/** The top-level nodes of a body that stand for something: not the whitespace between elements. */
const topNodes = (body: Element) => [...body.childNodes].filter((node) => node.nodeType !== node.TEXT_NODE || (node.textContent ?? '').trim() !== '');

/** The text nodes in a node, in order (itself, if one), whitespace between elements left out. */
function textsIn(node: Node): Text[] {
  if (node.nodeType === node.TEXT_NODE) return [node as Text];
  const texts: Text[] = [];
  const walker = node.ownerDocument?.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker?.nextNode(); text; text = walker?.nextNode()) if ((text.textContent ?? '').trim() !== '') texts.push(text as Text);
  return texts;
}

/** The place `offset` characters into the words of `node` (its text nodes), where the character there is `char`; else null. */
function placeInWords(node: Node, offset: number, char: string): Place | null {
  let left = offset;
  for (const text of textsIn(node)) {
    const length = text.data.length;
    if (left < length) return text.data[left] === char ? [text, left] : null;
    left -= length;
  }
  return null;
}

/** The Classic block's HTML as the classic editor holds it: without its comment, its paragraphs formed where it forms them. */
function heldHtml(classic: ProseMirrorNode): string {
  const { commentBefore, commentAfter, autop: forms } = classic.attrs as { commentBefore: string; commentAfter: string; autop: boolean };
  const written = nodeMarkup(classic.toJSON() as JSONContent);
  const html = written.slice(commentBefore.length, written.length - commentAfter.length);
  return forms ? autop(html) : html;
}

/**
 * The HTML of the selection `from`–`to` of `doc` where both ends stand in one Classic block (its
 * whole content not selected), as TinyMCE copies it (see the top of this file); else null.
 */
export function classicCut(doc: ProseMirrorNode, from: number, to: number): string | null {
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  let depth = $from.depth;
  while (depth > 0 && $from.node(depth).type.name !== 'classicBlock') depth--;
  if (depth === 0 || $to.depth < depth || $to.node(depth) !== $from.node(depth) || $to.start(depth) !== $from.start(depth)) return null;
  const classic = $from.node(depth);
  const start = $from.start(depth);
  if (from === start && to === start + classic.content.size) return null;
  const body = htmlBody(heldHtml(classic));
  const tops = topNodes(body);
  if (tops.length !== classic.childCount) return null;
  const placeOf = (position: number, atEnd: boolean): Place | null => {
    const $position = doc.resolve(position);
    const index = $position.index(depth);
    if ($position.depth === depth) return index < tops.length ? [body, [...body.childNodes].indexOf(tops[index] as ChildNode)] : [body, body.childNodes.length];
    const childStart = start + [...Array(index).keys()].reduce((size, before) => size + classic.child(before).nodeSize, 0);
    const words = doc.textBetween(childStart, position);
    // (The character at the place: the one after it, or before it at a selection's end in its node's last words.)
    const char = doc.textBetween(position, Math.min(position + 1, childStart + classic.child(index).nodeSize));
    if (char.length === 1) return placeInWords(tops[index], words.length, char);
    const before = atEnd && words.length > 0 ? placeInWords(tops[index], words.length - 1, words[words.length - 1]) : null;
    return before && [before[0], before[1] + 1];
  };
  const starts = placeOf(from, false);
  const ends = placeOf(to, true);
  if (!starts || !ends) return null;
  const range = body.ownerDocument.createRange();
  range.setStart(...starts);
  range.setEnd(...ends);
  const holder = body.ownerDocument.createElement('div');
  holder.append(range.cloneContents());
  return holder.innerHTML;
}
