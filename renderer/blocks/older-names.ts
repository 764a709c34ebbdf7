// Blocks under the names they had before they were renamed, read by the block editor's parser as
// the current block (its convertLegacyBlockNameAndAttributes): a social icon of one service's own
// block (core/social-link-<service>) is the social icon naming its service; the comments query
// loop (core/comments-query-loop) is the comments block, keeping its old class as its className;
// the post's comments (core/post-comments) are the comments block kept for classic themes (`legacy`).
import type { ParsedBlock } from './split-blocks.ts';
import { currentContainer, inDeclaredOrder } from './older-form-parts.ts';
import { DYNAMIC_BLOCKS } from './dynamic-blocks.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';

const SOCIAL_LINK_PREFIX = 'core/social-link-';
const QUERY_LOOP_CLASS = 'wp-block-comments-query-loop';

/** A block holding no HTML under its current name with these attributes added (in the order its type declares them), or null when it holds HTML or an attribute its type does not declare. */
function renamedEmptyBlock(block: ParsedBlock, name: string, added: Record<string, unknown>): string | null {
  const declared = Object.keys(DYNAMIC_BLOCKS[name].attributes);
  const attributes = { ...(block.attrs ?? {}), ...added };
  if (block.innerHTML.trim() !== '' || block.innerBlocks.length > 0 || !Object.keys(attributes).every((key) => declared.includes(key))) return null;
  return `<!-- wp:${name.replace(/^core\//, '')} ${serializeBlockAttributes(inDeclaredOrder(attributes, declared))} /-->`;
}

/** The comments query loop: the comments block, its old class kept first in its className, its element given the comments block's class. */
function currentCommentsQueryLoop(block: ParsedBlock, source: string): string | null {
  const className = typeof block.attrs?.className === 'string' ? block.attrs.className : '';
  if (className.includes(QUERY_LOOP_CLASS)) return null;
  const attributes = { ...block.attrs, className: `${QUERY_LOOP_CLASS} ${className}` };
  const opening = (html: string) => (html.includes(` class="${QUERY_LOOP_CLASS}`) ? html.replace(` class="${QUERY_LOOP_CLASS}`, ` class="wp-block-comments ${QUERY_LOOP_CLASS}`) : null);
  return currentContainer({ ...block, blockName: 'core/comments' }, source, attributes, opening, (html) => html);
}

/** The block's markup under its current name, when it is under an older one the editor migrates; else null. */
export function currentName(block: ParsedBlock, source: string): string | null {
  const name = block.blockName ?? '';
  if (name.startsWith(SOCIAL_LINK_PREFIX)) return renamedEmptyBlock(block, 'core/social-link', { service: name.slice(SOCIAL_LINK_PREFIX.length) });
  if (name === 'core/post-comments') return renamedEmptyBlock(block, 'core/comments', { legacy: true });
  if (name === 'core/comments-query-loop') return currentCommentsQueryLoop(block, source);
  return null;
}
