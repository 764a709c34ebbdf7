// A remote site's own look as a template: one of its published pages (its theme's page),
// with the title and the content area found by the usual theme markers and marked for the
// preview's own title and content, everything that could run, redirect or re-base the page
// removed, and the page made self-contained: each stylesheet inlined with the fonts and images
// it needs, each image the page shows (img, video poster, image input, SVG image, background)
// a reference to the look's saved file, and every other address that would load or send
// something (media, frames, links, forms, sprites) dropped.
import { DomUtils, parseDocument } from 'htmlparser2';
import { Element, Text, type ChildNode, type Document } from 'domhandler';
import { restyle, webAddress, type LookFiles } from './look-styles.ts';

/** Where the preview's title goes (as text) and its content (as HTML). */
export const TITLE_MARK = 'inkwell-look-title-7c1e';
export const CONTENT_MARK = 'inkwell-look-content-7c1e';

/** The theme's markers, most specific first: block themes, then classic themes' classes, then the page's structure. */
const TITLE_PLACES = ['.wp-block-post-title', '.entry-title', '.post-title', 'article h1', 'main h1', 'h1'];
const CONTENT_PLACES = ['.wp-block-post-content', '.entry-content', '.post-content', 'article', 'main'];

/** Elements that run, embed, load media, redirect or re-base a page, or (SVG animation) set an address later; the preview needs none. */
const DROPPED = new Set(['script', 'noscript', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'template', 'source', 'track', 'set', 'animate', 'animatemotion', 'animatetransform']);
/** Attributes that hold an address a load, a click or a submission would follow (a `url(…)` in any other attribute counts too). */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'imagesrcset', 'poster', 'data', 'xlink:href', 'background', 'lowsrc', 'dynsrc', 'longdesc', 'action', 'formaction', 'ping', 'cite', 'manifest', 'codebase', 'archive', 'icon', 'profile', 'classid', 'srcdoc']);
/** Where an attribute shows an image: kept as the saved image's data. */
const IMAGE_ATTRIBUTES: Record<string, string[]> = { img: ['src'], input: ['src'], video: ['poster'], image: ['href', 'xlink:href', 'src'], feimage: ['href', 'xlink:href'] };
/** The remote post's comments are not the previewed item's: block themes' and classic themes' comment areas. */
const COMMENTS = ['wp-block-comments', 'wp-block-post-comments', 'wp-block-post-comments-form', 'comments-area'];

function matches(element: Element, place: string): boolean {
  const [scope, tag] = place.split(' ');
  if (tag) return element.name === tag && hasAncestor(element, (ancestor) => ancestor.name === scope);
  if (place.startsWith('.')) return (element.attribs.class ?? '').split(/\s+/).includes(place.slice(1));
  return element.name === place;
}

function hasAncestor(element: Element, test: (ancestor: Element) => boolean): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent instanceof Element && test(parent)) return true;
  return false;
}

function firstOf(document: Document, places: string[]): Element | null {
  for (const place of places) {
    const found = DomUtils.findOne((element) => matches(element, place), document.children, true);
    if (found) return found;
  }
  return null;
}

/** Removes what could run, redirect or re-base, and every handler; returns the address relative links resolve against (the page's own `<base>`, as a browser would). */
function disarm(document: Document, pageUrl: string): string {
  const base = DomUtils.findOne((element) => element.name === 'base' && element.attribs.href !== undefined, document.children, true);
  const baseUrl = (base && webAddress(base.attribs.href, pageUrl)) ?? pageUrl;
  for (const element of DomUtils.findAll(() => true, document.children)) {
    const link = element.name === 'link' && !/(^|\s)stylesheet(\s|$)/i.test(element.attribs.rel ?? '');
    const comments = element.attribs.id === 'comments' || (element.attribs.class ?? '').split(/\s+/).some((name) => COMMENTS.includes(name));
    if (DROPPED.has(element.name) || link || comments || (element.name === 'meta' && element.attribs['http-equiv'] !== undefined)) {
      DomUtils.removeElement(element);
      continue;
    }
    for (const name of Object.keys(element.attribs)) if (/^on/i.test(name)) delete element.attribs[name];
  }
  return baseUrl;
}

