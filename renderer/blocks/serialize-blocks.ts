// Writes an editor document as block markup, exactly as the block editor saves the blocks
// it models; blocks and HTML it does not model are written back as they were read.
import type { JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { sourceOrWritten } from './block-source.ts';
import { richBlockHtml, richPartHtml } from './rich-blocks.ts';
import { CLASSIC_CAPTION } from './caption-shortcode.ts';
import { CLASSIC_FIGURE } from './classic-figure.ts';
import { serializeBlockAttributes as serializeAttributes } from '../../shared/block-attributes.ts';
import { joinedAsRead } from './document-layout.ts';
import { writtenOnce } from './written-once.ts';
import { dynamicBlockMarkup } from './dynamic-blocks.ts';
import { definedBlockWritten } from './defined-blocks.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { HELD_COMMENT, heldCommentMarkup } from './held-comment.ts';
import { withoutBlockComments } from './block-comments.ts';

/** A block as the block serializer writes it (core blocks without their namespace). */
export function blockMarkup(qualifiedName: string, attrs: Record<string, unknown>, inner: string): string {
  const name = qualifiedName.replace(/^core\//, '');
  const json = Object.keys(attrs).length > 0 ? ` ${serializeAttributes(attrs)}` : '';
  return `<!-- wp:${name}${json} -->\n${inner}\n<!-- /wp:${name} -->`;
}

/** A block of rich text as the block serializer writes it: its comment alone where its save writes nothing (an audio block without a file). */
export function richBlockMarkup(qualifiedName: string, attrs: Record<string, unknown>, inner: string): string {
  if (inner !== '') return blockMarkup(qualifiedName, attrs, inner);
  const json = Object.keys(attrs).length > 0 ? ` ${serializeAttributes(attrs)}` : '';
  return `<!-- wp:${qualifiedName.replace(/^core\//, '')}${json} /-->`;
}

/** Inner blocks are separated as the block serializer separates them. */
/** What the serialiser writes between inner blocks. */
export const BLOCK_SPACING = '\n\n';

/** Inner blocks' markup, with the spacing read between them where there is one for each gap (else the serialiser's own). */
function innerBlocksMarkup(nodes: JSONContent[], spacing?: unknown): string {
  const read = Array.isArray(spacing) && spacing.length === nodes.length - 1 ? (spacing as string[]) : [];
  return nodes.map((node, index) => `${index > 0 ? (read[index - 1] ?? BLOCK_SPACING) : ''}${nodeMarkup(node)}`).join('');
}

/** A block holding blocks (a group, columns, a column): its own HTML held as read, around its inner blocks as they are now. */
function containerMarkup(container: JSONContent): string {
  const { name, blockAttributes, opening, closing, spacing } = container.attrs ?? {};
  const content = container.content ?? [];
  // A details block's summary stands before its blocks, a gallery's caption after them.
  const first = content[0]?.type === 'richPart' ? content[0] : null;
  const last = content.length > 1 && content[content.length - 1].type === 'captionPart' ? content[content.length - 1] : null;
  const blocks = content.filter((node) => node !== first && node !== last);
  return blockMarkup(String(name), (blockAttributes ?? {}) as Record<string, unknown>, `${String(opening)}${richPartHtml(first)}${innerBlocksMarkup(blocks, spacing)}${richPartHtml(last)}${String(closing)}`);
}

/** A node's markup: its source when it is an untouched block read from markup (see block-source.ts). */
export function nodeMarkup(node: JSONContent): string {
  return sourceOrWritten(node, writtenMarkup(node));
}

/** A block of classic content as classic HTML: without block comments, a held comment as read (it is shaped as a block comment, and no block's). */
export const classicPartMarkup = (node: JSONContent): string => (node.type === HELD_COMMENT ? heldCommentMarkup(node) : withoutBlockComments(nodeMarkup(node)));

function writtenMarkup(node: JSONContent): string {
  switch (node.type) {
    case 'blockContainer':
      return containerMarkup(node);
    case 'richBlock':
      // A classic caption shortcode or captioned figure is written as it is, without block comments.
      if (node.attrs?.name === CLASSIC_CAPTION || node.attrs?.name === CLASSIC_FIGURE) return richBlockHtml(node);
      return richBlockMarkup(String(node.attrs?.name), (node.attrs?.blockAttributes ?? {}) as Record<string, unknown>, richBlockHtml(node));
    case 'dynamicBlock':
      return dynamicBlockMarkup(node);
    case 'unknownBlock':
      return String(node.attrs?.markup ?? '');
    case HELD_COMMENT:
      return heldCommentMarkup(node);
    case 'classicBlock':
      // Its paragraphs with the spacing read between them (new ones a blank line apart), in its comment as read if it had one.
      return `${String(node.attrs?.commentBefore ?? '')}${joinedAsRead((node.content ?? []).map((child) => ({ markup: classicPartMarkup(child), gap: child.attrs?.gap, readAt: child.attrs?.readAt })), null)}${String(node.attrs?.commentAfter ?? '')}`;
    default:
      return definedMarkup(node);
  }
}

/** A block defined in its own module (defined-blocks.ts); one without HTML is a self-closing comment, as the block serializer writes it. */
function definedMarkup(node: JSONContent): string {
  const written = definedBlockWritten(node, innerBlocksMarkup);
  if (!written) return '';
  const { name, attributes, html, closed } = written;
  const json = Object.keys(attributes).length > 0 ? ` ${serializeAttributes(attributes)}` : '';
  return html === '' && !closed ? `<!-- wp:${name.replace(/^core\//, '')}${json} /-->` : blockMarkup(name, attributes, html);
}

/** A top-level block of either form of a document. */
interface TopBlock { type: string; empty: boolean; attrs: Record<string, unknown>; markup: () => string }

const fromJson = (node: JSONContent): TopBlock => ({ type: node.type ?? '', empty: !node.content?.length, attrs: node.attrs ?? {}, markup: () => nodeMarkup(node) });
const fromEditor = (node: PmNode): TopBlock => ({ type: node.type.name, empty: node.content.size === 0, attrs: node.attrs, markup: () => writtenOnce(node, nodeMarkup) });

/** An empty paragraph the editor made (one read from the post is the post's). */
const isMadeEmptyParagraph = (block: TopBlock) => block.type === PARAGRAPH_NODE && block.empty && typeof block.attrs.source !== 'string';

/**
 * A document as block markup: the editor's own document (a block unchanged since the last
 * time costs nothing), or its JSON. Empty paragraphs the editor made at the end (it keeps one
 * there to type into) are not content; the spacing read stays (document-layout.ts).
 */
export function docToMarkup(doc: JSONContent | PmNode): string {
  const blocks: TopBlock[] = 'nodeSize' in doc ? doc.children.map(fromEditor) : (doc.content ?? []).map(fromJson);
  while (blocks.length > 0 && isMadeEmptyParagraph(blocks[blocks.length - 1])) blocks.pop();
  // A post of classic content stays classic until the writer converts it: what they add beside it is classic HTML too, or the site would stop forming its paragraphs.
  const classicPost = blocks.some((block) => block.type === 'classicBlock' && block.attrs.autop === true);
  return joinedAsRead(
    blocks.map((block) => ({ markup: classicPost ? withoutBlockComments(block.markup()) : block.markup(), gap: block.attrs.gap, readAt: block.attrs.readAt })),
    doc.attrs?.trailing,
  );
}
