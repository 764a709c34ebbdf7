// The file block's PDF preview is labelled with the file's name, as its save writes it: the
// label follows the name the writer edits ("PDF embed" when the name is empty), or the block
// editor rejects the block.

/** The file's name as rich text: the HTML of its link that is not the download button. */
const NAME_LINK = /<a(?![^>]*\sdownload[\s>])(?:\s[^>]*)?>([\s\S]*?)<\/a>/;
const PREVIEW_LABEL = /(<object class="wp-block-file__embed"[^>]*?\saria-label=")[^"]*(")/;

/** A value as the block editor's serializer writes it in an attribute (an entity already written stays as it is). */
const asAttribute = (value: string) => value.replace(/&(?!(?:[a-z0-9]+|#[0-9]+|#x[a-f0-9]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The file block's HTML with its PDF preview (when it has one) labelled with the file's name. */
export function withPreviewLabel(html: string): string {
  const name = NAME_LINK.exec(html)?.[1] ?? '';
  return html.replace(PREVIEW_LABEL, (_whole, opening: string, closing: string) => `${opening}${name === '' ? 'PDF embed' : asAttribute(name)}${closing}`);
}
