// A link's attributes in the order they were written (`<a title="…" href="…">`, as WordPress's
// editor wrote a caption's link): the link writes its own attributes in that order (inline-html.ts),
// so a link read is written back as read and a caption shortcode holding one stays editable.
// A link the editor makes, or one read in the editor's own order, holds none.
import { Extension } from '@tiptap/core';

/** The attributes a link writes (inline-html.ts), in the editor's own order. */
const LINK_NAMES = ['href', 'target', 'rel', 'title'];

const ORDER_DATA = 'data-link-order';

/** The link's attributes in the order read, or null when that is the editor's own. */
function orderRead(element: HTMLElement): string[] | null {
  const copied = element.getAttribute(ORDER_DATA);
  if (copied !== null) return copied.split(' ');
  const read = [...element.attributes].map((attribute) => attribute.name).filter((name) => LINK_NAMES.includes(name));
  const own = LINK_NAMES.filter((name) => read.includes(name));
  return read.join(' ') === own.join(' ') ? null : read;
}

/** The link's written attributes (name and value) in the order it was read in, when it holds one. */
export function inOrderRead<T extends readonly [string, string]>(order: unknown, attributes: T[]): T[] {
  if (!Array.isArray(order)) return attributes;
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...attributes].sort((a, b) => rank(a[0]) - rank(b[0]));
}

export const LinkOrder = Extension.create({
  name: 'linkOrder',
  addGlobalAttributes: () => [
    {
      types: ['link'],
      attributes: { order: { default: null, parseHTML: orderRead, renderHTML: (attributes) => (Array.isArray(attributes.order) ? { [ORDER_DATA]: attributes.order.join(' ') } : {}) } },
    },
  ],
});
