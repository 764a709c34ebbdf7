// How classic content's reading (freeform-nodes.ts) marks a box of parts and its parts, and a list
// standing in it, for the schema's reading and the rules (classic-box.ts, classic-list.ts,
// html-rules.ts): apart, so the rules need not import the nodes.

/** The attribute a box's element (its opening tag as read) and each part's (the whitespace before it and its opening tag) are marked with for reading. */
export const BOX_DATA = 'data-classic-box';
export const PART_DATA = 'data-classic-part';

/** The parts each box holds. */
export const BOX_PARTS: Readonly<Record<string, readonly string[]>> = { DIV: ['P'], DL: ['DT', 'DD'] };

/** The attribute a list standing in classic content is marked with (the list node's `classicList`). */
export const CLASSIC_LIST_DATA = 'data-classic-list';

/**
 * The attributes an item of such a list (or of a list in it) and the list are marked with: the
 * whitespace read before the item, before the element's closing tag, before an item's nested list.
 */
export const SPACE_BEFORE_DATA = 'data-space-before';
export const SPACE_BEFORE_END_DATA = 'data-space-before-end';
export const SPACE_BEFORE_LIST_DATA = 'data-space-before-list';
