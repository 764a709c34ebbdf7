// An image held in a list item of classic content (held-image.ts) as a list block's item writes it:
// as the block editor's raw handler leaves one in the item's rich text, in a figure (around its
// link when the image is all the link holds) and closed as HTML, so Convert to blocks gives what
// the raw handler gives.

/** An image as inline HTML writes it (`<img … />`), or linked alone (`<a …><img … /></a>`); attribute values never hold `>` (escaped). */
const IMAGE = /<a\s[^>]*><img\s[^>]*?\s\/><\/a>|<img\s[^>]*?\s\/>/g;

/** `html` (an item's rich text) with each image in a figure, around its link when it is the link's only content. */
export const itemImagesInFigures = (html: string) => html.replace(IMAGE, (image) => `<figure>${image.replace(/\s\/>/, '>')}</figure>`);
