// @vitest-environment jsdom
// Pasting as writers expect: plain text and Markdown become the blocks they describe, and
// pasted HTML never brings an image that would show broken on the site.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { clipboardFixture } from '../helpers/clipboard-fixtures.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyValid } from '../helpers/strict-validity.ts';
import { imagesNotPastedNotice, pastedHtml, pastedTextHtml, type ImagesNotPasted } from '../../renderer/blocks/pasted-content.ts';

const schema = getSchema(editorExtensions);
/** The block markup a paste of this HTML saves as, which the block editor accepts strictly. */
const saved = (html: string) => strictlyValid(docToMarkup(SchemaParser.fromSchema(schema).parse(new DOMParser().parseFromString(html, 'text/html').body).toJSON() as JSONContent));
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

// The block editor, the judge of what is saved, loads once (about 20 s).
beforeAll(() => {
  blockEditor();
}, 120_000);

describe('plain text', () => {
  it('makes a line break of a single newline and a new paragraph of a blank line', () => {
    expect(saved(pastedTextHtml('Dear editor,\nthank you.\n\nSecond paragraph\r\nwith a Windows line end.'))).toBe(
      [paragraph('Dear editor,<br>thank you.'), paragraph('Second paragraph<br>with a Windows line end.')].join('\n\n'),
    );
  });

  it('keeps characters that look like HTML as text', () => {
    expect(saved(pastedTextHtml('if a <b> & c </b> <img src=x onerror=alert(1)>'))).toBe(paragraph('if a &lt;b> &amp; c &lt;/b> &lt;img src=x onerror=alert(1)>'));
  });

  it('turns Markdown into headings, lists, quotes, code and links', () => {
    const markdown = '# Title\n\nSome **bold** and _em_ with [a link](https://example.com/).\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n```\nconst a = 1;\n```';
    const blocks = saved(pastedTextHtml(markdown));
    expect(blocks).toContain('<!-- wp:heading {"level":1} -->\n<h1 class="wp-block-heading">Title</h1>');
    expect(blocks).toContain(paragraph('Some <strong>bold</strong> and <em>em</em> with <a href="https://example.com/">a link</a>.'));
    expect(blocks).toContain('<ul class="wp-block-list"><!-- wp:list-item -->\n<li>one</li>');
    expect(blocks).toContain('<!-- wp:list {"ordered":true} -->');
    expect(blocks).toContain(`<blockquote class="wp-block-quote">${paragraph('quoted')}</blockquote>`);
    expect(blocks).toContain('<pre class="wp-block-code"><code>const a = 1;\n</code></pre>');
  });
});

const listItem = (html: string) => `<!-- wp:list-item -->\n<li>${html}</li>\n<!-- /wp:list-item -->`;
const list = (items: string[], ordered = false) =>
  `<!-- wp:list${ordered ? ' {"ordered":true}' : ''} -->\n<${ordered ? 'ol' : 'ul'} class="wp-block-list">${items.join('\n\n')}</${ordered ? 'ol' : 'ul'}>\n<!-- /wp:list -->`;

describe('HTML from Word', () => {
  const blocks = saved(pastedHtml(clipboardFixture('word.html')));

  it('keeps headings, marks and links, and drops empty paragraphs', () => {
    expect(blocks.startsWith('<!-- wp:heading {"level":1} -->\n<h1 class="wp-block-heading">Quarterly report</h1>\n<!-- /wp:heading -->\n\n')).toBe(true);
    expect(blocks).toContain(paragraph('Sales rose by <strong>twelve percent</strong>, and the new shop in <em>Leeds</em> opened on time. See <a href="https://example.com/results">the full results</a>.'));
    expect(blocks).not.toContain('<p>\u00a0</p>');
  });

  it('makes real lists of its bullet and numbered paragraphs, nested by level, without the bullet characters', () => {
    expect(blocks).toContain(list([listItem(`Online orders${list([listItem('Mostly at weekends')])}`), listItem('Fewer returns')]));
    expect(blocks).toContain(list([listItem('Hire two people'), listItem('Open in York')], true));
    expect(blocks).not.toMatch(/·|>o</);
  });

  it('brings no image from the computer it was copied on', () => {
    expect(blocks).not.toContain('wp:image');
    expect(blocks).not.toContain('file:');
  });
});

