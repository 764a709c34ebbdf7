// What a dynamic block's definition says (renderer/blocks/dynamic-blocks.ts, post-blocks.ts):
// its attributes as the block type declares them, the settings the writer changes, the words
// the inserter finds it by.

export type Setting =
  | { path: string; label: string; kind: 'number'; min: number; max: number }
  | { path: string; label: string; kind: 'boolean' }
  | { path: string; label: string; kind: 'text' }
  | { path: string; label: string; kind: 'choice'; choices: readonly (readonly [value: string | number, label: string])[] };

export interface DynamicBlockType {
  title: string;
  /** Other words a writer may search the inserter by. */
  keywords: string;
  /** Every attribute the block type declares, in its order, with its default (undefined: none). */
  attributes: Readonly<Record<string, unknown>>;
  settings: readonly Setting[];
  /** Whether it holds inner blocks (kept as read) between its comments. */
  holdsBlocks?: boolean;
  /**
   * For a block holding its inner blocks inside an element of its own (a query loop's `<div
   * class="wp-block-query">`): that element as the block editor writes it for a new one. One
   * read self-closing is read only with none but `plainAttributes` (which do not show in the
   * element), and gets this on its first change, as the block editor's save gives it.
   */
  madeInner?: string;
  plainAttributes?: readonly string[];
  /** The attribute whose value true makes the save write no element of its own (the comments block kept for a classic theme, `legacy`): such a block stays self-closing. */
  elementlessWhen?: string;
  /** The block it is made in (a social icon in the social icons, a post's title in a query loop's post template), when the inserter does not offer it on its own. */
  parent?: string;
}

/** Attributes the style and layout supports add, in the order they follow a block's own. */
export const styled = (names: string[]) => Object.fromEntries(names.map((name) => [name, undefined]));
export const COLOURS_AND_FONTS = ['backgroundColor', 'textColor', 'gradient', 'fontFamily', 'fontSize'];
/** A block made elsewhere (in one of the site's templates, or chosen among the site's synced patterns), not by the inserter. */
export const IN_SITE_TEMPLATE = 'core/template';
export const HEADING_LEVELS = [[0, 'Paragraph'], [1, 'H1'], [2, 'H2'], [3, 'H3'], [4, 'H4'], [5, 'H5'], [6, 'H6']] as const;
