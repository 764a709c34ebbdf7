// An image held in a list item of classic content (held-image.ts) as a list block's item writes it:
// as the block editor's raw handler leaves one in the item's rich text, in a figure (around its
// link when the image is all the link holds) and closed as HTML, so Convert to blocks gives what
// the raw handler gives. In a paragraph the item holds (held-item-blocks.ts) an image among words
// stays as it is, as the raw handler leaves it there; a paragraph holding the image alone is its figure.

/** An image as inline HTML writes it (`<img … />`), or linked alone (`<a …><img … /></a>`); attribute values never hold `>` (escaped). */
const IMAGE = /<a\s[^>]*><img\s[^>]*?\s\/><\/a>|<img\s[^>]*?\s\/>/g;
/** A paragraph of the item's rich text (paragraphs do not nest), kept apart by `split`. */
const PARAGRAPH = /(<p(?:\s[^>]*)?>[\s\S]*?<\/p>)/;
/** A paragraph holding an image alone. */
const IMAGE_ALONE = new RegExp(`^<p(?:\\s[^>]*)?>\\s*(${IMAGE.source})\\s*<\\/p>$`);

const inFigure = (image: string) => `<figure>${image.replace(/\s\/>/, '>')}</figure>`;

/** `html` (an item's rich text) with each image in a figure, around its link when it is the link's only content; in a paragraph, only an image alone. */
export const itemImagesInFigures = (html: string) =>
  html
    .split(PARAGRAPH)
    .map((part, index) => (index % 2 === 0 ? part.replace(IMAGE, inFigure) : part.replace(IMAGE_ALONE, (_paragraph, image: string) => inFigure(image)).replace(/\s\/>/g, '>')))
    .join('');
