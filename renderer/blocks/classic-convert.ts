// Convert to blocks: the Classic block the caret is in becomes the blocks the block editor's raw
// handler (`rawHandler` of @wordpress/blocks, the core blocks registered) makes of its HTML.
// Nothing of how the classic HTML was written stays with them but what the raw handler keeps of an
// element's attributes (a class, a paragraph's or heading's or cell's text alignment, a list's
// numbering and anchor) as the block's; a division, a definition list or an element the editor
// cannot hold, which the raw handler makes a Custom HTML block of, is one, and a `[caption]`
// shortcode the captioned image block.
import { Extension, type JSONContent } from '@tiptap/core';
import { Fragment, Slice, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { ClassicBlock, withoutClassicMark, withoutReadAttributes } from './nodes.ts';
import { classicNode, commentedClassic } from './classic-block.ts';
import { escapeAttribute, inlineHtml } from './inline-html.ts';
import { CLASSIC_CAPTION } from './caption-shortcode.ts';
import { CLASSIC_FIGURE } from './classic-figure.ts';
import { richBlockHtml } from './rich-blocks.ts';
import { IMAGE_NODE, NEW_FIGURE } from './image-block.ts';
import { CLASSIC_DIVISION_NODE } from './classic-division.ts';
import { CLASSIC_BOX_NODE } from './classic-box.ts';
import { classicTag } from './classic-mark.ts';
import type { Held } from './held-inline.ts';
import { classicPartMarkup, nodeMarkup } from './serialize-blocks.ts';
import { withoutBlockComments } from './block-comments.ts';
import { PARAGRAPH_NODE } from './paragraph-block.ts';
import { HEADING_NODE } from './heading-block.ts';
import { QUOTE_NODE, quoteOpeningTags } from './quote-block.ts';
import { BULLET_LIST_NODE, LIST_ITEM_NODE, ORDERED_LIST_NODE, listOpeningTag } from './list-block.ts';
import { imagesOfLine } from './image-line.ts';
import { TABLE_NODE } from './table-block.ts';
import { customHtmlNode } from './html-block.ts';
import { HELD_HTML_NODE, SESSION } from './held-html.ts';
import { classicMore } from './more-block.ts';
import { classicPageBreak } from './page-break-block.ts';
import { HELD_IMAGE_NODE } from './held-image.ts';
import { htmlBody } from './html-nodes.ts';
import { quoteWordsInParagraphs } from './raw-item-filters.ts';
import { listBlockAttributes, rawListAroundCaptions, rawListMarkup } from './raw-list.ts';
import { markupToDoc } from './parse-blocks.ts';
import { PREFORMATTED_NODE } from './preformatted-block.ts';
import { escapeCodeHtml, holdsMoreThanText } from './code-block.ts';
import { childrenOf, LIST_ELEMENT_OF, runsAsWritten, topLevelAsWritten, type WrittenRun } from './runs-as-written.ts';
import { speltAsWritten } from './spelt-as-written.ts';
import { AT_TOP, type Around, aroundChildren, HELD_IN_ITEM, imagesInFigures } from './figured-images.ts';
import { looseComments } from './freeform-nodes.ts';
import { classicCopied, copiedClassic, COPIED_ATTRIBUTES, cutOf, pastedRuns, withoutCopyMarks, WRITTEN_AS_ATTRIBUTES, WRITTEN_AS_TYPES } from './copied-classic.ts';
import { pasteCleaned } from './paste-schema.ts';

/** The element an opening tag as written opens (empty), for its attributes. */
const openedBy = (openingTag: string): Element | null => htmlBody(openingTag).firstElementChild;

/** What a block holds of its element (kept-attributes.ts): its comment's attributes and the opening tag its save writes for them. */
type Kept = { blockAttributes: Record<string, unknown>; openingTag: string };

/** The alignments of text the raw handler reads from a paragraph's or heading's style. */
const TEXT_ALIGNMENTS: ReadonlySet<string> = new Set(['left', 'center', 'right']);

const withClass = (written: Element) => (written.getAttribute('class') ? { className: written.getAttribute('class') } : {});

/** A block's class kept from its element's, the save's opening tag written for it. */
function classKept(written: Element, openingTag: (classNames: string) => string): Kept | null {
  const className = written.getAttribute('class');
  return className ? { blockAttributes: { className }, openingTag: openingTag(escapeAttribute(className)) } : null;
}

/** A paragraph's or heading's class and alignment of text (its style's, when the raw handler reads it), the save's opening tag written for them after the block's own class. */
function textKept(written: Element, openingTag: (classNames: string) => string, own = ''): Kept | null {
  const className = written.getAttribute('class');
  const textAlign = (written as HTMLElement).style.textAlign;
  const aligned = TEXT_ALIGNMENTS.has(textAlign);
  if (!className && !aligned) return null;
  const blockAttributes = { ...(className ? { className } : {}), ...(aligned ? { style: { typography: { textAlign } } } : {}) };
  return { blockAttributes, openingTag: openingTag([own, aligned ? `has-text-align-${textAlign}` : '', className ? escapeAttribute(className) : ''].filter(Boolean).join(' ')) };
}

/** By node type, what the raw handler keeps of the element's attributes as written, as its block holds it (null: nothing kept). */
const KEPT: Readonly<Record<string, (written: Element, node: ProseMirrorNode) => Record<string, unknown> | null>> = {
  [PARAGRAPH_NODE]: (written) => textKept(written, (names) => `<p class="${names}">`),
  [HEADING_NODE]: (written, node) => textKept(written, (names) => `<h${Number(node.attrs.level)} class="${names}">`, 'wp-block-heading'),
  [QUOTE_NODE]: (written) => classKept(written, () => quoteOpeningTags(withClass(written))[0] ?? ''),
  [BULLET_LIST_NODE]: keptOfList,
  [ORDERED_LIST_NODE]: keptOfList,
  // (The table's element is its block's figure's first node, marked.)
  [TABLE_NODE]: (written) => {
    const held = classKept(written, (names) => `<figure class="wp-block-table ${names}">`);
    return held && { blockAttributes: held.blockAttributes, figureTag: held.openingTag };
  },
};

/** A list's numbering type, start, reversal, anchor and class (raw-list.ts). */
function keptOfList(written: Element): Kept | null {
  const blockAttributes = listBlockAttributes(written);
  const { ordered, ...kept } = blockAttributes;
  // A numbered list's start alone is the list's own (its node's start), as a new list writes it.
  return Object.keys(kept).some((name) => name !== 'start' || ordered !== true) ? { blockAttributes, openingTag: listOpeningTag(ordered === true, blockAttributes) } : null;
}

/** By node type, what a node of classic content holds as read that the raw handler reads none of: a table's rows' and cells' class, style … (held), a header's scope. */
const NOT_READ: Readonly<Record<string, readonly string[]>> = { tableRow: ['held'], tableCell: ['held', 'scope'], tableHeader: ['held', 'scope'] };

/** A table cell's alignment as the raw handler reads it from the style the cell held as read (none for any other node). */
function cellAlignment(node: ProseMirrorNode): Record<string, unknown> {
  if (node.type.name !== 'tableCell' && node.type.name !== 'tableHeader') return {};
  const style = ((node.attrs.held ?? []) as Held).find(([name]) => name === 'style')?.[1];
  const cell = document.createElement('td');
  cell.setAttribute('style', style ?? '');
  return TEXT_ALIGNMENTS.has(cell.style.textAlign) ? { align: cell.style.textAlign } : {};
}

/** A node's attributes with what the raw handler keeps of its element as written (its classic mark, or a paragraph's opening tag held). */
function convertedAttributes(node: ProseMirrorNode): Record<string, unknown> {
  const marked = node.type.name === TABLE_NODE ? node.firstChild : node;
  const written = (marked && classicTag(marked.toJSON() as JSONContent)) ?? (node.type.name === PARAGRAPH_NODE && typeof node.attrs.openingTag === 'string' ? node.attrs.openingTag : null);
  const keep = KEPT[node.type.name];
  const element = written === null ? null : openedBy(written);
  const held = element && keep ? keep(element, node) : null;
  const notRead = Object.fromEntries((NOT_READ[node.type.name] ?? []).map((name) => [name, node.type.spec.attrs?.[name]?.default ?? null]));
  const attrs = withoutClassicMark({ ...node.attrs, ...(node.type.name === PARAGRAPH_NODE ? { openingTag: null, blockAttributes: null } : {}), ...notRead, ...cellAlignment(node) });
  return withoutReadAttributes(held ? { ...attrs, ...held } : attrs);
}

/** Regular expression syntax escaped. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `html` (as the DOM writes it) as `source` holds it, whitespace between tags as written there, or
 * `html` where the source holds it otherwise: paragraph forming respaces the tags of what it reads
 * (a definition list in a quote), which the raw handler reads as written.
 */
function asWrittenIn(source: string | null, html: string): string {
  if (source === null) return html;
  const spacedAsAnywhere = html.split(/>\s*</).map(escapeRegExp).join('>\\s*<');
  return new RegExp(spacedAsAnywhere).exec(htmlBody(source).innerHTML)?.[0] ?? html;
}

/** A node's HTML as held where edited, spaced as in `source` (asWrittenIn), as the DOM writes it. */
const writtenIn = (node: ProseMirrorNode, source: string | null) => asWrittenIn(source, htmlBody(withoutBlockComments(nodeMarkup(node.toJSON() as JSONContent))).innerHTML);

/**
 * A division or a definition list as the raw handler makes it: a Custom HTML block of its HTML as
 * written (as held where edited, spaced as in `source`, the classic HTML it was read from), as the
 * DOM writes it, its images in `figures` figures (figured-images.ts); before it, the image
 * blocks of the images the raw handler takes out of its top paragraph or division (aligned, or alone
 * there), each as Convert makes an image alone in its line.
 */
function customHtml(node: ProseMirrorNode, schema: Schema, source: string | null, figures: number, around: Around): ProseMirrorNode[] {
  const { html, takenOut } = imagesInFigures(writtenIn(node, source), { figures, heldInRichText: false });
  return [...takenOut.flatMap((image) => imageBlocksOf(image, schema, around)), customHtmlNode(schema, html)];
}

/** The blocks Convert makes of an image (or a link holding one alone) as HTML: its image block, as of one alone in its line. */
function imageBlocksOf(image: string, schema: Schema, around: Around): ProseMirrorNode[] {
  const blocks: ProseMirrorNode[] = [];
  schema.nodeFromJSON(classicNode(image, false)).forEach((line) => blocks.push(...converted(line, schema, null, false, around)));
  return blocks;
}

/** An element of classic content the editor cannot hold, kept as written (a form …): the raw handler makes a Custom HTML block of it, as of any element no block reads. */
const isKeptElement = (node: ProseMirrorNode) => node.type.name === 'unknownBlock' && /^\s*<[a-zA-Z]/.test(String(node.attrs.markup));

/**
 * A quote kept as written for HTML in it the editor cannot hold (`<blockquote><form>…`), as the raw
 * handler makes it: a quote (its class kept) of the blocks of what it holds, read as classic
 * content and converted (that HTML a Custom HTML block). Null for any other element kept.
 */
function keptQuote(node: ProseMirrorNode, schema: Schema, around: Around): ProseMirrorNode | null {
  const body = htmlBody(String(node.attrs.markup).trim());
  const quote = body.firstElementChild;
  if (quote?.tagName !== 'BLOCKQUOTE' || body.childNodes.length !== 1) return null;
  const blocks: ProseMirrorNode[] = [];
  schema.nodeFromJSON(classicNode(quote.innerHTML, false)).forEach((block) => blocks.push(...converted(block, schema, typeof node.attrs.source === 'string' ? node.attrs.source : null, false, aroundChildren(QUOTE_NODE, around))));
  return schema.nodes[QUOTE_NODE].create(KEPT[QUOTE_NODE](quote, node) ?? {}, blocks);
}

/** The classes of an element's class attribute, as the DOM lists them. */
const classList = (element: Element | null | undefined) => [...(element?.classList ?? [])];

/** The words of a captioned image's one part (a caption shortcode's, a captioned figure's) as the image block's caption: an image among them closed as its rich text closes it. */
function captionWords(node: ProseMirrorNode): string {
  const words = ((node.firstChild?.toJSON() as JSONContent | undefined)?.content ?? []).map((word) => (word.type === HELD_IMAGE_NODE ? { ...word, attrs: { ...word.attrs, closedAsHtml: true } } : word));
  return inlineHtml(words);
}

const ALIGNED_BY = /(?:^|\s)align(left|center|right)(?:$|\s)/;
const LIBRARY_ID = /(?:^|\s)wp-image-(\d+)(?:$|\s)/;

/**
 * A captioned figure of classic content (classic-figure.ts) as the raw handler makes it (the image
 * block's figure transform): the image block of its image, as Convert makes one alone in its line,
 * aligned and given the library's id by the figure's classes and the image's, the figure's id its
 * anchor and its class the block's (a class the block writes itself not written twice), linked to a
 * custom address where the figure holds a link (the caption's too, as the transform looks for one),
 * its caption the part's words.
 */
function figuredImage(node: ProseMirrorNode, schema: Schema, around: Around): ProseMirrorNode[] {
  const figure = htmlBody(richBlockHtml(node.toJSON() as JSONContent)).firstElementChild;
  const shown = figure?.firstElementChild;
  const [image, ...rest] = figure && shown ? imageBlocksOf(shown.outerHTML, schema, around) : [];
  if (!figure || image?.type.name !== IMAGE_NODE || rest.length > 0) return customHtml(node, schema, null, around.quotes + 1, around);
  const classes = `${figure.className} ${figure.querySelector('img')?.className ?? ''}`;
  const align = ALIGNED_BY.exec(classes)?.[1] ?? '';
  const id = LIBRARY_ID.exec(classes)?.[1];
  const className = figure.getAttribute('class') ?? '';
  const anchor = figure.id;
  const held = String(image.attrs.heldHtml ?? NEW_FIGURE);
  const written = /^<figure class="([^"]*)"/.exec(held)?.[1].split(' ') ?? [];
  const classAdded = className.split(/\s+/).filter((name) => name && name !== `align${align}` && !written.includes(name));
  const figureTag = `<figure class="${escapeAttribute([...written, ...classAdded].join(' '))}"${anchor ? ` id="${escapeAttribute(anchor)}"` : ''}>`;
  const blockAttributes = { ...((image.attrs.blockAttributes ?? {}) as Record<string, unknown>), ...(anchor ? { anchor } : {}), ...(className ? { className } : {}) };
  return [
    image.type.create({
      ...image.attrs,
      id: id === undefined ? null : Number(id),
      align,
      linkDestination: figure.querySelector('a[href]') ? 'custom' : '',
      caption: captionWords(node),
      blockAttributes: Object.keys(blockAttributes).length > 0 ? blockAttributes : null,
      heldHtml: held.replace(/^<figure[^>]*>/, figureTag),
    }),
  ];
}

