// The group block (`core/group`): a block container, its own HTML held around the blocks it holds;
// its colours and its alignment (wide or full) set from the block's toolbar. A new one is made as
// the block editor makes it, constrained, holding an empty paragraph.
import { attributesOf, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import { NEW_PARAGRAPH } from './paragraph-block.ts';
import { COVER_BLOCK, madeCover } from './cover-block.ts';
import type { ParsedBlock } from './split-blocks.ts';

export const GROUP = 'core/group';

/** The group's attributes its transform to a cover moves onto the cover (its colours, taken off the group), in forms not made here yet. */
const MOVED_ONTO_COVER = ['backgroundColor', 'gradient'];

/**
 * A group turned into a cover holding it, half dimmed, its alignment the cover's too (its anchor too: carriesAnchor),
 * as the block editor's transform does; null for one holding a cover alone, or whose colours the cover takes (not
 * made here yet).
 */
function coverOfGroup(block: ParsedBlock, source: string): string | null {
  const attributes = attributesOf(block);
  const [only] = block.innerBlocks;
  const coloured = typeof attributes.style === 'object' && attributes.style !== null && 'color' in attributes.style;
  if ((block.innerBlocks.length === 1 && only.blockName === COVER_BLOCK) || coloured || MOVED_ONTO_COVER.some((name) => attributes[name] !== undefined)) return null;
  return madeCover({ dimRatio: 50, ...(attributes.align === undefined ? {} : { align: attributes.align }) }, '', source);
}

/** Blocks grouped, as the block editor's Group does: the group takes the widest of their alignments when wide or full. */
function groupOf(blocks: readonly WrittenSource[]): string {
  const aligns = blocks.map(({ block }) => attributesOf(block).align);
  const align = aligns.includes('full') ? 'full' : aligns.includes('wide') ? 'wide' : null;
  return newBlockMarkup('group', `<div class="wp-block-group${align ? ` align${align}` : ''}">${madeBlocks(blocks.map(({ source }) => source))}</div>`, { ...(align ? { align } : {}), layout: { type: 'constrained' } });
}

export const groupBlock: BlockDefinition = {
  containers: [GROUP],
  nesting: { [GROUP]: { standsEmpty: true } },
  colours: { [GROUP]: { title: 'Group', text: true, link: true } },
  alignments: { [GROUP]: { title: 'Group', options: ['wide', 'full'] } },
  // Any block, or several selected, grouped.
  transforms: {
    [GROUP]: [{ to: COVER_BLOCK, title: 'Cover', make: coverOfGroup, carriesAnchor: true }],
    '*': [{ to: GROUP, title: 'Group', make: (block, source) => groupOf([{ block, source }]), several: groupOf }],
  },
  inserter: [{ title: 'Group', keywords: 'container section wrapper', after: 'Columns (3)', markup: newBlockMarkup('group', `<div class="wp-block-group">${NEW_PARAGRAPH}</div>`, { layout: { type: 'constrained' } }) }],
};
