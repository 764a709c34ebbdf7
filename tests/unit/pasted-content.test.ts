// @vitest-environment jsdom
// Pasting as writers expect: plain text and Markdown become the blocks they describe, and
// pasted HTML never brings an image that would show broken on the site.
import { describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { pastedHtml, pastedTextHtml } from '../../renderer/blocks/pasted-content.ts';

const schema = getSchema(editorExtensions);
/** The block markup a paste of this HTML saves as. */
const saved = (html: string) => docToMarkup(SchemaParser.fromSchema(schema).parse(new DOMParser().parseFromString(html, 'text/html').body).toJSON() as JSONContent);
const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

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

describe('HTML', () => {
  it('leaves out images that cannot show on the site, and keeps web images', () => {
    const html = '<p>Text</p><img src="file:///C:/Users/me/AppData/Local/Temp/msohtmlclip1/01/clip_image002.png"><img src="x"><img src="blob:https://a/1"><img src="https://example.com/a.png" alt="A"><img src="/uploads/b.png" alt="B">';
    const cleaned = pastedHtml(html);
    expect([...cleaned.matchAll(/src="([^"]*)"/g)].map((match) => match[1])).toEqual(['https://example.com/a.png', '/uploads/b.png']);
  });
});
