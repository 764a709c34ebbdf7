// Blocks under the names they had before they were renamed, read by the block editor's parser as
// the current block (its convertLegacyBlockNameAndAttributes): a social icon of one service's own
// block (core/social-link-<service>) is the social icon naming its service; the comments query
// loop (core/comments-query-loop) is the comments block, keeping its old class as its className.
import type { ParsedBlock } from './split-blocks.ts';
import { currentContainer, inDeclaredOrder } from './older-form-parts.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';

/** core/social-link's attributes in the order the block type declares them (checked against the block editor by the test). */
export const SOCIAL_LINK_ATTRIBUTES = ['url', 'service', 'label', 'rel', 'lock', 'anchor', 'className', 'style', 'metadata'];

const SOCIAL_LINK_PREFIX = 'core/social-link-';
const QUERY_LOOP_CLASS = 'wp-block-comments-query-loop';

/** A social icon of one service's own block: the social icon naming that service (it holds no HTML, as before). */
function currentSocialLink(block: ParsedBlock): string | null {
  const attributes = { ...(block.attrs ?? {}), service: (block.blockName ?? '').slice(SOCIAL_LINK_PREFIX.length) };
  if (block.innerHTML.trim() !== '' || block.innerBlocks.length > 0 || !Object.keys(attributes).every((name) => SOCIAL_LINK_ATTRIBUTES.includes(name))) return null;
  return `<!-- wp:social-link ${serializeBlockAttributes(inDeclaredOrder(attributes, SOCIAL_LINK_ATTRIBUTES))} /-->`;
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
  if (name.startsWith(SOCIAL_LINK_PREFIX)) return currentSocialLink(block);
  if (name === 'core/comments-query-loop') return currentCommentsQueryLoop(block, source);
  return null;
}
