// The file block's PDF preview is labelled with the file's name, as its save writes it: the
// label follows the name the writer edits ("PDF embed" when the name is empty), or the block
// editor rejects the block.
import { asSerializedAttribute } from './inline-html.ts';

/** The file's name as rich text: the HTML of its link that is not the download button. */
const NAME_LINK = /<a(?![^>]*\sdownload[\s>])(?:\s[^>]*)?>([\s\S]*?)<\/a>/;
const PREVIEW_LABEL = /(<object class="wp-block-file__embed"[^>]*?\saria-label=")[^"]*(")/;

/** The file block's HTML with its PDF preview (when it has one) labelled with the file's name. */
export function withPreviewLabel(html: string): string {
  const name = NAME_LINK.exec(html)?.[1] ?? '';
  return html.replace(PREVIEW_LABEL, (_whole, opening: string, closing: string) => `${opening}${name === '' ? 'PDF embed' : asSerializedAttribute(name)}${closing}`);
}