/**
 * A `[caption]` shortcode as the raw handler makes it (the image block's shortcode transform): the
 * image's address and text alternative, the attachment's id, the shortcode's alignment (none when
 * it names none), the link the image is in, the words after it as the caption (an image among them
 * as its rich text closes it); the classes of the element it starts with that the block's figure
 * does not write are the block's class name.
 */
function captionedImage(node: ProseMirrorNode, schema: Schema): ProseMirrorNode {
  const before = String(node.attrs.before);
  const named = (name: string) => new RegExp(`^\\[caption[^\\]]*\\s${name}="([^"]*)"`).exec(before)?.[1];
  const body = htmlBody(before.replace(/^\[caption[^\]]*\]/, ''));
  const image = body.querySelector('img');
  const first = body.firstElementChild;
  const align = (named('align') ?? 'alignnone').replace(/^align/, '');
  const id = Number.parseInt((named('id') ?? '').replace('attachment_', ''), 10);
  const className = classList(first).filter((name) => name !== 'wp-block-image' && name !== `align${align}`).join(' ');
  const caption = captionWords(node);
  return schema.nodes[IMAGE_NODE].create({
    src: image?.getAttribute('src') ?? '',
    alt: image?.getAttribute('alt') ?? '',
    id: Number.isNaN(id) ? null : id,
    caption,
    align,
    href: first?.tagName === 'A' ? (first.getAttribute('href') ?? '') : '',
    ...(className ? { blockAttributes: { className }, heldHtml: `<figure class="wp-block-image ${escapeAttribute(className)}"><img src="" alt=""/></figure>` } : {}),
  });
}

