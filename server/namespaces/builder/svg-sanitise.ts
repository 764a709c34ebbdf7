// Icons arrive as SVG files a user picked from anywhere: they are parsed as XML, refused
// unless they are an SVG document, and cleaned by DOMPurify's SVG profile on jsdom (the
// server DOM DOMPurify is tested on; it calls happy-dom unsafe). On top of DOMPurify's own
// rules, every reference must stay inside the icon: `href`s and `url(...)`s that point at
// another file or address are removed, and so are style sheets that import or fetch.
import type { DOMPurify } from 'dompurify';
import { createPurifier, domWindow, type DomWindow } from '../../dom-window.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Icons are small; a larger file is not an icon. */
export const MAX_SVG_BYTES = 1024 * 1024;

/** A file refused as an icon, with the reason a user can act on. */
export class SvgRefused extends Error {}

interface Sanitiser {
  window: DomWindow;
  purify: DOMPurify;
}

let sanitiser: Sanitiser | null = null;

/** A reference inside the icon: `#id`. */
function isLocalReference(value: string): boolean {
  return value.trim().startsWith('#');
}

/** Raster pictures embedded in the file: no request, no script. */
const EMBEDDED_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** CSS that fetches by other means than `url()`, or hides what it does behind escapes. */
const FETCHING_CSS = /@import|image-set\s*\(|\bsrc\s*\(|\\/i;

/** Whether every `url(...)` in a value (an attribute or a style sheet) points inside the icon. */
function urlsAreLocal(value: string): boolean {
  const opened = value.match(/url\s*\(/gi)?.length ?? 0;
  const targets = [...value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)].map((match) => match[2]);
  return targets.length === opened && targets.every(isLocalReference);
}

function cssIsLocal(css: string): boolean {
  return !FETCHING_CSS.test(css) && urlsAreLocal(css);
}

/**
 * What DOMPurify keeps may still point elsewhere (`href="https://…"`, `fill="url(https://…)"`):
 * remove every reference that leaves the icon, and style sheets that fetch.
 */
function keepReferencesInside(svg: Element): void {
  const elements = [svg, ...svg.querySelectorAll('*')];
  for (const element of elements) {
    if (element.localName === 'style' && !cssIsLocal(element.textContent ?? '')) {
      element.remove();
      continue;
    }
    for (const attribute of [...element.attributes]) {
      const name = attribute.localName.toLowerCase();
      const value = attribute.value;
      const allowed =
        name === 'href' || name === 'src'
          ? isLocalReference(value) || (element.localName === 'image' && EMBEDDED_IMAGE.test(value.trim()))
          : name === 'style'
            ? cssIsLocal(value)
            : urlsAreLocal(value) && !(/url\s*\(/i.test(value) && value.includes('\\'));
      if (!allowed) element.removeAttributeNode(attribute);
    }
  }
}

function createSanitiser(): Sanitiser {
  return { window: domWindow(), purify: createPurifier() };
}

/** Comments and processing instructions carry nothing an icon needs (and `<?xml-stylesheet?>` fetches). */
function removeNonElements(root: Node, window: DomWindow): void {
  const walker = root.ownerDocument!.createTreeWalker(root, window.NodeFilter.SHOW_COMMENT | window.NodeFilter.SHOW_PROCESSING_INSTRUCTION);
  const doomed: Node[] = [];
  while (walker.nextNode()) doomed.push(walker.currentNode);
  for (const node of doomed) node.parentNode?.removeChild(node);
}

function parseSvg(text: string, window: DomWindow): Element {
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (!root || root.localName === 'parsererror' || document.getElementsByTagName('parsererror').length > 0) {
    throw new SvgRefused(`not well-formed XML${root?.textContent ? ` (${root.textContent.trim().split('\n')[0]})` : ''}`);
  }
  if (root.localName !== 'svg') throw new SvgRefused(`its root element is <${root.localName}>, not <svg>`);
  return root;
}

/**
 * The cleaned markup of an SVG file, as a standalone SVG document (UTF-8 text without an
 * XML declaration). Throws SvgRefused for anything that is not an SVG image.
 */
export function sanitiseSvg(input: Buffer | string): string {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  if (bytes.length > MAX_SVG_BYTES) throw new SvgRefused(`larger than ${MAX_SVG_BYTES / 1024} KiB`);
  if (bytes.length === 0) throw new SvgRefused('empty');
  // Compressed (.svgz), UTF-16 or binary files are not SVG text.
  if (bytes.includes(0)) throw new SvgRefused('not a text file');
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
  if (text.includes('\uFFFD')) throw new SvgRefused('not UTF-8 text');

  sanitiser ??= createSanitiser();
  const { window, purify } = sanitiser;
  let root = parseSvg(text, window);
  // An inline SVG copied from a web page often lacks its namespace; give it the SVG one.
  if (root.namespaceURI === null && root.prefix === null && !root.hasAttribute('xmlns')) {
    root.setAttribute('xmlns', SVG_NS);
    root = parseSvg(new window.XMLSerializer().serializeToString(root), window);
  }
  if (root.namespaceURI !== SVG_NS) throw new SvgRefused('its root <svg> element is not in the SVG namespace');
  removeNonElements(root, window);

  // DOMPurify reads the markup as HTML would (foreign-content rules, tag case fixed) and
  // returns nodes; serialising them as XML gives a file that parses back to the same tree.
  const fragment = purify.sanitize(new window.XMLSerializer().serializeToString(root), {
    USE_PROFILES: { svg: true, svgFilters: true },
    // Symbols reused inside the icon; references to other files are removed by the hook.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'foreignobject', 'script', 'a'],
    RETURN_DOM_FRAGMENT: true,
  });
  // Markup that HTML parsing lifts out of the <svg> (an HTML element inside it) is left behind.
  const svg = fragment.firstElementChild;
  if (!svg || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NS) {
    throw new SvgRefused('nothing of it is a drawable SVG image');
  }
  keepReferencesInside(svg);
  const clean = new window.XMLSerializer().serializeToString(svg);
  // Last check: the result is itself a well-formed SVG document.
  parseSvg(clean, window);
  return clean;
}
