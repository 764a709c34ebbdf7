// A block the block editor does not register (a plugin's, or one since removed): kept as read,
// its box (kept-markup.ts) saying what the block editor's Missing block says, with its "Keep as
// HTML" and a button to remove it (missing-block-actions.ts).
import { parse } from '@wordpress/block-serialization-default-parser';
import { REGISTERED_BLOCKS } from './registered-blocks.ts';
import type { ParsedBlock } from './split-blocks.ts';

export interface MissingBlock {
  /** Its name as the block parser reads it (core blocks with "core/"). */
  name: string;
  /** Its HTML as read, its inner blocks' without their comments, trimmed: as the Missing block's conversion takes it. */
  html: string;
}

/** The unregistered block kept markup is, or null (HTML, a registered block). */
export function missingBlock(markup: string): MissingBlock | null {
  if (!/^\s*<!--\s+wp:/.test(markup)) return null;
  const [block] = parse(markup.trim());
  const name = block?.blockName;
  return name && !REGISTERED_BLOCKS.has(name) ? { name, html: undelimited(block) } : null;
}

/** A block's HTML with its inner blocks' in their places, without block comments, each trimmed (as the block editor's parser normalises and re-serialises them). */
function undelimited(block: ParsedBlock): string {
  let inner = 0;
  return block.innerContent.map((chunk) => chunk ?? undelimited(block.innerBlocks[inner++])).join('').trim();
}

/** The block editor's words for it (the Missing block's, WordPress 6.1). */
export function missingMessage({ name, html }: MissingBlock): string {
  const choices = html ? 'leave this block intact, convert its content to a Custom HTML block, or remove it entirely' : 'leave this block intact or remove it entirely';
  return `Your site doesn’t include support for the "${name}" block. You can ${choices}.`;
}

/** The actions a missing block's box offers (kept-markup.ts draws them). */
export const MISSING_ACTION = 'data-missing-action';
export const KEEP_AS_HTML = 'keep-as-html';
export const REMOVE = 'remove';