/** The empty paragraph's block the editor's quote holds at least, which the raw handler's quote of no paragraph does not. */
const EMPTY_PARAGRAPH_BLOCK = '<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->';

/**
 * A quote converted as the raw handler makes it when its HTML as read holds no paragraph (one read
 * apart from a caption shortcode it held, an empty `<blockquote>`): a quote holding nothing, saved
 * so until the writer edits it (its empty paragraph is the editor's place for the caret).
 */
function asRawQuote(quote: ProseMirrorNode, readFrom: unknown): ProseMirrorNode {
  const only = quote.firstChild;
  const emptyParagraph = quote.childCount === 1 && only?.type.name === PARAGRAPH_NODE && only.content.size === 0;
  if (quote.type.name !== QUOTE_NODE || !emptyParagraph || (typeof readFrom === 'string' && /<p[\s>]/i.test(readFrom))) return quote;
  const canonical = nodeMarkup(quote.toJSON() as JSONContent);
  return quote.type.create({ ...quote.attrs, source: canonical.replace(EMPTY_PARAGRAPH_BLOCK, ''), canonical }, quote.content, quote.marks);
}

/** Whether markup is comments alone, none a more tag or page break (a note, Word's conditional comments), or a paragraph of nothing else, as paragraph forming wraps one on its own line. */
function isNoteAlone(markup: string): boolean {
  const body = htmlBody(markup.trim());
  const only = body.childNodes.length === 1 && body.firstElementChild?.tagName === 'P' && body.firstElementChild.attributes.length === 0 ? body.firstElementChild : body;
  const nodes = [...only.childNodes].filter((node) => node.nodeType !== node.TEXT_NODE || (node.textContent ?? '').trim() !== '');
  return nodes.length > 0 && nodes.every((node) => node.nodeType === node.COMMENT_NODE && (classicMore(`<!--${node.textContent ?? ''}-->`) ?? classicPageBreak(`<!--${node.textContent ?? ''}-->`)) === null);
}

