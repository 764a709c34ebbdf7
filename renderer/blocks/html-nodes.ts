// HTML read into editor nodes through the editor's own schema, so loading makes exactly the
// nodes the editor would make from the same HTML pasted in.
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { builtInExtensions } from './built-in-extensions.ts';
import { PARAGRAPH_BLOCK_HTML, PARAGRAPH_HTML, contentFollows, type ElementRules } from './html-rules.ts';
import type { HtmlReading } from './block-definition.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { holdInlineAttributes } from './held-inline.ts';
import { holdImages, withImagesAsRead } from './held-image.ts';
import { holdLinkAttributes } from './link-as-read.ts';

let schemaParser: SchemaParser | null = null;
let readingDocument: Document | null = null;
let parsingDocument: Document | null = null;

/**
 * Tags whose meaning in a whole document differs from inside a body: the body's attributes, a
 * frameset in its place, a comment after the body's end. HTML holding one is parsed as a document.
 */
const DOCUMENT_TAGS = /<\/?(?:body|html|frameset)/i;

/**
 * The body of an HTML document holding `html`, for reading with the DOM, adopted by one inert
 * document kept for reading: selectors (the schema's parse rules) run in that one. jsdom gives each
 * document that runs a selector an engine that listens on the window for good, so a document per
 * read made every later read slower (the unit tests).
 */
export function htmlBody(html: string): HTMLElement {
  readingDocument ??= document.implementation.createHTMLDocument('');
  return readingDocument.adoptNode(parsedBody(html));
}

/**
 * `<!doctype html><body>${html}</body>` parsed, its body. Parsing a new document each time was a
 * fifth of reading markup into the editor (jsdom builds a whole document): the same body is parsed
 * as a body's inner HTML in one document kept for it (scripting disabled, as DOMParser's are), the
 * closing `</body>` kept so that an element left open whose content is text (a textarea) ends alike.
 */
function parsedBody(html: string): HTMLElement {
  if (DOCUMENT_TAGS.test(html)) return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body;
  parsingDocument ??= new DOMParser().parseFromString('<!doctype html>', 'text/html');
  const body = parsingDocument.createElement('body');
  body.innerHTML = `${html}</body>`;
  return body;
}

/** A space typed after a line break, as the editor writes it (`<br> words`); a line's own spacing after one (`<br />` then a newline) is not. */
const TYPED_SPACE_AFTER_BREAK = /^ [^ \t\n\r\f]/;

/**
 * The space written after each line break of `container` kept as text, as the block editor's rich
 * text keeps it: ProseMirror's parser drops whitespace starting a text after a `<br>`, so a break
 * typed before a space could not be read back. An empty text between them is no `<br>` before it.
 */
function keepSpaceAfterBreaks(container: Element): void {
  for (const lineBreak of [...container.getElementsByTagName('br')]) {
    const next = lineBreak.nextSibling;
    if (next?.nodeType === 3 && TYPED_SPACE_AFTER_BREAK.test(next.nodeValue ?? '')) lineBreak.after(container.ownerDocument.createTextNode(''));
  }
}

/**
 * The editor's nodes for everything under `container` (its inline elements' attributes held by the
 * marks: held-inline.ts). The schema is built once: building it per block made long posts slow to open.
 */
export function schemaNodes(container: Element): JSONContent[] {
  schemaParser ??= SchemaParser.fromSchema(getSchema(builtInExtensions));
  holdInlineAttributes(container);
  holdLinkAttributes(container);
  keepSpaceAfterBreaks(container);
  return (schemaParser.parse(container).toJSON() as JSONContent).content ?? [];
}

/** The one node of `type` that `html` makes, or null when it holds anything the rules do not allow or makes anything else; `prepare` marks what the rules then allow (held-image.ts). */
export function onlyNode(html: string, rules: ElementRules, type: string, prepare?: (body: Element) => void): JSONContent | null {
  const body = htmlBody(html);
  prepare?.(body);
  if (!contentFollows(body, rules)) return null;
  const nodes = schemaNodes(body);
  return nodes.length === 1 && nodes[0].type === type ? nodes[0] : null;
}

/**
 * Rich text as the editor holds it, or null when it holds anything the editor would lose: by `rules` (a
 * paragraph's unless told), `prepare` marking in the words, before they stand in a paragraph (where a
 * figure would end it), what the rules then allow (held-image.ts).
 */
export function richTextContent(html: string, rules: ElementRules = PARAGRAPH_HTML, prepare?: (body: Element) => void): JSONContent[] | null {
  let words = html;
  if (prepare) {
    const body = htmlBody(html);
    prepare(body);
    words = body.innerHTML;
  }
  const paragraph = onlyNode(`<p>${words}</p>`, rules, PARAGRAPH_NODE);
  return paragraph ? (paragraph.content ?? []) : null;
}

/**
 * Rich text as `richTextContent` reads it, but an image among its words held as read (held-image.ts):
 * a piece among them, written back as it was. (Held before the words are set in a paragraph, which
 * a figure the raw handler put the image in would close.)
 */
export function richTextWithImagesHeld(html: string): JSONContent[] | null {
  const words = htmlBody(html);
  holdImages(words, true);
  const paragraph = onlyNode(`<p>${words.innerHTML}</p>`, PARAGRAPH_BLOCK_HTML, PARAGRAPH_NODE);
  return paragraph ? withImagesAsRead(paragraph.content ?? [], html) : null;
}

/** This reading, as the blocks' readers are handed it (block-definition.ts). */
export const HTML_READING: HtmlReading = { onlyNode, body: htmlBody, richText: richTextContent };
