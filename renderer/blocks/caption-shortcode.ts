// The `[caption]` shortcode's shape (an image, maybe linked, then its caption), as WordPress's
// editor wrote it before blocks: read in classic content (classic-caption.ts) and in pasted text
// (pasted-content.ts), which cannot import the reading of classic content (it is a part of it).

/** The name a caption shortcode's node goes by: it is no block, and is written without block comments. */
export const CLASSIC_CAPTION = 'classic/caption';

export const CAPTION_SHORTCODE = /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g;

/** The image (maybe linked) the shortcode starts with, and its caption after it. */
export const IMAGE_THEN_CAPTION = /^(\s*(?:<a\s[^>]*>)?<img\s[^>]*>(?:<\/a>)?\s*)([\s\S]*?)$/;
