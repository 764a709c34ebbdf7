// How classic content's reading (freeform-nodes.ts) marks a box of parts and its parts, and a list
// standing in it, for the schema's reading and the rules (classic-box.ts, classic-list.ts,
// html-rules.ts): apart, so the rules need not import the nodes.

/** The attribute a box's element (its opening tag as read) and each part's (the whitespace before it and its opening tag) are marked with for reading. */
export const BOX_DATA = 'data-classic-box';
export const PART_DATA = 'data-classic-part';

/** The parts each box holds. */
export const BOX_PARTS: Readonly<Record<string, readonly string[]>> = { DIV: ['P'], DL: ['DT', 'DD'] };

/** The attribute an element standing in classic content whose block writes a class of its own is marked with, its opening tag as written (the node's classic mark, classic-mark.ts). */
export const CLASSIC_DATA = 'data-classic';

/**
 * The attributes an item of such a list (or of a list in it) and the list are marked with: the
 * whitespace read before the item, before the element's closing tag, before an item's nested list.
 */
export const SPACE_BEFORE_DATA = 'data-space-before';
export const SPACE_BEFORE_END_DATA = 'data-space-before-end';
export const SPACE_BEFORE_LIST_DATA = 'data-space-before-list';
