// Classic lists holding an image in an item, for the tests of its reading (classic-editable.test.ts)
// and of Convert to blocks (classic-convert.test.ts).

/** An image as classic content holds one: an address and a text alternative (the image block's alone, outside a list item). */
export const PLAIN_IMAGE = '<img src="https://example.com/photo.jpg" alt="A photo" />';

/** An image as WordPress's editor inserts one: its alignment, size and library classes, a title and a size. */
export const CLASSED_IMAGE = '<img class="alignleft size-medium wp-image-12" title="The photo" src="https://example.com/photo-300x200.jpg" alt="A photo" width="300" height="200" />';

/** Where an image stands in its item's words (`words` among them). */
const IN_ITEM: Readonly<Record<string, (image: string, words: string) => string>> = {
  'alone': (image) => image,
  'words before': (image, words) => `${words} ${image}`,
  'words after': (image, words) => `${image} ${words}`,
  'words either side': (image, words) => `Lead ${image}${words}`,
  'linked alone': (image, words) => `<a href="https://example.com/photo.jpg">${image}</a> ${words}`,
  'in a link with words': (image, words) => `<a href="https://example.com/">${image} ${words}</a>`,
};

/** Where an image stands in a paragraph or a quote the item holds. */
export const IN_ITEM_BLOCKS: Readonly<Record<string, (image: string, words: string) => string>> = {
  'in a paragraph with words': (image, words) => `<p>${image} ${words}</p>`,
  'alone in a paragraph': (image) => `<p>${image}</p>`,
  'in a quote with words': (image, words) => `<blockquote>${image} ${words}</blockquote>`,
  'in a quote\u2019s paragraph with words': (image, words) => `<blockquote><p>${image} ${words}</p></blockquote>`,
  'alone in a quote after words': (image, words) => `${words}<blockquote>${image}</blockquote>`,
};

/** The lists around that item, each with another item holding `words` (a word typed there moves nothing): bulleted, numbered, spaced on lines, nested. */
const LISTS: Readonly<Record<string, (item: string, words: string) => string>> = {
  bulleted: (item, words) => `<ul><li>${item}</li><li>Other ${words}</li></ul>`,
  numbered: (item, words) => `<ol><li>Other ${words}</li><li>${item}</li></ol>`,
  'on lines': (item, words) => `<ul>\n<li>${item}</li>\n<li>Other ${words}</li>\n</ul>`,
  nested: (item, words) => `<ol><li>Other ${words}<ul><li>${item}</li></ul></li></ol>`,
};

/** Every list shape holding `image` in an item, by name, around `words`; `places`: where it stands in the item. */
export const itemImageLists = (image: string, words: string, places = IN_ITEM): { name: string; html: string }[] =>
  Object.entries(LISTS).flatMap(([list, around]) => Object.entries(places).map(([place, put]) => ({ name: `${list} list, image ${place}`, html: around(put(image, words), words) })));
