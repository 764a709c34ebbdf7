// A button block's link: the address in its link element's opening tag, read and changed in
// place, where the block editor writes it (after the class).
import { escapeAttribute } from './inline-html.ts';

const HREF = /\shref="([^"]*)"/;

/** The address a button's opening tag links to ('' for none), with its entities read. */
export function buttonHref(openTag: string): string {
  const href = HREF.exec(openTag)?.[1] ?? '';
  // The link is the body's one element: no selector (in jsdom, a selector run on a new document leaves a listener on the window).
  return new DOMParser().parseFromString(`<!doctype html><body><a href="${href}"></a></body>`, 'text/html').body.firstElementChild?.getAttribute('href') ?? '';
}

/** The opening tag linking to `href` (opening where it did), or to nothing when it is '' (its target and rel go with the link). */
export function withButtonHref(openTag: string, href: string): string {
  if (href === '') return openTag.replace(HREF, '').replace(/\starget="[^"]*"/, '').replace(/\srel="[^"]*"/, '');
  const bare = openTag.replace(HREF, '');
  const attribute = ` href="${escapeAttribute(href)}"`;
  return /\sclass="[^"]*"/.test(bare) ? bare.replace(/(\sclass="[^"]*")/, `$1${attribute}`) : bare.replace(/^<a/, `<a${attribute}`);
}
