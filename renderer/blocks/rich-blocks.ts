// Blocks of a few pieces of rich text in fixed HTML (a button's text, a pullquote's words and
// citation, the caption of an audio or a video, a file's name and button, the text of each of text
// columns; a block defined in its own module brings its frame): the pieces are edited; the HTML around them (classes, styles, the button's link)
// and the block's comment attributes are held as read. A piece the block editor leaves out when
// it is empty (a citation) is left out when the writer empties it.
import type { JSONContent } from '@tiptap/core';
import { inlineHtml } from './inline-html.ts';
import type { ParsedBlock } from './split-blocks.ts';
import type { HtmlReading } from './block-definition.ts';
import { withPreviewLabel } from './file-preview-label.ts';

interface Piece { open: string; html: string; close: string; optional?: boolean }
interface Frame { before: string; pieces: Piece[]; after: string }
/** How a block's HTML splits into held HTML and rich text, or null when it does not. */
export type RichFrame = (html: string) => Frame | null;

/** An audio's or a video's caption element, left out when empty, as the block editor does. */
const CAPTION = { open: '<figcaption class="wp-element-caption">', close: '</figcaption>', optional: true };

/** A media block without its file (`<!-- wp:audio /-->`: the block editor's save writes nothing for it), no HTML held, its caption empty until a file is picked (media-blocks.ts); else `frame`'s. */
export const orWithoutFile = (frame: RichFrame): RichFrame => (html) => (html.trim() === '' ? { before: '', pieces: [{ ...CAPTION, html: '' }], after: '' } : frame(html));

/** A media block's figure: its player held as read, its caption (left out when empty, as the block editor does) edited. */
export function captionedMedia(tag: string): RichFrame {
  const pattern = new RegExp(`^\\s*(<figure [^>]*>(?:<${tag}[\\s>][\\s\\S]*?<\\/${tag}>))(?:<figcaption class="wp-element-caption">([\\s\\S]*?)<\\/figcaption>)?(<\\/figure>)\\s*$`);
  return (html: string): Frame | null => {
    const match = pattern.exec(html);
    return match && { before: match[1], pieces: [{ ...CAPTION, html: match[2] ?? '' }], after: match[3] };
  };
}

/** Each block's frame (a block defined in its own module brings its own: richBlockReader). */
const FRAMES: Readonly<Record<string, RichFrame>> = {
  // Text columns (the deprecated block before columns held blocks): a paragraph of rich text in each column (the spacing between them held too).
  'core/text-columns': (html) => {
    const match = /^\s*(<div class="wp-block-text-columns[^"]*"[^>]*>)((?:\s*<div class="wp-block-column">\s*<p>[\s\S]*?<\/p>\s*<\/div>)+)(\s*<\/div>)\s*$/.exec(html);
    if (!match) return null;
    const columns = [...match[2].matchAll(/(\s*<div class="wp-block-column">\s*<p>)([\s\S]*?)(<\/p>\s*<\/div>)/g)];
    return { before: match[1], pieces: columns.map(([, open, text, close]) => ({ open, html: text, close })), after: match[3] };
  },
};

export function readRichBlock(block: ParsedBlock, html: HtmlReading): JSONContent | null {
  return Object.hasOwn(FRAMES, block.blockName ?? '') ? richBlockReader(FRAMES[block.blockName ?? ''])(block, '', html) : null;
}

/**
 * Reads a block whose HTML `frames` splits into held HTML and rich text; null keeps it as written.
 * HTML is read through the reading handed to a block's reader (HtmlReading), so a block the
 * built-in schema reads (a list item standing alone) may use it without importing that schema.
 */
export const richBlockReader = (frames: RichFrame) => (block: ParsedBlock, _source: string, html: HtmlReading) => framedNode(block, block.innerBlocks.length === 0 ? frames(block.innerHTML) : null, html);

function framedNode(block: ParsedBlock, frame: Frame | null, html: HtmlReading): JSONContent | null {
  // The held HTML shows no words of its own (spacing between its elements aside).
  if (!frame || html.body(frame.before + frame.pieces.map((piece) => piece.open + piece.close).join('') + frame.after).textContent?.trim() !== '') return null;
  const contents = frame.pieces.map((piece) => html.richText(piece.html));
  if (contents.some((content) => content === null)) return null;
  const node: JSONContent = {
    type: 'richBlock',
    attrs: { name: block.blockName, blockAttributes: block.attrs && Object.keys(block.attrs).length > 0 ? block.attrs : null, before: frame.before, after: frame.after },
    content: frame.pieces.map((piece, index) => ({ type: 'richPart', attrs: { open: piece.open, close: piece.close, optional: piece.optional === true }, ...(contents[index]?.length ? { content: contents[index] } : {}) })),
  };
  // What the editor would write must be the same HTML (entities and spacing aside).
  return html.body(richBlockHtml(node)).isEqualNode(html.body(block.innerHTML.trim())) ? node : null;
}

/** A piece of rich text in a block's own HTML; one the block editor leaves out when empty is left out then. */
export function richPartHtml(part: JSONContent | null): string {
  if (!part || (part.attrs?.optional && !part.content?.length)) return '';
  return `${String(part.attrs?.open ?? '')}${inlineHtml(part.content)}${String(part.attrs?.close ?? '')}`;
}

/**
 * Whether a rich block is a media block without its file (orWithoutFile): no HTML of its own and
 * only pieces its save leaves out (a list item alone has no HTML of its own either, but its text).
 */
export function holdsNoFile(node: JSONContent): boolean {
  return node.type === 'richBlock' && `${String(node.attrs?.before ?? '')}${String(node.attrs?.after ?? '')}` === '' && (node.content ?? []).every((part) => part.attrs?.optional === true);
}

/**
 * A rich block's HTML; a file's PDF preview (only a file block holds one) labelled with the file's
 * name. A block without its file writes nothing, its caption included, as the block editor's save
 * (`src && <figure>…`): a caption without a player would not be valid.
 */
export function richBlockHtml(node: JSONContent): string {
  if (holdsNoFile(node)) return '';
  return withPreviewLabel(`${String(node.attrs?.before ?? '')}${(node.content ?? []).map(richPartHtml).join('')}${String(node.attrs?.after ?? '')}`);
}
