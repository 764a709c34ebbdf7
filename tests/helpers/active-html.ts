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
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'background', 'poster', 'cite', 'longdesc', 'data', 'dynsrc', 'lowsrc', 'srcset', 'xlink:href', 'usemap']);
const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|data):/i;

/** The elements under `node`, in document order (a template's content is not among them, as in the DOM). */
function* elementsUnder(node: Html.ParentNode): Generator<Html.Element> {
  for (const child of node.childNodes) {
    if (!tree.isElementNode(child)) continue;
    yield child;
    yield* elementsUnder(child);
  }
}

function activeElementParts(element: Html.Element): string[] {
  const found: string[] = [];
  if (element.namespaceURI !== HTML_NS) found.push(`<${element.tagName}> outside HTML`);
  if (ACTIVE_ELEMENTS.has(element.tagName)) found.push(`<${element.tagName}>`);
  for (const attribute of element.attrs) {
    const name = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
    const { value } = attribute;
    const compact = value.replace(/[\u0000-\u0020]/g, '');
    if (/^on/i.test(name)) found.push(`${name}=`);
    if (name === 'srcdoc' || name === 'formaction' || name === 'srcset') found.push(`${name}=`);
    if (URL_ATTRIBUTES.has(name) && SCRIPT_SCHEME.test(compact)) found.push(`${name}=${value}`);
    if (name === 'style' && /expression|javascript:|vbscript:|url\(|binding|behavior|\\/i.test(value)) found.push(`style=${value}`);
  }
  return found;
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
