// Blocks of a few pieces of rich text in fixed HTML (a button's text, a pullquote's words and
// citation): the pieces are edited; the HTML around them (classes, styles, the button's link)
// and the block's comment attributes are held as read. A piece the block editor leaves out when
// it is empty (a citation) is left out when the writer empties it.
import type { JSONContent } from '@tiptap/core';
import { htmlBody, onlyNode } from './html-nodes.ts';
import { PARAGRAPH_HTML } from './html-rules.ts';
import { inlineHtml } from './inline-html.ts';
import type { ParsedBlock } from './split-blocks.ts';

interface Piece { open: string; html: string; close: string; optional?: boolean }
interface Frame { before: string; pieces: Piece[]; after: string }

/** How each block's HTML splits into held HTML and rich text, or null when it does not. */
const FRAMES: Readonly<Record<string, (html: string) => Frame | null>> = {
  'core/button': (html) => {
    const match = /^\s*(<div [^>]*>)(<(a|button)(?:\s[^>]*)?>)([\s\S]*)(<\/\3>)(<\/div>)\s*$/.exec(html);
    return match && { before: match[1], pieces: [{ open: match[2], html: match[4], close: match[5] }], after: match[6] };
  },
  'core/pullquote': (html) => {
    const match = /^\s*(<figure [^>]*><blockquote>)<p>([\s\S]*?)<\/p>(?:<cite>([\s\S]*?)<\/cite>)?(<\/blockquote><\/figure>)\s*$/.exec(html);
    if (!match) return null;
    const citation = match[3] === undefined ? [] : [{ open: '<cite>', html: match[3], close: '</cite>', optional: true }];
    return { before: match[1], pieces: [{ open: '<p>', html: match[2], close: '</p>' }, ...citation], after: match[4] };
  },
};

/** Rich text as the editor holds it, or null when it holds anything the editor would lose. */
export function richTextContent(html: string): JSONContent[] | null {
  const paragraph = onlyNode(`<p>${html}</p>`, PARAGRAPH_HTML, 'paragraph');
  return paragraph ? (paragraph.content ?? []) : null;
}

export function readRichBlock(block: ParsedBlock): JSONContent | null {
  const frame = block.innerBlocks.length === 0 && Object.hasOwn(FRAMES, block.blockName ?? '') ? FRAMES[block.blockName ?? ''](block.innerHTML) : null;
  if (!frame || htmlBody(frame.before + frame.pieces.map((piece) => piece.open + piece.close).join('') + frame.after).textContent !== '') return null;
  const contents = frame.pieces.map((piece) => richTextContent(piece.html));
  if (contents.some((content) => content === null)) return null;
  const node: JSONContent = {
    type: 'richBlock',
    attrs: { name: block.blockName, blockAttributes: block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null, before: frame.before, after: frame.after },
    content: frame.pieces.map((piece, index) => ({ type: 'richPart', attrs: { open: piece.open, close: piece.close, optional: piece.optional === true }, ...(contents[index]?.length ? { content: contents[index] } : {}) })),
  };
  // What the editor would write must be the same HTML (entities and spacing aside).
  return htmlBody(richBlockHtml(node)).isEqualNode(htmlBody(block.innerHTML.trim())) ? node : null;
}

export function richBlockHtml(node: JSONContent): string {
  const pieces = (node.content ?? []).map((part) => (part.attrs?.optional && !part.content?.length ? '' : `${String(part.attrs?.open ?? '')}${inlineHtml(part.content)}${String(part.attrs?.close ?? '')}`));
  return `${String(node.attrs?.before ?? '')}${pieces.join('')}${String(node.attrs?.after ?? '')}`;
}
