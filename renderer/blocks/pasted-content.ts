// Pasting as writers expect: plain text is read as Markdown (a blank line starts a paragraph,
// a single newline is a line break, `#`, `-`, `1.`, `>` and fences make headings, lists,
// quotes and code). Pasted HTML (from Word or a web page) has Word's bullet and numbered
// paragraphs made real, nested lists, figure captions made image captions, its empty
// paragraphs dropped, tables made table blocks (a cell's paragraphs become lines of its one
// piece of rich text, a table's caption the block's caption), and loses images that cannot show anywhere but the machine they were
// copied on (Word's file: and blob: images, a bare `src=x`), telling the writer so. A link's underline is its look
// (LibreOffice's link style, a page's CSS), not the writer's underline; a quote's `<cite>` is
// its citation. Captions and citations keep only marks and links, as the editor holds them.
import { Extension } from '@tiptap/core';
import { DOMParser as SchemaParser, Fragment, Slice, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { marked } from 'marked';
import { escapeAttribute, escapeText } from './inline-html.ts';
import { CAPTION_SHORTCODE, CLASSIC_CAPTION, IMAGE_THEN_CAPTION } from './caption-shortcode.ts';
import { PARAGRAPH_HTML, contentFollows } from './html-rules.ts';

/** Plain text as Markdown's elements, its characters as text (never as markup). */
const markdownHtml = (text: string) => marked.parse(escapeText(text), { async: false, gfm: true, breaks: true });

/**
 * A `[caption]` shortcode of pasted text as the editor's own copy of one (its classic caption
 * node): among blocks it becomes the captioned image block (classic-convert.ts), as the block
 * editor's paste makes it; in classic content it stays the shortcode. Null for a shortcode not
 * starting with its image.
 */
function captionCopyHtml(attributes: string, inner: string): string | null {
  const parts = IMAGE_THEN_CAPTION.exec(inner);
  return parts && `<div data-rich-block="" data-name="${CLASSIC_CAPTION}" data-before="${escapeAttribute(`[caption${attributes}]${parts[1]}`)}" data-after="[/caption]"><div data-rich-part="">${parts[2]}</div></div>`;
}

/** Plain text as HTML: its characters as text (never as markup), its Markdown as elements, a caption shortcode as its image and caption. */
export function pastedTextHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n');
  let html = '';
  let from = 0;
  for (const match of lines.matchAll(CAPTION_SHORTCODE)) {
    const caption = captionCopyHtml(match[1], match[2]);
    if (caption === null) continue;
    html += `${markdownHtml(lines.slice(from, match.index))}${caption}`;
    from = match.index + match[0].length;
  }
  return html + markdownHtml(lines.slice(from));
}

/** An image source that shows on the site: a web address or a path on the site. */
const isWebImage = (src: string) => /^(https?:)?\/\/[^/]/i.test(src) || /^\/[^/]/.test(src);

/** Images a paste left out: those only on the computer they were copied on (file:, blob:), and those with no address that shows. */
export interface ImagesNotPasted {
  local: number;
  unreachable: number;
}

/** The editor's DOM event after a paste left images out; its detail is the ImagesNotPasted. */
export const IMAGES_NOT_PASTED = 'inkwell:images-not-pasted';

/** What the writer is told of images a paste left out, in plain words. */
export function imagesNotPastedNotice({ local, unreachable }: ImagesNotPasted): string {
  const sentence = (count: number, one: string, several: string) => `${count === 1 ? '1 image' : `${count} images`} could not be pasted: ${count === 1 ? one : several}; add ${count === 1 ? 'it' : 'them'} with the Image button.`;
  return [
    local > 0 ? sentence(local, 'it is on your computer only', 'they are on your computer only') : '',
    unreachable > 0 ? sentence(unreachable, 'it has no web address', 'they have no web address') : '',
  ].filter(Boolean).join(' ');
}

/** A Word list paragraph's level (`mso-list: l0 level2 lfo1`), or null for any other element. */
function wordListLevel(element: Element): number | null {
  const level = /mso-list:\s*l\d+\s+level(\d+)/i.exec(element.getAttribute('style') ?? '')?.[1];
  return element.tagName === 'P' && level ? Number(level) : null;
}

