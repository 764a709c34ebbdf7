// @vitest-environment happy-dom
// The editor loads block markup and saves it back: every block it models round-trips to
// the markup the block editor writes, and every other block survives byte for byte.
import { describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';

const roundTrip = (markup: string) => docToMarkup(markupToDoc(markup));

const CANONICAL: Record<string, string> = {
  paragraph: '<!-- wp:paragraph -->\n<p>Hello <strong>bold</strong>, <em>italic</em>, <s>gone</s>, <code>x()</code> and <a href="https://example.com/?a=1&amp;b=2">a link</a>.</p>\n<!-- /wp:paragraph -->',
  'heading level 2': '<!-- wp:heading -->\n<h2 class="wp-block-heading">A heading</h2>\n<!-- /wp:heading -->',
  'heading level 3': '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">Smaller</h3>\n<!-- /wp:heading -->',
  list: '<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item -->\n\n<!-- wp:list-item -->\n<li>Two<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>Nested</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list --></li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  'ordered list': '<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><!-- wp:list-item -->\n<li>First</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
  quote: '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Quoted words</p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->',
  code: '<!-- wp:code -->\n<pre class="wp-block-code"><code>if (a &lt; b) {\n  return "x";\n}</code></pre>\n<!-- /wp:code -->',
  image: '<!-- wp:image {"id":12,"sizeSlug":"large","linkDestination":"none"} -->\n<figure class="wp-block-image size-large"><img src="http://127.0.0.1:8787/uploads/2026/11/photo-1024x768.jpg" alt="A red door" class="wp-image-12"/><figcaption class="wp-element-caption">The door</figcaption></figure>\n<!-- /wp:image -->',
  embed: '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=abc","type":"video","providerNameSlug":"youtube"} -->\n<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=abc\n</div></figure>\n<!-- /wp:embed -->',
  separator: '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
};

describe('supported blocks', () => {
  for (const [name, markup] of Object.entries(CANONICAL)) {
    it(`round-trips a ${name} block to identical markup`, () => {
      expect(roundTrip(markup)).toBe(markup);
    });
  }

  it('loads each supported block as an editable node, not a locked one', () => {
    const types = markupToDoc(Object.values(CANONICAL).join('\n\n')).content!.map((node) => node.type);
    expect(types).toEqual(['paragraph', 'heading', 'heading', 'bulletList', 'orderedList', 'blockquote', 'codeBlock', 'image', 'embed', 'horizontalRule']);
  });

  it('round-trips a whole document of every block in order', () => {
    const markup = Object.values(CANONICAL).join('\n\n');
    expect(roundTrip(markup)).toBe(markup);
  });
});

describe('blocks the editor does not model', () => {
  const columns = '<!-- wp:columns {"verticalAlignment":"top"} -->\n<div class="wp-block-columns are-vertically-aligned-top"><!-- wp:column -->\n<div class="wp-block-column"><!-- wp:paragraph -->\n<p>Left</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:column --></div>\n<!-- /wp:columns -->';
  const selfClosing = '<!-- wp:foo/bar {"a":1,"b":"--x"} /-->';
  const styledParagraph = '<!-- wp:paragraph {"align":"center"} -->\n<p class="has-text-align-center">Centred</p>\n<!-- /wp:paragraph -->';

  it('keeps nested, self-closing and attributed blocks byte for byte, in place among editable ones', () => {
    const markup = [CANONICAL.paragraph, columns, selfClosing, styledParagraph, CANONICAL.separator].join('\n\n');
    const doc = markupToDoc(markup);
    expect(doc.content!.map((node) => node.type)).toEqual(['paragraph', 'unknownBlock', 'unknownBlock', 'unknownBlock', 'horizontalRule']);
    expect(roundTrip(markup)).toBe(markup);
  });

  it('keeps a paragraph with inline markup the editor does not model', () => {
    const markup = '<!-- wp:paragraph -->\n<p>E = mc<sup>2</sup></p>\n<!-- /wp:paragraph -->';
    expect(markupToDoc(markup).content![0].type).toBe('unknownBlock');
    expect(roundTrip(markup)).toBe(markup);
  });

  it('keeps an unclosed block rather than losing it', () => {
    const markup = '<!-- wp:group -->\n<div class="wp-block-group"><p>Never closed</p></div>';
    expect(roundTrip(markup)).toBe(markup);
  });
});

describe('classic content and the editor’s own documents', () => {
  it('loads HTML without block comments into paragraphs, headings and lists', () => {
    const doc = markupToDoc('<h2>Title</h2><p>One <em>two</em></p><ul><li>a</li><li>b</li></ul>');
    expect(doc.content!.map((node) => node.type)).toEqual(['heading', 'paragraph', 'bulletList']);
  });

  it('saves a document made in the editor as block markup', () => {
    const doc: JSONContent = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Line one' }, { type: 'hardBreak' }, { type: 'text', text: '<two> & three', marks: [{ type: 'bold' }] }] },
        { type: 'embed', attrs: { url: 'https://vimeo.com/1', type: '', providerNameSlug: '' } },
      ],
    };
    expect(docToMarkup(doc)).toBe(
      '<!-- wp:heading -->\n<h2 class="wp-block-heading">Plan</h2>\n<!-- /wp:heading -->\n\n' +
      '<!-- wp:paragraph -->\n<p>Line one<br><strong>&lt;two&gt; &amp; three</strong></p>\n<!-- /wp:paragraph -->\n\n' +
      '<!-- wp:embed {"url":"https://vimeo.com/1"} -->\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/1\n</div></figure>\n<!-- /wp:embed -->',
    );
  });

  it('gives empty markup for an empty document, and an empty paragraph for empty markup', () => {
    expect(docToMarkup({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
    expect(markupToDoc('').content).toEqual([{ type: 'paragraph' }]);
  });
});
