// `[caption]` shortcodes for the tests of Convert to blocks (classic-convert.test.ts) and of a
// shortcode pasted (classic-paste.test.ts).

/** `[caption]` shortcodes as WordPress's editor wrote them (the theme unit test's forms): each alignment or none, an id or none, the image linked or not, with the editor's classes and a title or not, a caption with markup or not. */
export const CAPTION_SHORTCODES = ['', ' align="alignnone"', ' align="aligncenter"', ' align="alignleft"'].flatMap((align) =>
  ['', ' id="attachment_906"'].flatMap((id) =>
    ['<img src="https://example.com/a.jpg" alt="A photo" />', '<img class="size-full wp-image-906  " title="The photo" alt="A photo" src="https://example.com/a.jpg" width="580" height="300" />', '<img class=" wp-image-906" alt="" src="https://example.com/a.jpg" />'].flatMap((image) =>
      ['', '<a href="https://example.com/a-large.jpg">'].flatMap((link) =>
        [' Plain words.', ' Look at getting some <a title="Image Settings" href="https://example.com/settings/">caption</a> <em>love</em>.'].map((caption) => `[caption${id}${align} width="580"]${link}${image}${link ? '</a>' : ''}${caption}[/caption]`),
      ),
    ),
  ),
);
