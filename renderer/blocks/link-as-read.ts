// A link as read: its attributes in the order they were written (`<a title="…" href="…">`, as
// WordPress's editor wrote a caption's link), and those it holds beyond its own (a class, a style, a
// language … as themes and plugins write them: `<a class="lightbox" href="…" target="_blank">`),
// which the block editor's rich text keeps as read and the image block takes the class of. The link
// writes them in that order (inline-html.ts), so a link read is written back as read and classic
// content holding one stays editable. A link the editor makes, or one read in the editor's own
// order, holds no order; one pasted from elsewhere holds nothing more, as the block editor's paste
// keeps none of it.
import { Extension } from '@tiptap/core';
import { HELD_NAMES, heldAttribute, holdAttributesOf } from './held-inline.ts';

/** The attributes a link writes of its own (inline-html.ts), in the editor's own order. */
const LINK_NAMES = ['href', 'target', 'rel', 'title'];

/** What a link holds beyond its own attributes: what a held element holds (held-inline.ts), the link's title its own. */
export const LINK_HELD_NAMES: ReadonlySet<string> = new Set([...HELD_NAMES].filter((name) => !LINK_NAMES.includes(name)));

/** Every attribute a link's element may carry as the editor holds it. */
export const LINK_ATTRIBUTE_NAMES: ReadonlySet<string> = new Set([...LINK_NAMES, ...LINK_HELD_NAMES]);

const ORDER_DATA = 'data-link-order';

/** The link's attributes in the order written, or null when that is the editor's own (its own attributes in its order, then those it holds as read). */
function orderOf(element: Element): string[] | null {
  const read = [...element.attributes].map((attribute) => attribute.name).filter((name) => LINK_ATTRIBUTE_NAMES.has(name));
  const own = [...LINK_NAMES.filter((name) => read.includes(name)), ...read.filter((name) => LINK_HELD_NAMES.has(name))];
  return read.join(' ') === own.join(' ') ? null : read;
}

/** The link's attributes in the order read (as its holding noted it, or as it stands). */
const orderRead = (element: HTMLElement) => element.getAttribute(ORDER_DATA)?.split(' ') ?? orderOf(element);

/** The link's written attributes (name and value) in the order it was read in, when it holds one. */
export function inOrderRead<T extends readonly [string, string]>(order: unknown, attributes: T[]): T[] {
  if (!Array.isArray(order)) return attributes;
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...attributes].sort((a, b) => rank(a[0]) - rank(b[0]));
}

/**
 * Moves what each link under `container` holds beyond its own attributes into the data attribute
 * it reads them from, noting the order read, before the schema reads HTML from a post
 * (html-nodes.ts), as held-inline.ts does for other elements: there a style is the link's look, not
 * bold or italic. A paste does not come through here, so a link pasted from elsewhere holds none.
 */
export function holdLinkAttributes(container: Element): void {
  for (const link of container.querySelectorAll('a')) {
    if (![...link.attributes].some((attribute) => LINK_HELD_NAMES.has(attribute.name))) continue;
    const order = orderOf(link);
    if (order) link.setAttribute(ORDER_DATA, order.join(' '));
    holdAttributesOf(link, LINK_HELD_NAMES);
  }
}

export const LinkAsRead = Extension.create({
  name: 'linkAsRead',
  addGlobalAttributes: () => [
    {
      types: ['link'],
      attributes: {
        order: { default: null, parseHTML: orderRead, renderHTML: (attributes) => (Array.isArray(attributes.order) ? { [ORDER_DATA]: attributes.order.join(' ') } : {}) },
        held: heldAttribute(LINK_HELD_NAMES),
      },
    },
  ],
});
