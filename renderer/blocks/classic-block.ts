// Classic content (a post without blocks, or HTML between blocks) as one Classic block, as the
// block editor keeps it: its HTML is written back exactly as read until the writer edits inside
// it, and then only their change goes in it (see block-source.ts). Its paragraphs, headings and
// lists are edited in place; it becomes blocks only when the writer converts it.
import type { JSONContent } from '@tiptap/core';
import { autop } from '@wordpress/autop';
import { readsBackWith, withSource } from './block-source.ts';
import { freeformNodes } from './freeform-nodes.ts';
import { withListSpacingOf } from './classic-list-spacing.ts';
import { nodeMarkup } from './serialize-blocks.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';

/** The blank lines the site forms paragraphs between (and the spacing around them). */
const PARAGRAPH_BREAK = /\s*\n[ \t]*\n\s*/g;

/** The one node a paragraph of classic content makes, read as the site shows it, or null. */
function onlyClassicNode(html: string): JSONContent | null {
  const nodes = withListSpacingOf(html, freeformNodes(autop(html)));
  return nodes.length === 1 ? nodes[0] : null;
}

/**
 * The blocks of classic content each with its own paragraph of the source, when each paragraph
 * (between blank lines) makes exactly the block the whole makes there: an edit then rewrites
 * that paragraph alone, and saving costs that paragraph's reading, not the whole post's.
 */
function withParagraphSources(html: string, content: JSONContent[]): JSONContent[] | null {
  const pieces: { source: string; gap: string; readAt: number }[] = [];
  let start = 0;
  let gap = '';
  for (const found of html.matchAll(PARAGRAPH_BREAK)) {
    pieces.push({ source: html.slice(start, found.index), gap, readAt: start });
    gap = found[0];
    start = found.index + found[0].length;
  }
  pieces.push({ source: html.slice(start), gap, readAt: start });
  if (pieces.length !== content.length) return null;
  const sourced: JSONContent[] = [];
  for (const [index, piece] of pieces.entries()) {
    const node = onlyClassicNode(piece.source);
    const canonical = node && nodeMarkup(node);
    if (!node || canonical !== nodeMarkup(content[index])) return null;
    sourced.push({ ...content[index], attrs: { ...content[index].attrs, source: piece.source, canonical, inClassic: true, gap: piece.gap, readAt: piece.readAt } });
  }
  return sourced;
}

/** A Classic block's comment as read, around its HTML (none for HTML outside blocks). */
interface Comment { commentBefore: string; commentAfter: string }
const NO_COMMENT: Comment = { commentBefore: '', commentAfter: '' };

/**
 * The Classic block for `html`; `formsParagraphs` when it is the whole post, which the site
 * shows with paragraphs formed from its line breaks (so it is read that way).
 */
function classicContent(html: string, formsParagraphs: boolean, comment = NO_COMMENT): JSONContent {
  // (Forming paragraphs respaces lists: their spacing is the post's as written.)
  const content = formsParagraphs ? withListSpacingOf(html, freeformNodes(autop(html))) : freeformNodes(html);
  return { type: 'classicBlock', attrs: { autop: formsParagraphs, ...comment }, content: content.length > 0 ? content : [{ type: PARAGRAPH_NODE }] };
}

export function classicNode(html: string, formsParagraphs: boolean): JSONContent {
  const node = classicContent(html, formsParagraphs);
  const paragraphs = formsParagraphs ? withParagraphSources(html, node.content ?? []) : null;
  // Its paragraphs keep their own sources, or the whole keeps its source.
  return paragraphs ? { ...node, content: paragraphs } : withSource(node, html, nodeMarkup(node));
}

readsBackWith('classic', (html, node) => {
  const comment = { commentBefore: String(node.attrs?.commentBefore ?? ''), commentAfter: String(node.attrs?.commentAfter ?? '') };
  const inside = html.startsWith(comment.commentBefore) && html.endsWith(comment.commentAfter) && html.slice(comment.commentBefore.length, html.length - comment.commentAfter.length);
  return inside === false ? null : nodeMarkup(classicContent(inside, node.attrs?.autop === true, comment));
});
readsBackWith('classic paragraph', (html) => {
  const node = onlyClassicNode(html);
  return node && nodeMarkup(node);
});

/**
 * A Classic block written with its comment (`<!-- wp:freeform -->`): its HTML read as classic
 * content, the comment held as read around it, so an edit changes only what the writer changed.
 */
export function commentedClassic(html: string, source: string): JSONContent | null {
  const after = /<!--\s+\/wp:(?:core\/)?freeform\s+-->$/.exec(source)?.[0] ?? '';
  const before = source.slice(0, source.length - after.length - html.length);
  if (after === '' || `${before}${html}${after}` !== source) return null;
  // The spacing inside the comment is the comment's: HTML written anew stands in it as read.
  const inside = html.trim();
  const leading = html.slice(0, html.indexOf(inside));
  const node = classicContent(inside, false, { commentBefore: `${before}${leading}`, commentAfter: `${html.slice(leading.length + inside.length)}${after}` });
  return withSource(node, source, nodeMarkup(node));
}
