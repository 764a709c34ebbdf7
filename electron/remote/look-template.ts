// A remote site's own look as a template: one of its published pages (its theme's page),
// with the title and the content area found by the usual theme markers and marked for the
// preview's own title and content, everything that could run, redirect or re-base the page
// removed, and each stylesheet inlined with the fonts and images it needs (and the page's
// images) turned into references to the look's saved files.
import { DomUtils, parseDocument } from 'htmlparser2';
import { Element, Text, type ChildNode, type Document } from 'domhandler';
import { restyle, type LookFiles } from './look-styles.ts';

/** Where the preview's title goes (as text) and its content (as HTML). */
export const TITLE_MARK = 'inkwell-look-title-7c1e';
export const CONTENT_MARK = 'inkwell-look-content-7c1e';


/** The theme's markers, most specific first: block themes, then classic themes' classes, then the page's structure. */
const TITLE_PLACES = ['.wp-block-post-title', '.entry-title', '.post-title', 'article h1', 'main h1', 'h1'];
const CONTENT_PLACES = ['.wp-block-post-content', '.entry-content', '.post-content', 'article', 'main'];

/** Elements that run, embed, redirect or re-base a page; the preview frame needs none of them. */
const DROPPED = new Set(['script', 'noscript', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'template']);
/** Attributes that hold a URL a click or a load would follow. */
const URL_ATTRIBUTES = ['href', 'src', 'poster', 'data', 'xlink:href', 'background'];
/** Attributes that load or send something a preview never needs: a frame's inline page, pings, where forms go. */
const SENDING_ATTRIBUTES = new Set(['srcdoc', 'ping', 'action', 'formaction']);
const RUNNABLE_URL = /^\s*(javascript|vbscript|data\s*:\s*text\/html)/i;
/** The remote post's comments are not the previewed item's: block themes' and classic themes' comment areas. */
const COMMENTS = ['wp-block-comments', 'wp-block-post-comments', 'wp-block-post-comments-form', 'comments-area'];

function matches(element: Element, place: string): boolean {
  const [scope, tag] = place.split(' ');
  if (tag) return element.name === tag && hasAncestor(element, scope);
  if (place.startsWith('.')) return (element.attribs.class ?? '').split(/\s+/).includes(place.slice(1));
  return element.name === place;
}

function hasAncestor(element: Element, name: string): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent instanceof Element && parent.name === name) return true;
  return false;
}

function inside(element: Element, container: Element): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent === container) return true;
  return false;
}

function firstOf(document: Document, places: string[]): Element | null {
  for (const place of places) {
    const found = DomUtils.findOne((element) => matches(element, place), document.children, true);
    if (found) return found;
  }
  return null;
}

function absolute(value: string, base: string): string | null {
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Removes what could run, redirect or re-base; returns the address relative links resolve against (the page's own `<base>`, as a browser would). */
function disarm(document: Document, pageUrl: string): string {
  const base = DomUtils.findOne((element) => element.name === 'base' && element.attribs.href !== undefined, document.children, true);
  const baseUrl = (base && absolute(base.attribs.href, pageUrl)) ?? pageUrl;
  for (const element of DomUtils.findAll(() => true, document.children)) {
    const link = element.name === 'link' && !/(^|\s)stylesheet(\s|$)/i.test(element.attribs.rel ?? '');
    const comments = element.attribs.id === 'comments' || (element.attribs.class ?? '').split(/\s+/).some((name) => COMMENTS.includes(name));
    if (DROPPED.has(element.name) || link || comments || (element.name === 'meta' && element.attribs['http-equiv'] !== undefined)) {
      DomUtils.removeElement(element);
      continue;
    }
    for (const name of Object.keys(element.attribs)) {
      const value = element.attribs[name];
      if (/^on/i.test(name) || SENDING_ATTRIBUTES.has(name) || (URL_ATTRIBUTES.includes(name) && RUNNABLE_URL.test(value))) delete element.attribs[name];
    }
  }
  return baseUrl;
}

/** Every stylesheet inlined, every image saved: the template needs nothing from the remote to be drawn. */
async function keepAssets(document: Document, baseUrl: string, files: LookFiles): Promise<void> {
  for (const element of DomUtils.findAll(() => true, document.children)) {
    if (element.name === 'link') {
      const url = absolute(element.attribs.href ?? '', baseUrl);
      const css = url ? await files.stylesheet(url) : null;
      if (css === null || !url) {
        DomUtils.removeElement(element);
        continue;
      }
      const style = new Element('style', element.attribs.media ? { media: element.attribs.media } : {}, [new Text(await restyle(css, url, files))]);
      DomUtils.replaceElement(element, style);
    } else if (element.name === 'style') {
      const text = DomUtils.textContent(element);
      element.children = [];
      DomUtils.appendChild(element, new Text(await restyle(text, baseUrl, files)));
    } else if (element.name === 'source' && element.parent instanceof Element && element.parent.name === 'picture') {
      // The picture's own img stays; its alternatives would be fetched from the remote.
      DomUtils.removeElement(element);
      continue;
    }
    if (element.attribs.style) element.attribs.style = await restyle(element.attribs.style, baseUrl, files, true);
    if (element.name === 'img') {
      delete element.attribs.srcset;
      delete element.attribs.sizes;
      delete element.attribs.loading;
    }
    for (const name of URL_ATTRIBUTES) {
      const value = element.attribs[name];
      if (value === undefined) continue;
      const url = absolute(value, baseUrl);
      if (!url) {
        // In-page anchors and inline images (runnable data was dropped with the page's scripts) stay.
        if (!value.startsWith('#') && !/^\s*data:image\//i.test(value)) delete element.attribs[name];
        continue;
      }
      element.attribs[name] = (element.name === 'img' && name === 'src' ? await files.file(url) : null) ?? url;
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
  const title = found && !inside(found, content) ? found : null;
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
