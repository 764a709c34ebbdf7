// The file block (`core/file`): its name and download button's text are rich text edited in place,
// its links and a PDF's preview held as read (rich-blocks.ts, the preview's label:
// file-preview-label.ts); its file replaced from the media library (media-blocks.ts). A new one is
// made around a file picked first.
import type { MediaItem } from '../../shared/site-types.ts';
import { attributesOf, madeBlockMarkup, newBlockMarkup, type BlockDefinition } from './block-definition.ts';
import type { ParsedBlock } from './split-blocks.ts';
import { mediaShown } from './image-made.ts';
import { IMAGE_BLOCK } from './image-block.ts';
import { AUDIO_BLOCK } from './audio-block.ts';
import { VIDEO_BLOCK } from './video-block.ts';
import { escapeAttribute } from './inline-html.ts';
import { richBlockReader, type RichFrame } from './rich-blocks.ts';

const NAME = 'core/file';

/**
 * A file's name (left out when empty) and its download button's text; a PDF's preview before them is
 * held, and its element's opening as read (its class, colours, alignment, anchor and style). A file
 * without a name (one made from an image with no caption) is named by a link to its file, the
 * button's address, as the block editor's transform names it (`textLinkHref: href`), or by a link
 * without an address when it has no button either.
 */
const fileFrame: RichFrame = (html) => {
  const match = /^\s*(<div(?:\s[^>]*)?\sclass="wp-block-file(?:\s[^"]*)?"[^>]*>(?:<object [^>]*><\/object>)?)(?:(<a(?:\s(?![^>]*wp-block-file__button)[^>]*)?>)([\s\S]*?)(<\/a>))?(?:(<a [^>]*class="wp-block-file__button[^>]*>)([\s\S]*?)(<\/a>))?(<\/div>)\s*$/.exec(html);
  if (!match) return null;
  const button = match[5] === undefined ? [] : [{ open: match[5], html: match[6], close: match[7] }];
  const address = /^<a [^>]*\bhref="([^"]*)"/.exec(match[5] ?? '')?.[1];
  const unnamed = address === undefined ? '<a>' : `<a href="${address}">`;
  return { before: match[1], pieces: [{ open: match[2] ?? unnamed, html: match[3] ?? '', close: '</a>', optional: true }, ...button], after: match[8] };
};

/** The file's name as the link's text: `>` escaped too, as the block editor writes it. */
const escapeName = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fileName = (item: MediaItem) => decodeURIComponent(item.source_url.split('/').pop() ?? '') || item.title.rendered || 'File';

/** A file block as the block editor saves one for a picked file: its name as the link, and a download button. */
export function fileMarkup(item: MediaItem): string {
  const href = escapeAttribute(item.source_url);
  return newBlockMarkup('file', `<div class="wp-block-file"><a href="${href}">${escapeName(fileName(item))}</a><a href="${href}" class="wp-block-file__button wp-element-button" download>Download</a></div>`, { id: item.id, href: item.source_url });
}

/**
 * An image, audio or video (its `element`) turned into a file to download, as the block editor's transform
 * from them does: its caption the file's name (none without one: the block editor names it by its caption,
 * which as rich text it never finds missing, not by its address), its anchor handed on (carriesAnchor); null
 * for one without an address.
 */
const fileOf = (element: 'img' | 'audio' | 'video') => (block: ParsedBlock): string | null => {
  const shown = mediaShown(block, element);
  const { id } = attributesOf(block);
  if (!shown?.url) return null;
  const href = escapeAttribute(shown.url);
  const name = shown.caption ? `<a href="${href}">${shown.caption}</a>` : '';
  return madeBlockMarkup(NAME, { ...(typeof id === 'number' ? { id } : {}), href: shown.url }, `<div class="wp-block-file">${name}<a href="${href}" class="wp-block-file__button wp-element-button" download>Download</a></div>`);
};

export const fileBlock: BlockDefinition = {
  carried: { [NAME]: { idBeforeClass: true } },
  transforms: {
    [IMAGE_BLOCK]: [{ to: NAME, title: 'File', make: fileOf('img'), carriesAnchor: true }],
    [AUDIO_BLOCK]: [{ to: NAME, title: 'File', make: fileOf('audio'), carriesAnchor: true }],
    [VIDEO_BLOCK]: [{ to: NAME, title: 'File', make: fileOf('video'), carriesAnchor: true }],
  },
  readers: { [NAME]: richBlockReader(fileFrame) },
  placeholders: { [NAME]: ['Write file name…', 'Add text…'] },
  inserter: [{ title: 'File', keywords: 'download pdf document', after: 'Media & text', picked: { media: 'file', markup: fileMarkup, empty: '<!-- wp:file /-->' } }],
  media: { [NAME]: 'file' },
};
