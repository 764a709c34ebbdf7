// A block comment the block parser rejects (`<!-- wp:core/invalid-Capitals /-->`: capitals,
// special characters, a name starting with a digit …) is classic HTML to it. The block editor
// keeps it in a Classic block shown as an empty classic editor and saves it byte for byte; here
// classic content holds it in an unshown node, written back as read (freeform-nodes.ts reads it).
import { Node, type JSONContent } from '@tiptap/core';
import { dataAttribute } from './nodes.ts';

export const HELD_COMMENT = 'heldComment';

/** A comment shaped as a block's opening or closing comment (which, in classic content, the parser did not take for one). */
const BLOCK_COMMENT_SHAPE = /^<!--\s*\/?wp:[\s\S]*-->$/;

/** The held comment for `comment` (an HTML comment as read), or null when it is not shaped as a block comment. */
export function heldComment(comment: string): JSONContent | null {
  return BLOCK_COMMENT_SHAPE.test(comment) ? { type: HELD_COMMENT, attrs: { markup: comment } } : null;
}

/** Its markup, written as read. */
export const heldCommentMarkup = (node: JSONContent) => String(node.attrs?.markup ?? '');

export const HeldComment = Node.create({
  name: HELD_COMMENT,
  group: 'block',
  atom: true,
  selectable: false,
  addAttributes() {
    return { markup: dataAttribute('markup', '', String) };
  },
  parseHTML() {
    return [{ tag: 'div[data-held-comment]' }];
  },
  // Not shown: the site shows nothing of a comment.
  renderHTML({ HTMLAttributes }) {
    return ['div', { ...HTMLAttributes, 'data-held-comment': '', hidden: '' }];
  },
  renderText: () => '',
});
