// The group block (`core/group`): a block container, its own HTML held around the blocks it holds;
// its colours and its alignment (wide or full) set from the block's toolbar. A new one is made as
// the block editor makes it, constrained, holding an empty paragraph.
import { attributesOf, madeBlocks, newBlockMarkup, type BlockDefinition, type WrittenSource } from './block-definition.ts';
import { NEW_PARAGRAPH } from './paragraph-block.ts';
import { COVER_BLOCK, madeCover } from './cover-block.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';

export const GROUP = 'core/group';

/** The group's preset background colours its transform to a cover moves onto the cover's overlay, with the class each writes. */
const MOVED_ONTO_COVER = [['backgroundColor', 'background-color'], ['gradient', 'gradient-background']] as const;

/** The group as written with its preset background colours taken off (its attributes and their classes, `has-background` with them: a custom one keeps it as written). */
function withoutBackground(block: ParsedBlock, source: string): string {
  const attributes = attributesOf(block);
  const taken = new Set(['has-background', ...MOVED_ONTO_COVER.map(([name, kind]) => `has-${String(attributes[name])}-${kind}`)]);
  const kept = Object.fromEntries(Object.entries(attributes).filter(([name]) => !MOVED_ONTO_COVER.some(([moved]) => moved === name)));
  const html = source.slice(source.indexOf('-->') + 3).replace(/^(\s*<[a-z][\w-]*[^>]*?\sclass=")([^"]*)"/, (_, start: string, classes: string) => `${start}${classes.split(' ').filter((name) => !taken.has(name)).join(' ')}"`);
  return `<!-- wp:group${Object.keys(kept).length > 0 ? ` ${serializeBlockAttributes(kept)}` : ''} -->${html}`;
}

/**
 * A group turned into a cover holding it, as the block editor's transform does: its preset background colour or
 * gradient moved onto the cover's overlay (whole; else half dimmed), its alignment the cover's too (its anchor too:
 * carriesAnchor); null for one holding a cover alone, or setting custom colours (not made here yet).
 */
function coverOfGroup(block: ParsedBlock, source: string): string | null {
  const attributes = attributesOf(block);
  const { align, backgroundColor, gradient } = attributes;
  const [only] = block.innerBlocks;
  const coloured = typeof attributes.style === 'object' && attributes.style !== null && 'color' in attributes.style;
  if ((block.innerBlocks.length === 1 && only.blockName === COVER_BLOCK) || coloured) return null;
  const moved = backgroundColor !== undefined || gradient !== undefined;
  const made = { dimRatio: moved ? undefined : 50, overlayColor: backgroundColor, gradient, align };
  return madeCover(Object.fromEntries(Object.entries(made).filter(([, value]) => value !== undefined)), '', moved ? withoutBackground(block, source) : source);
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
