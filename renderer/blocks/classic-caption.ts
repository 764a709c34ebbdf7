// Classic content's `[caption]` shortcode (an image and its caption, as WordPress's editor wrote
// them before blocks): shown as the captioned image, its caption edited as rich text, and
// written back as the same shortcode with the caption as the writer left it.
import type { JSONContent } from '@tiptap/core';
import { richBlockHtml } from './rich-blocks.ts';
import { richTextWithImagesHeld } from './html-nodes.ts';
import { CLASSIC_CAPTION, IMAGE_THEN_CAPTION } from './caption-shortcode.ts';

/** The shortcode as an editable node, or null when the editor would not write it back the same. */
export function captionNode(shortcode: string, attributes: string, inner: string): JSONContent | null {
  const parts = IMAGE_THEN_CAPTION.exec(inner);
  // (An image among the caption's words a piece among them.)
  const content = parts ? richTextWithImagesHeld(parts[2]) : null;
  if (!parts || !content) return null;
  const node: JSONContent = {
    type: 'richBlock',
    attrs: { name: CLASSIC_CAPTION, blockAttributes: null, before: `[caption${attributes}]${parts[1]}`, after: '[/caption]' },
    content: [{ type: 'richPart', attrs: { open: '', close: '', optional: false }, ...(content.length > 0 ? { content } : {}) }],
  };
  return richBlockHtml(node) === shortcode ? node : null;
}
