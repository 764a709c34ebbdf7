// The details block (`core/details`): a block container whose summary, before its blocks, is rich
// text the writer types; open by default or not from the block's toolbar (showContent and the
// `open` attribute, as the block editor writes them); aligned wide or full.
import { newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import { NEW_PARAGRAPH, newParagraph } from './paragraph-block.ts';
import { withAttribute } from './block-align.ts';
import { madeBlocks, type WrittenSource } from './block-definition.ts';

export const DETAILS = 'core/details';

/** Blocks put in a details block, its summary empty, as the block editor's transform from any blocks does. */
const detailsOf = (blocks: readonly WrittenSource[]) => newBlockMarkup('details', `<details class="wp-block-details"><summary></summary>${madeBlocks(blocks.map(({ source }) => source))}</details>`);

type Attributes = Record<string, unknown>;

/** A details block shown open in the page or closed (its summary only). */
export function withDetailsOpen(attributes: Attributes | null, opening: string, open: boolean): { blockAttributes: Attributes | null; opening: string } {
  const next = withAttribute(attributes ?? {}, 'showContent', open, 'first');
  const closed = opening.replace(/\sopen(?=[\s>])/, '');
  return { blockAttributes: Object.keys(next).length > 0 ? next : null, opening: open ? closed.replace(/>$/, ' open>') : closed };
}

/** Its block type's template, which the block editor fills one holding no block with: an empty paragraph showing "Type / to add a hidden block". */
const DETAILS_TEMPLATE = newParagraph('<p></p>', { placeholder: 'Type / to add a hidden block' });

export const detailsBlock: BlockDefinition = {
  containers: [DETAILS],
  placeholders: { [DETAILS]: ['Write summary…'] },
  nesting: { [DETAILS]: { standsEmpty: true, template: DETAILS_TEMPLATE } },
  textBefore: {
    [DETAILS]: (opening) => {
      const summary = /^(\s*<details[^>]*>)<summary>([\s\S]*)<\/summary>$/.exec(opening);
      return summary && { held: summary[1], open: '<summary>', text: summary[2], close: '</summary>' };
    },
  },
  alignments: { [DETAILS]: { title: 'Details', options: ['wide', 'full'] } },
  // Any block, or several selected.
  transforms: { '*': [{ to: DETAILS, title: 'Details', make: (block, source) => detailsOf([{ block, source }]), several: detailsOf }] },
  inserter: [{ title: 'Details', keywords: 'summary toggle disclosure faq hidden', after: 'Buttons', markup: newBlockMarkup('details', `<details class="wp-block-details"><summary></summary>${NEW_PARAGRAPH}</details>`) }],
};
