// The transforms the block editor offers between the site's dynamic blocks (issue 29): archives and
// a calendar, categories and a tag cloud, a site logo and title, each way. Its transforms make the
// other block new, none of the attributes of the block turned carried over; the site logo's and
// title's carry their link (isLink, linkTarget), so one setting its link is not turned here yet.
import { attributesOf, type BlockDefinition, type BlockTransform } from './block-definition.ts';
import { DYNAMIC_BLOCKS, newDynamicBlock } from './dynamic-blocks.ts';
import type { ParsedBlock } from './split-blocks.ts';

/** The pairs turned into each other, and whether their transforms carry the link. */
const PAIRS: readonly [string, string, boolean][] = [
  ['core/archives', 'core/calendar', false],
  ['core/categories', 'core/tag-cloud', false],
  ['core/site-logo', 'core/site-title', true],
];

/** The transform to `to`, a new block of it, from a block of its pair (one setting its link: null where the link is carried). */
const newOne = (to: string, carriesLink: boolean): BlockTransform => ({
  to,
  title: DYNAMIC_BLOCKS[to].title,
  make: (block: ParsedBlock) => {
    const { isLink, linkTarget } = attributesOf(block);
    return carriesLink && (isLink !== undefined || linkTarget !== undefined) ? null : newDynamicBlock(to);
  },
});

export const dynamicTransforms: BlockDefinition = {
  transforms: Object.fromEntries(PAIRS.flatMap(([one, other, carriesLink]) => [[one, [newOne(other, carriesLink)]], [other, [newOne(one, carriesLink)]]])),
};