/**
 * Whether a block of classic content is a note alone (comments held as a piece, or a paragraph
 * holding nothing but such pieces): the raw handler drops a comment standing between blocks, and
 * keeps one only among words.
 */
function isNoteBlock(node: ProseMirrorNode): boolean {
  if (node.type.name === 'unknownBlock') return isNoteAlone(String(node.attrs.markup));
  if (node.type.name !== PARAGRAPH_NODE || typeof node.attrs.openingTag === 'string' || node.childCount === 0) return false;
  let notes = true;
  node.forEach((child) => (notes &&= child.type.name === HELD_HTML_NODE && isNoteAlone(String(child.attrs.markup))));
  return notes;
}

/** The blocks Convert to blocks makes of a block of classic content (a copy of it pasted among blocks as well): the image blocks the raw handler takes out of a line (image-line.ts), then the block, its own blocks too; `readFrom`: the classic HTML a block around it was read from; `inItem`: whether it stands in a list item; `around`: the quotes and figures around it (figured-images.ts); `asWritten`: its HTML as written, where known (else null). */
function converted(node: ProseMirrorNode, schema: Schema, readFrom: string | null = null, inItem = false, around = AT_TOP, asWritten = htmlAsWritten(node)): ProseMirrorNode[] {
  if (!inItem && isNoteBlock(node)) return [];
  // (An image in a line of a list item stays in the item.)
  const { images, rest } = inItem ? { images: [], rest: node } : imagesOfLine(node, schema);
  return rest ? [...images, ...convertedNode(rest, schema, readFrom, inItem, around, asWritten)] : images;
}

/** The HTML as written of a node read from a paragraph of a classic post (the writer's edits in it), or null where it is not known (not read so). */
const htmlAsWritten = (node: ProseMirrorNode): string | null => (node.attrs.inClassic === true ? classicPartMarkup(node.toJSON() as JSONContent) : null);

