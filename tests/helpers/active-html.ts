// What in HTML could run script, load something, submit or send a reader elsewhere, as the
// HTML standard's parser reads it (parse5, the parser jsdom uses; a jsdom document for each of
// the thousands of texts the filter tests check made them take minutes).
import { defaultTreeAdapter as tree, parse, type DefaultTreeAdapterTypes as Html } from 'parse5';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
/** Elements that run, load or submit something, or change how the page around them is read. */
const ACTIVE_ELEMENTS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'style', 'link', 'meta', 'base', 'form',
  'input', 'select', 'svg', 'math', 'template', 'noscript', 'isindex', 'xmp', 'image', 'body', 'head', 'html', 'plaintext', 'noembed',
]);
/** The attributes a browser reads as an address (the site's filter's, and older and SVG ones). */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'action', 'formaction', 'background', 'poster', 'cite', 'longdesc', 'data', 'dynsrc', 'lowsrc', 'srcset', 'xlink:href', 'usemap', 'ping', 'codebase', 'classid', 'icon', 'manifest', 'profile', 'archive']);
const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|data):/i;

/** Whether a style (its spaces and controls taken out) loads something no page should: an address of a script scheme or data, an empty one (the page itself), or one it cannot read as a plain address. */
const activeCssUrl = (compact: string) => [...compact.matchAll(/url\(/gi)].some(({ index }) => {
  const address = /^url\((['"]?)([^'"()]*)\1\)/i.exec(compact.slice(index))?.[2];
  return address === undefined || address === '' || SCRIPT_SCHEME.test(address);
});

/** The elements under `node`, in document order (a template's content is not among them, as in the DOM). */
function* elementsUnder(node: Html.ParentNode): Generator<Html.Element> {
  for (const child of node.childNodes) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    yield* elementsUnder(child);
  }
}

/** An element's name, namespace and attributes (a prefixed one by its qualified name), as parse5 and the DOM both give them. */
export interface ElementParts {
  name: string;
  namespace: string | null;
  attributes: Iterable<{ name: string; value: string }>;
}

/**
 * In a page that shows HTML sanitised as the site shows it (the editor's read-only boxes): SVG and
 * MathML are judged by their parts (kses drops them whole, so text the site's filter let through
 * holds none), and a template is inert, its content never drawn. What in them animates, runs or
 * holds HTML is still active.
 */
const SHOWN_FOREIGN = new Set(['svg', 'math', 'template']);
const ACTIVE_IN_FOREIGN = new Set(['animate', 'animatemotion', 'animatetransform', 'set', 'foreignobject', 'script', 'style', 'handler', 'listener', 'discard']);

/** The one rule: what of an element is active, whichever parser built it (`inPage`: in the editor's page, see SHOWN_FOREIGN; there a post's element may not lie over the page either). */
function activeOf({ name: tagName, namespace, attributes }: ElementParts, inPage = false): string[] {
  const found: string[] = [];
  if (inPage) {
    if (ACTIVE_IN_FOREIGN.has(tagName.toLowerCase()) || (ACTIVE_ELEMENTS.has(tagName) && !SHOWN_FOREIGN.has(tagName))) found.push(`<${tagName}>`);
  } else {
    if (namespace !== HTML_NS) found.push(`<${tagName}> outside HTML`);
    if (ACTIVE_ELEMENTS.has(tagName)) found.push(`<${tagName}>`);
  }
  for (const { name, value } of attributes) {
    const compact = value.replace(/[\u0000-\u0020]/g, '');
    if (/^on/i.test(name)) found.push(`${name}=`);
    if (name === 'srcdoc' || name === 'formaction' || name === 'srcset') found.push(`${name}=`);
    if (URL_ATTRIBUTES.has(name) && SCRIPT_SCHEME.test(compact)) found.push(`${name}=${value}`);
    if (name === 'style' && (/expression|javascript:|vbscript:|@import|binding|behavior|\\/i.test(value) || activeCssUrl(compact))) found.push(`style=${value}`);
    if (inPage && name === 'style' && /(?:^|;)\s*position\s*:\s*(?:fixed|absolute)/i.test(value)) found.push(`style=${value} (over the page)`);
  }
  return found;
}

function activeElementParts(element: Html.Element): string[] {
  const attributes = element.attrs.map((attribute) => ({ name: attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name, value: attribute.value }));
  return activeOf({ name: element.tagName, namespace: element.namespaceURI, attributes });
}

/**
 * What is active in a live DOM: `root` and every element under it, every attribute as the page
 * holds it (the editor's page, not its HTML read again by a parser), sanitised SVG and MathML
 * judged by their parts.
 */
export function activePartsOfDom(root: Element): string[] {
  return activePartsOfElements([root, ...root.querySelectorAll('*')].map((element) => ({ name: element.localName, namespace: element.namespaceURI, attributes: element.attributes })));
}

/** The same, of a page's elements read out of it (a browser's, by an end-to-end test). */
export function activePartsOfElements(elements: readonly ElementParts[]): string[] {
  return elements.flatMap((element) => activeOf(element, true).map((part) => `${part} in <${element.name}>`));
}

/** The head and body elements of a whole document as the parser builds it. */
export function documentParts(html: string): { head: Html.Element; body: Html.Element } {
  const root = parse(html).childNodes.find(tree.isElementNode)!;
  const [head, body] = root.childNodes.filter(tree.isElementNode);
  return { head: head!, body: body! };
}

/** What is active in a piece of HTML placed in a page's body. */
export function activeParts(html: string): string[] {
  const { head, body } = documentParts(`<body>${html}`);
  const found = head.childNodes.length > 0 ? ['content in <head>'] : [];
  for (const element of elementsUnder(body)) found.push(...activeElementParts(element));
  return found;
}

/**
 * What is active in a whole page of the site beyond the page's own frame: in its head only a
 * charset and a title, in its body only the page's own leading style sheet.
 */
export function activePartsOfPage(html: string): string[] {
  const { head, body } = documentParts(html);
  const found: string[] = [];
  for (const element of elementsUnder(head)) {
    const frame = element.tagName === 'title' || (element.tagName === 'meta' && element.attrs.length === 1 && element.attrs[0]!.name === 'charset');
    if (!frame) found.push(`<${element.tagName}> in <head>`);
  }
  const ownStyle = body.childNodes.find(tree.isElementNode);
  for (const element of elementsUnder(body)) if (element !== ownStyle || element.tagName !== 'style') found.push(...activeElementParts(element));
  return found;
}
