// The blocks a dynamic block holds as read (a menu's links and submenus, the comments' title,
// comment template and its author, date and links, a pagination's links and page numbers), each
// set on its own (issue 29): an edit rewrites that block's comment alone, as the block editor
// writes the block with its new attributes, and keeps every other byte of the holder as read.
import { parse } from '@wordpress/block-serialization-default-parser';
import { topLevelRanges } from '../../shared/block-ranges.ts';
import { DYNAMIC_BLOCKS, dynamicBlockMarkup, readDynamicBlock } from './dynamic-blocks.ts';

export interface HeldBlock {
  name: string;
  attributes: Record<string, unknown>;
  /** Where its markup stands in the holder's inner markup. */
  start: number;
  end: number;
  /** How deep it stands: 0 for a block the holder holds itself. */
  depth: number;
  /** The blocks it holds as read (a submenu's links), or null. */
  inner: string | null;
  /** Whether the writer sets it here: a dynamic block the editor reads, with settings. */
  settable: boolean;
}

/** The opening comment of a block's markup (its attributes' JSON holds no `-->`: serialised, `>` is escaped). */
const OPENING = /^<!--[\s\S]*?-->/;

/** Blocks whose own blocks are set elsewhere, by holder: a query loop's post template (query-template.ts). */
export const SET_ELSEWHERE: Readonly<Record<string, readonly string[]>> = { 'core/query': ['core/post-template'] };

/** Every block the holder `name` holds in `inner`, at any depth, in their order (those a block SET_ELSEWHERE holds left out). */
export function heldBlocks(name: string, inner: string | null): HeldBlock[] {
  const skipInside = SET_ELSEWHERE[name] ?? [];
  const found: HeldBlock[] = [];
  const visit = (markup: string, offset: number, depth: number) => {
    for (const range of topLevelRanges(markup)) {
      if (range.kind !== 'block') continue;
      const source = markup.slice(range.start, range.end);
      const [block] = parse(source);
      const name = block.blockName ?? '';
      const node = Object.hasOwn(DYNAMIC_BLOCKS, name) ? readDynamicBlock(block, source) : null;
      const held = typeof node?.attrs?.inner === 'string' ? node.attrs.inner : null;
      found.push({ name, attributes: (block.attrs ?? {}) as Record<string, unknown>, start: offset + range.start, end: offset + range.end, depth, inner: held, settable: node !== null && DYNAMIC_BLOCKS[name].settings.length > 0 });
      const opening = OPENING.exec(source)?.[0] ?? '';
      const closing = source.lastIndexOf('<!-- /wp:');
      if (!skipInside.includes(name) && !opening.endsWith('/-->') && closing > opening.length) visit(source.slice(opening.length, closing), offset + range.start + opening.length, depth + 1);
    }
  };
  if (inner !== null) visit(inner, 0, 0);
  return found;
}

/** The holder's inner markup with `block` (one of heldBlocks') given these attributes, written as the block editor writes it. */
export function withHeldBlockSet(inner: string, block: HeldBlock, attributes: Record<string, unknown>): string {
  return inner.slice(0, block.start) + dynamicBlockMarkup({ attrs: { name: block.name, blockAttributes: attributes, inner: block.inner } }) + inner.slice(block.end);
}
