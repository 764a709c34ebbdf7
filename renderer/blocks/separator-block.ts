// The separator block (`core/separator`): a rule between parts of a post. A new one is the
// block editor's own; one with a style or colours of its own keeps its rule as read. Its node is
// also what classic HTML's `<hr>` is read into (html-read-blocks.ts).
import HorizontalRule from '@tiptap/extension-horizontal-rule';
import type { JSONContent } from '@tiptap/core';
import { BLOCK_ATTRIBUTES, HELD_HTML } from './kept-attributes.ts';
import { type BlockDefinition, type WrittenBlock } from './block-definition.ts';
import { CLASSIC, CLASSIC_ATTRIBUTE, classicTag } from './classic-mark.ts';
import type { ParsedBlock } from './split-blocks.ts';

export const SEPARATOR_NAME = 'core/separator';
const NAME = SEPARATOR_NAME;
/** The block's node, which the formatting toolbar inserts. */
export const SEPARATOR_NODE = 'horizontalRule';
/** What the block editor saves for a new separator. */
const NEW_HTML = '<hr class="wp-block-separator has-alpha-channel-opacity"/>';

/** A separator as the editor writes a new one, or one whose rule is held as read (an `<hr>`, or the `<div>` its tag names); null keeps it as written. */
function readSeparator(block: ParsedBlock): JSONContent | null {
  if (block.innerBlocks.length > 0) return null;
  if (Object.keys(block.attrs ?? {}).length === 0 && block.innerHTML === `\n${NEW_HTML}\n`) return { type: SEPARATOR_NODE };
  const rule = block.attrs?.tagName === 'div' ? /^\s*<div [^>]*><\/div>\s*$/ : /^\s*<hr [^>]*\/?>\s*$/;
  return rule.test(block.innerHTML) ? { type: SEPARATOR_NODE, attrs: { blockAttributes: block.attrs, heldHtml: block.innerHTML.trim() } } : null;
}

function writeSeparator(node: JSONContent): WrittenBlock {
  const { heldHtml, blockAttributes } = node.attrs ?? {};
  // A rule of classic content stays as written there.
  const classic = classicTag(node);
  if (classic) return { name: NAME, attributes: {}, html: classic };
  if (typeof heldHtml === 'string') return { name: NAME, attributes: (blockAttributes ?? {}) as Record<string, unknown>, html: heldHtml };
  return { name: NAME, attributes: {}, html: NEW_HTML };
}

/** The rule, keeping its block's attributes and its rule as read (a style, colours). */
const Separator = HorizontalRule.extend({
  addAttributes() {
    return { ...this.parent?.(), blockAttributes: BLOCK_ATTRIBUTES, heldHtml: HELD_HTML, [CLASSIC]: CLASSIC_ATTRIBUTE };
  },
});

export const separatorBlock: BlockDefinition = {
  readers: { [NAME]: readSeparator },
  extensions: [Separator],
  writers: { [SEPARATOR_NODE]: writeSeparator },
  inserter: [{ title: 'Separator', keywords: 'horizontal rule line divider hr', markup: `<!-- wp:separator -->\n${NEW_HTML}\n<!-- /wp:separator -->`, after: 'Details' }],
  described: { [SEPARATOR_NODE]: () => 'a separator' },
  remembersReading: true,
};
