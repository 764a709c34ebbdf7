// The group block (`core/group`): a block container, its own HTML held around the blocks it holds;
// its colours and its alignment (wide or full) set from the block's toolbar. A new one is made as
// the block editor makes it, constrained, holding an empty paragraph.
import { attributesOf, newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { NEW_PARAGRAPH } from './paragraph-block.ts';

export const GROUP = 'core/group';

export const groupBlock: BlockDefinition = {
  containers: [GROUP],
  nesting: { [GROUP]: { standsEmpty: true } },
  colours: { [GROUP]: { title: 'Group', text: true, link: true } },
  alignments: { [GROUP]: { title: 'Group', options: ['wide', 'full'] } },
  // Any block grouped, as the block editor's Group does: the group takes the block's alignment when wide or full.
  transforms: {
    '*': [{
      to: GROUP,
      title: 'Group',
      make: (block, source) => {
        const { align: own } = attributesOf(block);
        const align = own === 'wide' || own === 'full' ? own : null;
        return newBlockMarkup('group', `<div class="wp-block-group${align ? ` align${align}` : ''}">${source}</div>`, { ...(align ? { align } : {}), layout: { type: 'constrained' } });
      },
    }],
  },
  inserter: [{ title: 'Group', keywords: 'container section wrapper', after: 'Columns (3)', markup: newBlockMarkup('group', `<div class="wp-block-group">${NEW_PARAGRAPH}</div>`, { layout: { type: 'constrained' } }) }],
};
