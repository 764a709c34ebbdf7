// The transforms the block editor offers between the site's dynamic blocks (issue 29): archives and
// a calendar, categories and a tag cloud, a site logo and title, each way. Its transforms make the
// other block new, none of the attributes of the block turned carried over but the site logo's and
// title's link (isLink, linkTarget), where it differs from the default both share, and what the block
// editor's supports carry: its class and name, and archives' and a calendar's preset colours and font size.
import { attributesOf, type BlockDefinition, type BlockTransform } from './block-definition.ts';
import { DYNAMIC_BLOCKS, dynamicBlockMarkup } from './dynamic-blocks.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { ONE_TO_ONE, carriedLook } from './text-block-markup.ts';

/** The pairs turned into each other, whether their transforms carry the link, and the presets both have (which the supports carry). */
const PAIRS: readonly [string, string, boolean, readonly string[]][] = [
  ['core/archives', 'core/calendar', false, ['backgroundColor', 'textColor', 'fontSize']],
  ['core/categories', 'core/tag-cloud', false, []],
  ['core/site-logo', 'core/site-title', true, []],
];

/** The link a site logo or title carries into the other: what it sets other than the default (a link to the home page, in the same tab). */
function carriedLink(block: ParsedBlock): Record<string, unknown> {
  const { isLink, linkTarget } = attributesOf(block);
  return { ...(isLink !== undefined && isLink !== true ? { isLink } : {}), ...(linkTarget !== undefined && linkTarget !== '_self' ? { linkTarget } : {}) };
}

/** The transform to `to`, a new block of it (with the link, where carried, and what the supports carry), from a block of its pair. */
const newOne = (to: string, carriesLink: boolean, presets: readonly string[]): BlockTransform => ({
  to,
  title: DYNAMIC_BLOCKS[to].title,
  make: (block: ParsedBlock) => dynamicBlockMarkup({ attrs: { name: to, blockAttributes: { ...(carriesLink ? carriedLink(block) : {}), ...carriedLook(block, [...presets, ...ONE_TO_ONE]).look }, inner: null } }),
});

/** The dynamic blocks' transforms, by the name of the block they turn (they have no definition of their own: dynamic-blocks.ts). */
export const DYNAMIC_TRANSFORMS: NonNullable<BlockDefinition['transforms']> = Object.fromEntries(PAIRS.flatMap(([one, other, carriesLink, presets]) => [[one, [newOne(other, carriesLink, presets)]], [other, [newOne(one, carriesLink, presets)]]]));