const isList = (node: ProseMirrorNode) => [BULLET_LIST_NODE, ORDERED_LIST_NODE].includes(node.type.name);

/**
 * `nodes` converted in order (`convert`, given a node's HTML as written where known),
 * but a list classic content read as several nodes (`runs`: a rule first in an item splits it),
 * which is the one list the raw handler makes of its HTML as written, where it makes one.
 */
function convertedRuns(nodes: readonly ProseMirrorNode[], runs: ReadonlyMap<number, WrittenRun>, schema: Schema, convert: (node: ProseMirrorNode, asWritten: string | null) => ProseMirrorNode[]): ProseMirrorNode[] {
  const blocks: ProseMirrorNode[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const run = runs.get(index);
    const list = run && run.count > 1 ? rawList(nodes[index], run.html, schema) : null;
    // (A list holding a caption shortcode: the raw handler's blocks around the caption's, the words after it in its last item taking what follows it.)
    const made = list ? [list] : run && run.count > 1 ? aroundCaptions(nodes.slice(index, index + run.count), `${run.html}${run.after ?? ''}`, schema, convert) : null;
    if (run && made) {
      blocks.push(...made);
      index += run.count - 1;
    } else blocks.push(...convert(nodes[index], run?.count === 1 ? run.html : null));
  }
  return blocks;
}

/**
 * The list `like` as the raw handler makes it of its HTML as written (raw-list.ts), a newline in
 * an item's words a line break and its quotes' words in paragraphs as its filters set them, read
 * back as that list block (its bytes kept until edited): the raw handler reads that HTML, where the
 * site's paragraph forming, which the editor reads a classic post with, sets a block element among
 * an item's words on a line of its own (a line break before it, the words after it a paragraph).
 * Null where that HTML is not known, or does not read as such a list.
 */
function rawList(like: ProseMirrorNode, html: string | null | undefined, schema: Schema): ProseMirrorNode | null {
  if (!isList(like) || typeof html !== 'string') return null;
  const body = htmlBody(html);
  quoteWordsInParagraphs(body);
  const markup = rawListMarkup(body.innerHTML);
  const list = markup === null ? null : readBack(markup, schema);
  return list?.type === like.type ? list : null;
}

/**
 * A list holding `[caption]` shortcodes (or a quote holding such a list) (`html`, as written; `nodes`, what classic content read of it,
 * split around each as the raw handler's shortcode conversion splits it) as the raw handler makes it
 * (raw-list.ts: rawListAroundCaptions), each caption Convert's own image block (`convert`), the rest
 * read back from the raw handler's markup (its bytes kept until edited). Null where it reads otherwise.
 */
function aroundCaptions(nodes: readonly ProseMirrorNode[], html: string, schema: Schema, convert: (node: ProseMirrorNode, asWritten: string | null) => ProseMirrorNode[]): ProseMirrorNode[] | null {
  if (!isList(nodes[0]) && nodes[0].type.name !== QUOTE_NODE) return null;
  const pieces = rawListAroundCaptions(html);
  const captions = nodes.filter((node) => node.type.name === 'richBlock' && node.attrs.name === CLASSIC_CAPTION);
  if (!pieces || pieces.filter((piece) => piece === null).length !== captions.length) return null;
  const blocks: ProseMirrorNode[] = [];
  for (const piece of pieces) {
    if (piece === null) blocks.push(...convert(captions.shift() as ProseMirrorNode, null));
    else {
      const block = readBack(piece, schema);
      if (!block) return null;
      blocks.push(block);
    }
  }
  return blocks;
}

/** The one block `markup` reads as (its bytes kept until edited), or null where it reads as more. */
function readBack(markup: string, schema: Schema): ProseMirrorNode | null {
  const [block, ...more] = markupToDoc(markup).content ?? [];
  // (Where it stands is Convert's: no spacing read before it.)
  return block && more.length === 0 ? schema.nodeFromJSON({ ...block, attrs: { ...block.attrs, gap: null, readAt: null } }) : null;
}

/**
 * The code a `<pre>` holds, all its words and images in it, as one `<code>`: as written (alone in the `<pre>`), or as
 * the editor writes code beside formats and links (a `<code>` in each: code-mark.ts), joined; null where anything
 * stands outside code (preformatted text holding inline code).
 */
function codeOf(pre: Element): Element | null {
  if (pre.childNodes.length === 1 && pre.firstChild?.nodeName === 'CODE') return pre.firstChild as Element;
  const walker = pre.ownerDocument.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  const shown: Node[] = [...pre.querySelectorAll('img')];
  for (let text = walker.nextNode(); text; text = walker.nextNode()) shown.push(text);
  if (shown.length === 0 || shown.some((inner) => inner.parentElement?.closest('code') === null)) return null;
  const joined = pre.cloneNode(true) as Element;
  for (const inner of [...joined.querySelectorAll('code')]) inner.replaceWith(...inner.childNodes);
  const code = pre.ownerDocument.createElement('code');
  code.append(...joined.childNodes);
  return code;
}

/**
 * Code holding an image or a comment (preformatted text read from a `<pre>` of `<code>` alone, or one kept as
 * written) as the raw handler makes it: a code block whose content is the code's HTML, its images
 * in `figures` figures (figured-images.ts), saved as the code block escapes it (its `<pre>`'s
 * attributes dropped); read back as that block. Null for anything else.
 */