/** Takes out the bullet or number Word writes before a list paragraph's text (between `[if !supportLists]` and `[endif]`), and says what it was. */
function takeWordMarker(paragraph: Element): string {
  let marker = '';
  let inside = false;
  for (const child of [...paragraph.childNodes]) {
    const comment = child.nodeType === child.COMMENT_NODE ? (child.textContent ?? '') : null;
    if (comment?.includes('if !supportLists')) inside = true;
    if (inside) {
      if (comment === null) marker += child.textContent ?? '';
      child.remove();
    }
    if (comment?.includes('endif')) inside = false;
  }
  return marker.replace(/\u00a0/g, ' ').trim();
}

/** Runs of Word list paragraphs as lists, nested by their level, numbered when their marker is a number or letter. */
function makeWordLists(body: HTMLElement): void {
  const dom = body.ownerDocument;
  let open: { list: Element; level: number }[] = [];
  let previous: Element | null = null;
  for (const paragraph of [...body.querySelectorAll('p')]) {
    const level = wordListLevel(paragraph);
    if (level === null) continue;
    // A new run starts unless this paragraph follows the last list item directly.
    if (previous === null || previous.nextElementSibling !== paragraph) open = [];
    const ordered = /^[0-9a-z]{1,4}[.)]$/i.test(takeWordMarker(paragraph));
    while (open.length > 0 && open[open.length - 1].level > level) open.pop();
    if (open.length === 0 || open[open.length - 1].level < level) {
      const list = dom.createElement(ordered ? 'ol' : 'ul');
      const parent = open[open.length - 1]?.list.lastElementChild;
      if (parent) parent.append(list);
      else paragraph.before(list);
      open.push({ list, level });
    }
    const item = dom.createElement('li');
    item.append(...paragraph.childNodes);
    open[open.length - 1].list.append(item);
    // The paragraph stays, empty, to mark where the run goes on; it is removed below.
    paragraph.replaceChildren();
    paragraph.setAttribute('data-list-item', '');
    previous = paragraph;
  }
  for (const placeholder of body.querySelectorAll('p[data-list-item]')) placeholder.remove();
}

/** Elements that make lines of text (by tag name: some DOMs match Word's `<o:p>` with a `p` selector). */
const LINE_TAGS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI']);
const linesIn = (element: Element) => [...element.querySelectorAll('*')].filter((child) => LINE_TAGS.has(child.tagName));

/** Tables as the table block holds them: each cell one piece of rich text, the caption under the table. */
function makeTableBlocks(body: HTMLElement): void {
  const dom = body.ownerDocument;
  for (const cell of body.querySelectorAll('td, th')) {
    const blocks = linesIn(cell).filter((element) => linesIn(element).length === 0);
    blocks.forEach((block, index) => block.replaceWith(...block.childNodes, ...(index < blocks.length - 1 ? [dom.createElement('br')] : [])));
    for (const container of [...cell.querySelectorAll('ul, ol, div')]) container.replaceWith(...container.childNodes);
    // Word fills an empty cell with a non-breaking space.
    if (cell.textContent?.replace(/\u00a0/g, ' ').trim() === '' && !cell.querySelector('img')) cell.replaceChildren();
  }
  for (const table of body.querySelectorAll('table')) {
    const caption = table.querySelector(':scope > caption');
    if (!caption || table.parentElement?.tagName === 'FIGURE') continue;
    const figure = dom.createElement('figure');
    figure.className = 'wp-block-table';
    const figcaption = dom.createElement('figcaption');
    figcaption.append(...caption.childNodes);
    caption.remove();
    table.replaceWith(figure);
    figure.append(table, figcaption);
  }
}

