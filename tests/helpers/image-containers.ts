// The containers an image of classic content stands in among words, for the tests of Convert to
// blocks (classic-convert.test.ts) and of what it made reopened (reopen-converted-images.test.ts):
// where the image stands among the words, how it is aligned, and the containers the raw handler
// takes an aligned image out of (a division) or keeps it in (a caption's words).

/** How an image stands among a container's words: among them, alone, in a link of its own, in a link with words. */
export const IMAGE_AMONG: Readonly<Record<string, (image: string) => string>> = {
  'among words': (image) => `Words ${image} more`,
  alone: (image) => image,
  'linked among words': (image) => `Words <a href="https://example.com/">${image}</a> more`,
  'in a link with words': (image) => `<a href="https://example.com/">Words ${image}</a> more`,
};

/** An image aligned each way a classic post aligns one (by its class, with a size and the library's id or not; by the older attribute), and not aligned. */
export const IMAGE_ALIGNMENTS: Readonly<Record<string, string>> = {
  'class alignleft': '<img class="alignleft" src="https://example.com/photo.jpg" alt="A photo" />',
  'class alignright, a size and the library\u2019s id': '<img class="alignright size-medium wp-image-7" src="https://example.com/photo.jpg" alt="A photo" width="300" height="200" />',
  'class aligncenter': '<img class="aligncenter" src="https://example.com/photo.jpg" alt="" />',
  'align="left"': '<img align="left" src="https://example.com/photo.jpg" alt="A photo" />',
  'class alignnone': '<img class="alignnone size-full wp-image-7" src="https://example.com/photo.jpg" alt="A photo" />',
  'not aligned': '<img src="https://example.com/photo.jpg" alt="A photo" />',
};

/** Divisions around `words`, which the raw handler makes a Custom HTML block of: plain, with a class, in another division, its words in a paragraph beside another. */
export const DIVISIONS: Readonly<Record<string, (words: string) => string>> = {
  division: (words) => `<div>${words}</div>`,
  'division with a class': (words) => `<div class="note">${words}</div>`,
  'division in a division': (words) => `<div><div>${words}</div></div>`,
  'division\u2019s paragraph': (words) => `<div><p>${words}</p><p>Other words</p></div>`,
};

/** `[caption]` shortcodes around `words` (its caption, after its image): aligned with the library's id, and with its image linked and no alignment. */
export const CAPTION_SHORTCODES_AROUND: Readonly<Record<string, (words: string) => string>> = {
  'caption shortcode': (words) => `[caption id="attachment_9" align="alignright" width="300"]<img class="size-medium wp-image-9" src="https://example.com/main.jpg" alt="Main" width="300" height="200" /> ${words}[/caption]`,
  'caption shortcode, linked': (words) => `[caption width="580"]<a href="https://example.com/main.jpg"><img src="https://example.com/main.jpg" alt="" /></a>${words}[/caption]`,
};

/** `html` in `depth` quotes. */
export const inQuotes = (html: string, depth: number) => `${'<blockquote>'.repeat(depth)}${html}${'</blockquote>'.repeat(depth)}`;