function rawCode(node: ProseMirrorNode, source: string | null, figures: number, schema: Schema): ProseMirrorNode | null {
  if (node.type.name !== PREFORMATTED_NODE && !isKeptElement(node)) return null;
  const pre = htmlBody(writtenIn(node, source)).firstElementChild;
  const code = pre?.tagName === 'PRE' ? codeOf(pre) : null;
  if (!code || !holdsMoreThanText(code)) return null;
  const content = escapeCodeHtml(imagesInFigures(code.innerHTML, { figures, heldInRichText: false }).html);
  return readBack(`<!-- wp:code -->\n<pre class="wp-block-code"><code>${content}</code></pre>\n<!-- /wp:code -->`, schema);
}

/** The HTML as written of each list a quote holds itself (`html`, the quote's as written), by the index of the first node read from it (runs-as-written.ts); none where not known. */
function quotedListsAsWritten(quote: ProseMirrorNode, html: string | null): ReadonlyMap<number, WrittenRun> {
  const element = html === null || quote.type.name !== QUOTE_NODE ? null : htmlBody(html).firstElementChild;
  return element?.tagName === 'BLOCKQUOTE' ? runsAsWritten(childrenOf(quote), [...element.children], LIST_ELEMENT_OF) : new Map();
}

/** A block of classic content as Convert to blocks makes it, its images standing in it (see `converted`), or with the image blocks the raw handler takes out of its HTML before it. */
function convertedNode(node: ProseMirrorNode, schema: Schema, readFrom: string | null, inItem: boolean, around: Around, asWritten: string | null): ProseMirrorNode[] {
  const list = rawList(node, asWritten, schema);
  if (list) return [list];
  // (Its HTML as written now, the writer's edits in it, where known: the source it was read from holds none.)
  const source = typeof node.attrs.source === 'string' ? (asWritten ?? node.attrs.source) : readFrom;
  // A more tag or page break held in a quote (held-html.ts) is its block there, as at the top.
  const marker = node.type.name === 'unknownBlock' ? (classicMore(String(node.attrs.markup)) ?? classicPageBreak(String(node.attrs.markup))) : null;
  if (marker) return [schema.nodeFromJSON(marker)];
  // (HTML in a list item is the other rules'.)
  const figures = inItem ? 0 : around.quotes + 1;
  const code = inItem ? null : rawCode(node, source, figures, schema);
  if (code) return [code];
  if (isKeptElement(node)) {
    const quote = keptQuote(node, schema, around);
    return quote ? [quote] : customHtml(node, schema, source, figures, around);
  }
  if (node.type.name === CLASSIC_DIVISION_NODE || node.type.name === CLASSIC_BOX_NODE) return customHtml(node, schema, source, figures, around);
  if (node.type.name === 'richBlock' && node.attrs.name === CLASSIC_CAPTION) return [captionedImage(node, schema)];
  if (node.type.name === 'richBlock' && node.attrs.name === CLASSIC_FIGURE) return figuredImage(node, schema, around);
  // HTML held in a list item stays in it, as written (held-html.ts), its images in figures as the raw handler sets them.
  if (node.type.name === HELD_HTML_NODE) return [node.type.create({ markup: imagesInFigures(asWrittenIn(source, String(node.attrs.markup)), HELD_IN_ITEM).html }, null, node.marks)];
  // An image left among a block's words is closed as its rich text closes it (in a list item, the list's writing closes it: item-image.ts).
  if (node.type.name === HELD_IMAGE_NODE) return [node.type.create({ ...node.attrs, closedAsHtml: !inItem, figures: inItem ? 0 : around.figures }, null, node.marks)];
  if (node.isText) return [node];
  // (A quote's lists, too, as written.)
  const children = convertedRuns(childrenOf(node), quotedListsAsWritten(node, asWritten), schema, (child, html) =>
    converted(child, schema, source, inItem || node.type.name === LIST_ITEM_NODE, aroundChildren(node.type.name, around), html),
  );
  return [asRawQuote(node.type.create(convertedAttributes(node), children, node.marks), node.attrs.source)];
}

/** A node of classic content and all it holds written anew as classic HTML: no source as read kept (its classic marks are). */
function writtenAnew(node: ProseMirrorNode): ProseMirrorNode {
  if (node.isText) return node;
  const children: ProseMirrorNode[] = [];
  node.forEach((child) => children.push(writtenAnew(child)));
  return node.type.create({ ...node.attrs, source: null, canonical: null, inClassic: null }, children, node.marks);
}

/**
 * Classic content holding a block comment the block parser rejects, as the raw handler makes it:
 * it takes HTML holding `<!-- wp:` for blocks already, and the parser makes all of it one Classic
 * block of its HTML as the classic editor holds it (paragraphs formed: each block written anew,
 * a newline between them, as wpautop writes them). Null for any other classic content.
 */