/** Rich text copied from elsewhere as the editor holds it: marks and web links without attributes of the page, else its words alone. */
function pastedRichText(element: Element): string {
  for (const code of element.querySelectorAll('script, style, template')) code.remove();
  for (const child of element.querySelectorAll('*')) {
    for (const { name, value } of [...child.attributes]) if (name !== 'href' || !/^(?:https?:|mailto:|[/#?])/i.test(value)) child.removeAttribute(name);
  }
  // A link whose address was not a web one is its words.
  for (const link of element.querySelectorAll('a:not([href])')) link.replaceWith(...link.childNodes);
  const html = element.innerHTML.trim();
  return contentFollows(new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html').body, PARAGRAPH_HTML) ? html : escapeText(element.textContent?.trim() ?? '');
}

/** Pasted HTML as the writer meant it (see the top of this file); the images left out are told to `onImagesLeftOut`. */
export function pastedHtml(html: string, onImagesLeftOut?: (left: ImagesNotPasted) => void): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // What the editor holds in data attributes (a block's markup, its held HTML) is written to the
  // post as it stands: it is taken only from the editor's own copies, never from a web page.
  if (!body.querySelector('[data-pm-slice]')) {
    for (const element of body.querySelectorAll('*')) for (const { name } of [...element.attributes]) if (name.startsWith('data-')) element.removeAttribute(name);
  }
  makeWordLists(body);
  makeTableBlocks(body);
  const left: ImagesNotPasted = { local: 0, unreachable: 0 };
  for (const image of body.querySelectorAll('img')) {
    const src = image.getAttribute('src') ?? '';
    if (isWebImage(src)) continue;
    left[/^(file|blob):/i.test(src.trim()) ? 'local' : 'unreachable'] += 1;
    image.remove();
  }
  if (left.local + left.unreachable > 0) onImagesLeftOut?.(left);
  // A figure's caption goes with its image, as the image block holds it.
  for (const figure of body.querySelectorAll('figure:not(.wp-block-table)')) {
    const image = figure.querySelector('img');
    const caption = figure.querySelector('figcaption');
    if (image && caption) {
      image.setAttribute('data-caption', pastedRichText(caption));
      caption.remove();
    }
  }
  for (const link of body.querySelectorAll<HTMLElement>('a[href]')) {
    link.style.removeProperty('text-decoration');
    const underline = link.parentElement?.tagName === 'U' && link.parentElement.childNodes.length === 1 ? link.parentElement : link.querySelector(':scope > u:only-child');
    if (underline && underline.textContent === link.textContent) underline.replaceWith(...underline.childNodes);
  }
  for (const cite of body.querySelectorAll('blockquote > cite:last-child')) {
    cite.parentElement?.setAttribute('data-citation', pastedRichText(cite));
    cite.remove();
  }
  // Word's empty paragraphs (a non-breaking space) make no blocks.
  for (const paragraph of body.querySelectorAll('p')) if (paragraph.textContent?.replace(/\u00a0/g, ' ').trim() === '' && !paragraph.querySelector('img, br')) paragraph.remove();
  return body.innerHTML;
}

/**
 * Into one piece of rich text (a table cell, a caption, a button's text) the pasted blocks come
 * as lines of it, rather than split the table or block around them. Cells copied from a table
 * are left to the table's own paste.
 */
function asLines(slice: Slice, schema: Schema): Slice {
  let cells = false;
  const inline: PmNode[] = [];
  slice.content.descendants((node) => {
    if (node.type.spec.tableRole) cells = true;
    if (!node.isTextblock) return !cells;
    if (inline.length > 0) inline.push(schema.nodes.hardBreak.create());
    node.content.forEach((child) => inline.push(child));
    return false;
  });
  return cells ? slice : new Slice(Fragment.from(inline), 0, 0);
}

export const PastedContent = Extension.create({
  name: 'pastedContent',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('pastedContent'),
        props: {
          transformPastedHTML: (html, view) =>
            pastedHtml(html, (left) => view.dom.dispatchEvent(new CustomEvent<ImagesNotPasted>(IMAGES_NOT_PASTED, { detail: left, bubbles: true }))),
          transformPasted: (pasted, view) => {
            // (Among blocks, what was copied from classic content is converted after: classic-convert.ts.)
            const { parent } = view.state.selection.$from;
            return parent.inlineContent && parent.type.spec.isolating ? asLines(pasted, view.state.schema) : pasted;
          },
          clipboardTextParser: (text, $context, _plain, view) => {
            // Inside code, text is code: pasted as it is.
            if ($context.parent.type.spec.code) return new Slice(Fragment.from(view.state.schema.text(text)), 0, 0);
            const body = new DOMParser().parseFromString(pastedTextHtml(text), 'text/html').body;
            return SchemaParser.fromSchema(view.state.schema).parseSlice(body, { context: $context });
          },
        },
      }),
    ];
  },
});
