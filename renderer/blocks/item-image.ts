// An image held in a list item of classic content (held-image.ts) as a list block's item writes it:
// as the block editor's raw handler leaves one in the item's rich text, in a figure (around its
// link when the image is all the link holds) and closed as HTML, so Convert to blocks gives what
// the raw handler gives. In a paragraph the item holds (held-item-blocks.ts) an image among words
// stays as it is, as the raw handler leaves it there, but an aligned one, which the raw handler takes
// out into a figure before the paragraph; a paragraph holding the image alone is its figure.

/** An image as inline HTML writes it (`<img … />`), or linked alone (`<a …><img … /></a>`); attribute values never hold `>` (escaped). */
const IMAGE = /<a\s[^>]*><img\s[^>]*?\s\/><\/a>|<img\s[^>]*?\s\/>/g;
/** A paragraph of the item's rich text (paragraphs do not nest), kept apart by `split`. */
const PARAGRAPH = /(<p(?:\s[^>]*)?>[\s\S]*?<\/p>)/;
/** A paragraph holding an image alone. */
const IMAGE_ALONE = new RegExp(`^<p(?:\\s[^>]*)?>\\s*(${IMAGE.source})\\s*<\\/p>$`);

/** An image aligned by its class (`alignleft` …), as the raw handler tells one to take out of its paragraph. */
const ALIGNED = /<img\s(?:[^>]*?\s)?class="(?:[^"]*\s)?align(?:left|right|center)(?:\s[^"]*)?"/;

const inFigure = (image: string) => `<figure>${image.replace(/\s\/>/, '>')}</figure>`;

/** A paragraph of the item's rich text as the raw handler leaves it: the image it holds alone its figure, else each aligned image taken out into a figure before it, in order. */
function paragraphFigures(paragraph: string): string {
  const alone = IMAGE_ALONE.exec(paragraph);
  if (alone) return inFigure(alone[1]);
  const figures: string[] = [];
  const words = paragraph.replace(IMAGE, (image) => {
    if (!ALIGNED.test(image)) return image;
    figures.push(inFigure(image));
    return '';
  });
  return `${figures.join('')}${words.replace(/\s\/>/g, '>')}`;
}

/** `html` (an item's rich text) with each image in a figure, around its link when it is the link's only content; in a paragraph, an image alone or aligned. */
export const itemImagesInFigures = (html: string) =>
  html
    .split(PARAGRAPH)
    .map((part, index) => (index % 2 === 0 ? part.replace(IMAGE, inFigure) : paragraphFigures(part)))
    .join('');