function parsedAsClassic(classic: ProseMirrorNode, schema: Schema): ProseMirrorNode | null {
  const parts: string[] = [];
  classic.forEach((block) => parts.push(classicPartMarkup(writtenAnew(block).toJSON() as JSONContent)));
  const html = parts.join('\n');
  if (!html.includes('<!-- wp:')) return null;
  const { commentBefore, commentAfter } = classic.attrs as { commentBefore: string; commentAfter: string };
  return schema.nodeFromJSON(commentAfter ? commentedClassic(html, `${commentBefore}${html}${commentAfter}`) : classicNode(html, false));
}

/** A comment's words no writer's HTML holds (the session's key): put for each comment among loose words, to find the pieces the reading makes of them. */
const LOOSE_MARK = `loose ${SESSION}`;

/** A node without the pieces of LOOSE_MARK it holds, however deep (the words around one joined, their spacing kept). */
function withoutLooseMarks(node: ProseMirrorNode): ProseMirrorNode {
  if (node.isLeaf) return node;
  const children: ProseMirrorNode[] = [];
  node.forEach((child) => {
    if (child.type.name !== HELD_HTML_NODE || child.attrs.markup !== `<!--${LOOSE_MARK}-->`) children.push(withoutLooseMarks(child));
  });
  return node.type.create(node.attrs, children, node.marks);
}

/**
 * A Classic block not paragraph formed (HTML between blocks, a Classic block's) as the raw handler
 * reads it: it forms the paragraphs of loose words itself, of their text and elements alone (its
 * normaliseBlocks), so a comment among them, which the reading holds as a piece of their paragraph
 * (held-html.ts), is dropped, the words around it kept as they are. Its HTML as it stands read again,
 * each such comment marked (its blocks converted without the marks: withoutLooseMarks); the block
 * itself where it holds none, or forms paragraphs (paragraph forming puts such a comment in a
 * paragraph, where the raw handler keeps it).
 */
function withLooseCommentsMarked(classic: ProseMirrorNode, schema: Schema): ProseMirrorNode {
  if (classic.attrs.autop === true) return classic;
  const { commentBefore, commentAfter } = classic.attrs as { commentBefore: string; commentAfter: string };
  const written = nodeMarkup(classic.toJSON() as JSONContent);
  const body = htmlBody(written.slice(commentBefore.length, written.length - commentAfter.length));
  const loose = looseComments(body);
  if (loose.length === 0) return classic;
  for (const comment of loose) comment.replaceWith(body.ownerDocument.createComment(LOOSE_MARK));
  return schema.nodeFromJSON(classicNode(body.innerHTML, false));
}

/** Whether a node is a line break, as the editor reads `<br>`. */
const isLineBreak = (node: ProseMirrorNode) => node.type.name === 'hardBreak';

/** A node with a newline after each line break it holds, however deep. */
function newlinesAfterBreaks(node: ProseMirrorNode, schema: Schema): ProseMirrorNode {
  if (node.isLeaf) return node;
  return node.copy(Fragment.fromArray(childrenOf(node).flatMap((child) => (isLineBreak(child) ? [child, schema.text('\n', child.marks)] : [newlinesAfterBreaks(child, schema)]))));
}

/** The blocks whose words paragraph forming breaks at a newline: a paragraph, a heading, a table's cells. */
const BROKEN_AT_NEWLINES: readonly string[] = [PARAGRAPH_NODE, HEADING_NODE, TABLE_NODE];

/**
 * A block Convert made (in quotes too) with each line break followed by a newline, read back from that markup
 * (its bytes kept until edited): paragraph forming (autop), which the block editor's parser runs on a classic
 * post before the raw handler, writes a newline in the words as a line break and that newline (`<br />\n`), and
 * the raw handler keeps it. A block read back already (its bytes the raw handler's) is left as it is.
 */
function withNewlinesAfterBreaks(node: ProseMirrorNode, schema: Schema): ProseMirrorNode {
  if (node.type.name === QUOTE_NODE) return node.copy(Fragment.fromArray(childrenOf(node).map((child) => withNewlinesAfterBreaks(child, schema))));
  let breaks = false;
  node.descendants((inner) => !(breaks ||= isLineBreak(inner)));
  if (!BROKEN_AT_NEWLINES.includes(node.type.name) || typeof node.attrs.source === 'string' || !breaks) return node;
  return readBack(nodeMarkup(newlinesAfterBreaks(node, schema).toJSON() as JSONContent), schema) ?? node;
}

/**
 * The blocks Convert made of `classic` with the newlines paragraph forming writes after its line breaks: where it
 * forms the paragraphs of that classic content, and the HTML as it stands holds no line break element of its own
 * (each line break then one of its newlines; else, which is which unknown, as made).
 */
function breaksAsFormed(blocks: readonly ProseMirrorNode[], classic: ProseMirrorNode, schema: Schema): readonly ProseMirrorNode[] {
  if (classic.attrs.autop !== true || /<br[\s/>]/i.test(nodeMarkup(classic.toJSON() as JSONContent))) return blocks;
  return blocks.map((block) => withNewlinesAfterBreaks(block, schema));
}

/** Whether the selection stands in classic content. */
function inClassic(state: EditorState): boolean {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type === state.schema.nodes[ClassicBlock.name]) return true;
  return false;
}

