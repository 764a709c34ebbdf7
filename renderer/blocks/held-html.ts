// HTML the editor cannot hold standing in a list item (`<li>Words <form …>…</form> more</li>`, an
// iframe, a span with a handler …): the block editor's list item is rich text, which keeps such an
// element as it is, and its raw handler leaves it there (so Convert to blocks keeps it in the item).
// Here it is one inline piece of the item (`heldHtml`), held as read and written back byte for
// byte; the words around it stay editable. It is never live in the editor: shown as its element's
// name and its words, as text (held-html-node.ts).
//
// What a piece holds reaches the post as it stands, so a piece is read only from what the editor
// read itself: the editor's HTML names its markup by a key of this session's (unguessable, never
// the markup), so a paste from elsewhere posing as one is read as the words it shows.

export const HELD_HTML_NODE = 'heldHtml';

/** The attribute naming a piece's markup (by its key) in the editor's HTML. */
export const HELD_HTML_DATA = 'data-held-html';

/** This session's key prefix: a page cannot know it, so cannot name a piece. */
const SESSION = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
const markupByKey = new Map<string, string>();
const keyByMarkup = new Map<string, string>();

/** The key the editor's HTML names `markup` by (one per markup). */
export function keyOf(markup: string): string {
  let key = keyByMarkup.get(markup);
  if (key === undefined) {
    key = `${SESSION}-${markupByKey.size}`;
    markupByKey.set(key, markup);
    keyByMarkup.set(markup, key);
  }
  return key;
}

/** The markup a key of the editor's HTML names, or null for one this session never gave. */
export const markupOf = (element: Element): string | null => markupByKey.get(element.getAttribute(HELD_HTML_DATA) ?? '') ?? null;

/** Whether an element is a piece as the reading marks it: its key alone, a key of this session's. */
export const isHeldHtmlElement = (element: Element) => element.attributes.length === 1 && markupOf(element) !== null;

/** What the reading's rules say of an element: whether the editor holds it whole, and whether it holds the element itself (its tag and attributes, not what it holds). */
export interface ItemRules {
  follows: (element: Element) => boolean;
  allowsItself: (element: Element) => boolean;
}

/** The HTML of each element in the list items under `container` (its own too) as read, before the reading's steps mark them. */
export function itemHtmlAsRead(container: Element): ReadonlyMap<Element, string> {
  const items = container.tagName === 'LI' ? [container] : [...container.querySelectorAll('li')];
  return new Map(items.flatMap((item) => [...item.querySelectorAll('*')].map((element): [Element, string] => [element, element.outerHTML])));
}

/**
 * Each element in the list items under `container` (its own too) that the editor cannot hold made
 * a piece: replaced by the element the piece reads, its HTML as read (`asRead`, else as the DOM
 * writes it). Run after the other holding steps (the elements they mark are then ones the rules allow).
 */
export function holdItemHtml(container: Element, rules: ItemRules, asRead: ReadonlyMap<Element, string> = new Map()): void {
  const items = container.tagName === 'LI' ? [container] : [...container.querySelectorAll('li')];
  const hold = (parent: Element) => {
    for (const child of [...parent.children]) {
      // (A list in the item: its own items are held in turn.)
      if (child.tagName === 'UL' || child.tagName === 'OL' || rules.follows(child)) continue;
      if (rules.allowsItself(child)) {
        hold(child);
        continue;
      }
      const piece = child.ownerDocument.createElement('span');
      piece.setAttribute(HELD_HTML_DATA, keyOf(asRead.get(child) ?? child.outerHTML));
      child.replaceWith(piece);
    }
  };
  items.forEach(hold);
}
