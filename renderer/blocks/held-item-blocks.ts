// Block HTML standing in a list item of classic content (`<li><h3>…</h3></li>`, a paragraph, a
// quote, a division, a table …). The block editor's list item is rich text, which keeps an element
// it has no format for around its words, and its raw handler makes the `<li>`'s HTML the item's
// content (so Convert to blocks keeps it there). Here each such element is a held inline mark
// (held-inline.ts) around its words: they stay editable in the item, and the element is written
// back around them as read, in classic content and after Convert to blocks. An element holding no
// words (a rule, an image) or anything but words, marks and such elements is read as before.
import { HELD_BLOCK_DATA, HELD_DATA, HELD_ITEM_BLOCK_NAMES, HELD_ITEM_BLOCK_TAGS, NESTED_DATA, holdAttributesOf, holdsOnlyAttributes } from './held-inline.ts';

const ITEM_BLOCKS: ReadonlySet<string> = new Set(HELD_ITEM_BLOCK_TAGS.map((tag) => tag.toUpperCase()));

/** Elements whose text is their children's alone: whitespace directly in one (the site's paragraph forming puts line breaks there) is dropped, other text leaves the element as read before. */
const NO_TEXT_OF_THEIR_OWN: ReadonlySet<string> = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'DL']);

/** Whether an element is an inline element the editor holds (its rules, html-rules.ts). */
export type IsPhrasing = (element: Element) => boolean;

/** Whether an element of block HTML in an item is held as marks: words in it, its attributes ones a mark holds (or its id), nothing under it but words, marks and further such elements. */
function holdable(element: Element, isPhrasing: IsPhrasing): boolean {
  if (!ITEM_BLOCKS.has(element.tagName) || !holdsOnlyAttributes(element, HELD_ITEM_BLOCK_NAMES) || ((element.textContent ?? '').trim() === '' && !element.querySelector(`img[${HELD_DATA}]`))) return false;
  if (NO_TEXT_OF_THEIR_OWN.has(element.tagName) && [...element.childNodes].some((child) => child.nodeType === child.TEXT_NODE && (child.textContent ?? '').trim() !== '')) return false;
  return [...element.children].every((child) => (ITEM_BLOCKS.has(child.tagName) ? holdable(child, isPhrasing) : isPhrasing(child)));
}

/** Marks the block elements held in the list items under `container` (its own too) for the held inline mark's reading, each numbered in its item so two side by side stay two. */
export function holdItemBlocks(container: Element, isPhrasing: IsPhrasing): void {
  const items = container.tagName === 'LI' ? [container] : [...container.querySelectorAll('li')];
  for (const item of items) {
    const held = [...item.children].filter((child) => holdable(child, isPhrasing)).flatMap((block) => [block, ...[...block.querySelectorAll('*')].filter((inner) => ITEM_BLOCKS.has(inner.tagName))]);
    held.forEach((block, index) => {
      if (NO_TEXT_OF_THEIR_OWN.has(block.tagName)) for (const child of [...block.childNodes]) if (child.nodeType === child.TEXT_NODE) child.remove();
      holdAttributesOf(block);
      block.setAttribute(HELD_BLOCK_DATA, block.tagName.toLowerCase());
      block.setAttribute(NESTED_DATA, String(index + 1));
    });
  }
}

/** Whether an element is one so held, as the rules see it (its attributes held). */
export const isHeldItemBlockElement = (element: Element) => element.hasAttribute(HELD_BLOCK_DATA) && [...element.attributes].every((attribute) => [HELD_DATA, HELD_BLOCK_DATA, NESTED_DATA].includes(attribute.name));