function isImageAttribute(element: Element, name: string): boolean {
  return name === 'background' || (IMAGE_ATTRIBUTES[element.name]?.includes(name) ?? false);
}

/** An address attribute's new value: a saved image, an in-page fragment or inline image data kept; null drops it. */
async function keptAddress(element: Element, name: string, value: string, baseUrl: string, files: LookFiles): Promise<string | null> {
  if (/^\s*#/.test(value) && (name === 'href' || name === 'xlink:href')) return value;
  if (!isImageAttribute(element, name)) return null;
  if (/^\s*data:image\//i.test(value)) return value;
  const url = webAddress(value, baseUrl);
  return url && (await files.file(url));
}

/** Every stylesheet inlined, every image saved, every other address dropped: the template loads nothing when drawn. */
async function keepAssets(document: Document, baseUrl: string, files: LookFiles): Promise<void> {
  for (const element of DomUtils.findAll(() => true, document.children)) {
    if (element.name === 'link') {
      const url = webAddress(element.attribs.href ?? '', baseUrl);
      const css = url ? await files.stylesheet(url) : null;
      if (css === null || !url) {
        DomUtils.removeElement(element);
        continue;
      }
      const style = new Element('style', element.attribs.media ? { media: element.attribs.media } : {}, [new Text(await restyle(css, url, files))]);
      DomUtils.replaceElement(element, style);
      continue;
    }
    if (element.name === 'style') {
      const text = DomUtils.textContent(element);
      element.children = [];
      DomUtils.appendChild(element, new Text(await restyle(text, baseUrl, files)));
    }
    for (const [name, value] of Object.entries(element.attribs)) {
      if (name === 'style') element.attribs.style = await restyle(value, baseUrl, files, true);
      else if (ADDRESS_ATTRIBUTES.has(name)) {
        const kept = await keptAddress(element, name, value, baseUrl, files);
        if (kept === null) delete element.attribs[name];
        else element.attribs[name] = kept;
      } else if (/url\s*\(/i.test(value) && !/^\s*url\(\s*['"]?#[^)]*\)\s*$/i.test(value)) {
        // SVG presentation attributes (fill, filter, mask …) may name another document.
        delete element.attribs[name];
      }
    }
  }
}

function replaceChildren(element: Element, children: ChildNode[]): void {
  for (const child of [...element.children]) DomUtils.removeElement(child);
  for (const child of children) DomUtils.appendChild(element, child);
}

/** The page as a template with TITLE_MARK and CONTENT_MARK where the preview's title and content go. */
export async function buildTemplate(html: string, pageUrl: string, files: LookFiles): Promise<string> {
  const document = parseDocument(html, { decodeEntities: true });
  const baseUrl = disarm(document, pageUrl);
  const content = firstOf(document, CONTENT_PLACES);
  if (!content) throw new Error('The site’s page has no area for the content that could be found (no entry content, article or main).');
  const found = firstOf(document, TITLE_PLACES);
  const title = found && !hasAncestor(found, (ancestor) => ancestor === content) ? found : null;
  if (title) replaceChildren(title, [new Text(TITLE_MARK)]);
  // A title inside the content area (the article itself) or none at all: the content starts with one.
  replaceChildren(content, title ? [new Text(CONTENT_MARK)] : [titleElement(found), new Text(CONTENT_MARK)]);
  const pageTitle = DomUtils.findOne((element) => element.name === 'title', document.children, true);
  if (pageTitle) replaceChildren(pageTitle, [new Text(TITLE_MARK)]);
  await keepAssets(document, baseUrl, files);
  return DomUtils.getOuterHTML(document, { decodeEntities: true, encodeEntities: 'utf8' });
}

function titleElement(found: Element | null): Element {
  return new Element(found?.name ?? 'h1', found?.attribs.class ? { class: found.attribs.class } : {}, [new Text(TITLE_MARK)]);
}
