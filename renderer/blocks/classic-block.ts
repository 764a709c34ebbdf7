// Classic content (a post without blocks, or HTML between blocks) as one Classic block, as the
// block editor keeps it: its HTML is written back exactly as read until the writer edits inside
// it, and then only their change goes in it (see block-source.ts). Its paragraphs, headings and
// lists are edited in place; it becomes blocks only when the writer converts it.
import type { JSONContent } from '@tiptap/core';
import { autop } from '@wordpress/autop';
import { readsBackWith, withSource } from './block-source.ts';
import { freeformNodes } from './freeform-nodes.ts';
import { nodeMarkup } from './serialize-blocks.ts';

/**
 * The Classic block for `html`; `formsParagraphs` when it is the whole post, which the site
 * shows with paragraphs formed from its line breaks (so it is read that way).
 */
function classicContent(html: string, formsParagraphs: boolean): JSONContent {
  const content = freeformNodes(formsParagraphs ? autop(html) : html);
  return { type: 'classicBlock', attrs: { autop: formsParagraphs }, content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

export function classicNode(html: string, formsParagraphs: boolean): JSONContent {
  const node = classicContent(html, formsParagraphs);
  return withSource(node, html, nodeMarkup(node));
}

readsBackWith('classic', (html, node) => nodeMarkup(classicContent(html, node.attrs?.autop === true)));