describe('HTML from a web page', () => {
  const blocks = saved(pastedHtml(clipboardFixture('web-page.html')));

  it('keeps headings, lists with nesting, quotes and links, without the page\'s styles or scripts', () => {
    expect(blocks).toContain('<h2 class="wp-block-heading">How to brew tea</h2>');
    expect(blocks).toContain(paragraph('Start with <strong>fresh</strong> water and a <a href="https://example.org/kettles">good kettle</a>.'));
    expect(blocks).toContain(list([listItem('Boil the water'), listItem(`Warm the pot${list([listItem('Swirl and pour away')])}`), listItem('Add the leaves')], true));
    expect(blocks).toContain(`<blockquote class="wp-block-quote">${paragraph('Tea is a cup of life.')}</blockquote>`);
    expect(blocks).not.toMatch(/style=|class="article|script|pasted/);
  });

  it('makes its figure an image block with the caption, and no image of a broken src', () => {
    expect(blocks).toContain('<img src="https://images.example.org/tea-640.jpg" alt="A cup of tea"/><figcaption class="wp-element-caption">Steep for <em>three</em> minutes</figcaption>');
    expect(blocks.match(/<!-- wp:image/g)).toHaveLength(1);
  });
});

describe('HTML', () => {
  it('leaves out images that cannot show on the site, and keeps web images', () => {
    const html = '<p>Text</p><img src="file:///C:/Users/me/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png"><img src="x"><img src="blob:https://a/1"><img src="https://example.com/a.png" alt="A"><img src="/uploads/b.png" alt="B">';
    const left: ImagesNotPasted[] = [];
    const cleaned = pastedHtml(html, (images) => left.push(images));
    expect([...cleaned.matchAll(/src="([^"]*)"/g)].map((match) => match[1])).toEqual(['https://example.com/a.png', '/uploads/b.png']);
    expect(left).toEqual([{ local: 2, unreachable: 1 }]);
    expect(imagesNotPastedNotice(left[0])).toBe('2 images could not be pasted: they are on your computer only; add them with the Image button. 1 image could not be pasted: it has no web address; add it with the Image button.');
  });

  it('tells the writer of a LibreOffice image that stays on the computer, and says nothing when every image came', () => {
    const left: ImagesNotPasted[] = [];
    pastedHtml('<p>Our trip<img src="file:///tmp/lu12345.tmp/10000201.png" width="320"></p>', (images) => left.push(images));
    expect(left.map(imagesNotPastedNotice)).toEqual(['1 image could not be pasted: it is on your computer only; add it with the Image button.']);
    pastedHtml('<p><img src="https://example.com/a.png"></p>', (images) => left.push(images));
    expect(left).toHaveLength(1);
  });
});

describe('HTML copied with a page\'s looks', () => {
  it('leaves a link\'s underline behind (LibreOffice\'s link style, a page\'s CSS), and keeps an underline the writer made', () => {
    expect(saved(pastedHtml('<p>See <font color="#000080"><u><a href="https://example.org/a">the figures</a></u></font> and <a href="https://example.org/b" style="color: red; text-decoration: underline">more</a>, <u>really</u>.</p>'))).toBe(
      paragraph('See <a href="https://example.org/a">the figures</a> and <a href="https://example.org/b">more</a>, <u>really</u>.'),
    );
  });

  it('makes a quote\'s cite its citation', () => {
    const blocks = saved(pastedHtml('<blockquote class="wp-block-quote" style="padding: 3px"><p>Tea is wisdom.</p><cite style="font-style: normal">A <em>proverb</em></cite></blockquote>'));
    expect(blocks).toBe('<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Tea is wisdom.</p>\n<!-- /wp:paragraph --><cite>A <em>proverb</em></cite></blockquote>\n<!-- /wp:quote -->');
  });

  it('keeps only marks and web links in a pasted caption or citation: a page\'s scripts, handlers and script links never reach the post', () => {
    const blocks = saved(pastedHtml('<figure><img src="https://example.org/a.png" alt=""><figcaption>Hi <img src=x onerror="alert(1)"><script>alert(2)</script></figcaption></figure><blockquote><p>Q</p><cite><a href="javascript:alert(3)" onclick="alert(4)">me</a> <b class="x">bold</b></cite></blockquote>'));
    expect(blocks).not.toMatch(/alert|onerror|onclick|<script|class="x"/);
    expect(blocks).toContain('<figcaption class="wp-element-caption">Hi</figcaption>');
    expect(blocks).toContain('<cite>me <b>bold</b></cite>');
    // Its siblings: a table's caption and an image's alt text.
    const table = saved(pastedHtml('<figure class="wp-block-table"><table><tbody><tr><td>A<img src=x onerror="alert(5)"></td></tr></tbody></table><figcaption>T <img src=x onerror="alert(6)"><a href="javascript:alert(7)">x</a></figcaption></figure><img src="https://example.org/b.png" alt="&quot; onerror=&quot;alert(8)">'));
    expect(table).toContain('<td>A</td>');
    expect(table).toContain('<figcaption class="wp-element-caption">T x</figcaption>');
    expect(table).toContain('alt="&quot; onerror=&quot;alert(8)"/>');
  });
});

describe('tables', () => {
  const cells = (tag: string, ...contents: string[]) => contents.map((content) => `<${tag}>${content}</${tag}>`).join('');

  it('makes a table block of a table from Word, each cell\'s paragraphs lines of its text, without Word\'s styles', () => {
    const blocks = saved(pastedHtml(clipboardFixture('word-table.html')));
    expect(blocks).toContain(
      `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><tbody><tr>${cells('td', '<strong>Day</strong>', '<strong>Hours</strong>')}</tr><tr>${cells('td', 'Monday', '9 to 5<br><em>Late opening till 8</em>')}</tr><tr>${cells('td', 'Sunday', '')}</tr></tbody></table></figure>\n<!-- /wp:table -->`,
    );
    expect(blocks).toContain(paragraph('Opening hours for the <strong>summer</strong>:'));
    expect(blocks).not.toMatch(/Mso|mso-|style=|width=/);
  });

  // The page's reference number stays superscript, the block editor's Superscript format.
  it('makes a table block of a table from a web page, with its header, footer, row headers, spans and caption', () => {
    const blocks = saved(pastedHtml(clipboardFixture('web-table.html')));
    expect(blocks).toContain(
      `<!-- wp:table -->\n<figure class="wp-block-table"><table class="has-fixed-layout"><thead><tr>${cells('th', 'Name', 'Radius (km)')}</tr></thead><tbody><tr><th scope="row">Jupiter</th><td>69,911</td></tr><tr><th scope="row">Earth</th><td>6,371<a href="#cite_note-1"><sup>[1]</sup></a></td></tr></tbody><tfoot><tr><td colspan="2">Figures rounded</td></tr></tfoot></table><figcaption class="wp-element-caption">The <a href="https://en.wikipedia.org/wiki/Planet">planets</a> by size</figcaption></figure>\n<!-- /wp:table -->`,
    );
    expect(blocks).toContain(paragraph('More text after.'));
  });
});

describe('held markup', () => {
  it('is never taken from a web page: a page posing as the editor\u2019s own blocks brings only what it shows', () => {
    const posing = '<div data-unknown-block data-markup="<script>alert(1)</script>"><p>Shown</p></div><div data-block-container data-name="core/group" data-opening="<div onclick=&quot;x()&quot;>" data-closing="</div>"><p>Inside</p></div><figure data-table-block data-figure-tag="<figure onmouseover=&quot;x()&quot;>"><table><tbody><tr><td>Cell</td></tr></tbody></table></figure>';
    const blocks = saved(pastedHtml(posing));
    expect(blocks).not.toMatch(/script|onclick|onmouseover/);
    expect(blocks).toContain(paragraph('Shown'));
    expect(blocks).toContain(paragraph('Inside'));
    expect(blocks).toContain('<figure class="wp-block-table"><table class="has-fixed-layout"><tbody><tr><td>Cell</td></tr></tbody></table></figure>');
  });

  it('reads a block\u2019s attributes that are not JSON as none, rather than fail the paste', () => {
    const copied = '<p data-pm-slice="0 0 []" data-block-attributes="{not json" data-opening-tag="<p>">Words</p>';
    expect(saved(pastedHtml(copied))).toBe(paragraph('Words'));
  });
});
