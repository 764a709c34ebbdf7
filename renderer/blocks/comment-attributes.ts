// The attributes every block has whose save writes nothing into its HTML: its lock (whether it may be
// moved or removed) and its metadata (its name in the list view …). A block the editor reads holds
// them as read on its node and writes them back in its comment, after its own, as the block editor
// does; a block setting any other attribute its reader does not know stays as written.
import { BLOCK_ATTRIBUTES } from './kept-attributes.ts';

/** The attributes only a block's comment holds, in the order the block editor writes them. */
const COMMENT_ONLY = ['lock', 'metadata'];

const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The comment-only attributes among `attributes` (those a reader does not read itself), in their order as
 * read, or null when another is set or one is not an object (the block editor drops it as it reads the block,
 * so it would not be written back as read).
 */
export function commentOnly(attributes: Record<string, unknown>): Record<string, unknown> | null {
  const entries = Object.entries(attributes);
  return entries.every(([name, value]) => COMMENT_ONLY.includes(name) && isObject(value)) ? Object.fromEntries(entries) : null;
}

/** A node's attribute holding them (none: null), for its writer to write back (heldComment). */
export const COMMENT_ATTRIBUTES = { blockAttributes: BLOCK_ATTRIBUTES };

/** What a node read with them holds (commentOnly), none as null. */
export const commentAttrs = (held: Record<string, unknown>) => ({ blockAttributes: Object.keys(held).length > 0 ? held : null });

/** The comment-only attributes a node holds, to write after the block's own. */
export function heldComment(attrs: Record<string, unknown> | undefined): Record<string, unknown> {
  const held: unknown = attrs?.blockAttributes;
  return isObject(held) ? (held as Record<string, unknown>) : {};
}
