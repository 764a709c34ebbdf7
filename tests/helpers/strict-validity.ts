// The block editor's strict judge of saved markup: `validateBlock` from @wordpress/blocks on
// every block and inner block, which (unlike `parse().isValid` here) rejects a block whose HTML
// is not what its save function writes for its attributes (issue 29).
import { blockEditor } from './block-editor.ts';

interface ParsedWpBlock {
  name: string;
  innerBlocks: ParsedWpBlock[];
}
interface StrictBlocks {
  parse(markup: string): ParsedWpBlock[];
  validateBlock(block: ParsedWpBlock): [boolean, unknown[]];
}

/** Names of the blocks in `markup` that the block editor's validator rejects, innermost last. */
export function strictlyInvalid(markup: string): string[] {
  const wp = blockEditor() as unknown as StrictBlocks;
  const invalid: string[] = [];
  const visit = (blocks: ParsedWpBlock[]) => {
    for (const block of blocks) {
      if (!wp.validateBlock(block)[0]) invalid.push(block.name);
      visit(block.innerBlocks);
    }
  };
  const { error, warn, info } = console;
  console.error = console.warn = console.info = () => {};
  try {
    visit(wp.parse(markup));
  } finally {
    Object.assign(console, { error, warn, info });
  }
  return invalid;
}