/** Whether a node holds what only classic content's reading makes: a classic mark, a paragraph's opening tag held as read, a division, a box, a caption shortcode, a held image, an element kept as written. */
function fromClassic(node: ProseMirrorNode): boolean {
  const classicOnly = (inner: ProseMirrorNode) =>
    typeof inner.attrs.classic === 'string' ||
    (inner.type.name === PARAGRAPH_NODE && typeof inner.attrs.openingTag === 'string') ||
    [CLASSIC_DIVISION_NODE, CLASSIC_BOX_NODE].includes(inner.type.name) ||
    (inner.type.name === 'richBlock' && (inner.attrs.name === CLASSIC_CAPTION || inner.attrs.name === CLASSIC_FIGURE)) ||
    inner.type.name === HELD_IMAGE_NODE ||
    isKeptElement(inner);
  let found = classicOnly(node);
  node.descendants((inner) => {
    found ||= classicOnly(inner);
    return !found;
  });
  return found;
}

/** The blocks Convert to blocks makes of a Classic block (a copy of one pasted among blocks as well). */
function convertedClassic(classic: ProseMirrorNode, schema: Schema): ProseMirrorNode[] {
  const parsed = parsedAsClassic(classic, schema);
  if (parsed) return [parsed];
  const read = withLooseCommentsMarked(classic, schema);
  const made = convertedRuns(childrenOf(read), topLevelAsWritten(read), schema, (block, html) => converted(withoutLooseMarks(block), schema, null, false, AT_TOP, htmlAsWritten(block) ?? html));
  return [...speltAsWritten(breaksAsFormed(made, classic, schema), nodeMarkup(classic.toJSON() as JSONContent), schema)];
}

/**
 * The blocks the block editor's paste makes of the HTML its Classic block copies of a part of it: HTML holding a block
 * comment read as block markup (a Classic block of it where it reads as one), any other the blocks Convert makes of
 * it cleaned as the paste cleans it (paste-schema.ts).
 */
function pastedCut(html: string, schema: Schema): ProseMirrorNode[] {
  const blocks = html.includes('<!-- wp:') ? childrenOf(schema.nodeFromJSON(markupToDoc(html))) : [];
  if (blocks.length > 0 && (blocks.length > 1 || blocks[0].type.name !== ClassicBlock.name)) return blocks;
  return convertedClassic(schema.nodeFromJSON(classicNode(pasteCleaned(html), false)), schema);
}

/**
 * A paste among blocks: what was copied from classic content is the blocks Convert to blocks makes of it, a list or
 * quote read as several nodes too, by the HTML as written the copy carries (copied-classic.ts); anything else, another
 * program's HTML too, as pasted; a whole Classic block stays one.
 */
function amongBlocks(slice: Slice, schema: Schema): Slice {
  // (A part of a Classic block: the blocks the block editor's paste makes of the HTML its Classic block copies of it, cleaned as it cleans it.)
  const cut = cutOf(slice);
  if (cut !== null) return new Slice(Fragment.fromArray(pastedCut(cut, schema)), 0, 0);
  const { nodes, runs } = pastedRuns(slice.content);
  // (As Convert makes it: classic content holding a rejected block comment stays classic.)
  const pastedAsConverted = (node: ProseMirrorNode, html: string | null): ProseMirrorNode[] => {
    const copied = classicCopied(node, schema);
    if (copied) return convertedClassic(copied, schema);
    if (node.type.name === ClassicBlock.name || !fromClassic(node)) return [node];
    const parsed = parsedAsClassic(schema.nodes[ClassicBlock.name].create(null, node), schema);
    return parsed ? [parsed] : converted(node, schema, null, false, AT_TOP, html ?? htmlAsWritten(node));
  };
  return new Slice(Fragment.fromArray(convertedRuns(nodes, runs, schema, pastedAsConverted)), slice.openStart, slice.openEnd);
}

export const ConvertClassic = Extension.create({
  name: 'convertClassic',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('convertClassicPasted'),
        props: {
          transformCopied: (copied, view) => copiedClassic(copied, view.state),
          transformPasted: (pasted, view) => (inClassic(view.state) ? new Slice(withoutCopyMarks(pasted.content), pasted.openStart, pasted.openEnd) : amongBlocks(pasted, view.state.schema)),
        },
      }),
    ];
  },
  addGlobalAttributes() {
    return [
      { types: WRITTEN_AS_TYPES, attributes: WRITTEN_AS_ATTRIBUTES },
      { types: [ClassicBlock.name], attributes: COPIED_ATTRIBUTES },
    ];
  },
  addCommands() {
    return {
      convertClassicToBlocks:
        () =>
        ({ state, dispatch }) => {
          const { $from } = state.selection;
          for (let depth = $from.depth; depth > 0; depth--) {
            if ($from.node(depth).type.name !== ClassicBlock.name) continue;
            const blocks = convertedClassic($from.node(depth), state.schema);
            if (dispatch) dispatch(state.tr.replaceWith($from.before(depth), $from.after(depth), blocks));
            return true;
          }
          return false;
        },
    };
  },
});

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    convertClassic: {
      /** The Classic block the caret is in becomes the blocks it holds. */
      convertClassicToBlocks: () => ReturnType;
    };
  }
}
