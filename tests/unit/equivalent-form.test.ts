// @vitest-environment jsdom
// Blocks written with formatting the block editor does not see (equivalent-form.ts): the form
// without formatting keeps preformatted text and line breaks within text, and spaces a container's
// inner blocks as the serializer does. Measured over the corpus of core samples and fixture
// documents (a corpus suite, the `blocks` project): equivalent-form-corpus.test.ts.
import { expect, it } from 'vitest';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { equivalentForm, withoutFormatting } from '../../renderer/blocks/equivalent-form.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';

it('leaves preformatted text as written: whitespace in pre, code and textarea is the writer\'s', () => {
  for (const tag of ['pre', 'code', 'textarea']) {
    const html = `<figure>\n\t<${tag}>  one\n\t\ttwo\n</${tag}>\n</figure>`;
    expect(withoutFormatting(html)).toBe(`<figure><${tag}>  one\n\t\ttwo\n</${tag}></figure>`);
  }
  for (const name of ['verse', 'preformatted', 'code', 'html']) {
    const source = `<!-- wp:${name} -->\n<pre class="wp-block-${name}">\n\tIndented\n</pre>\n<!-- /wp:${name} -->`;
    expect(docToMarkup(markupToDoc(source))).toBe(source);
  }
});

it('keeps a line break within a line of text, and removes those at the edges of a block of HTML', () => {
  expect(withoutFormatting('<p>\n\tOne <em>two</em>\n\t<strong>three</strong>\n\tfour\n</p>')).toBe('<p>One <em>two</em>\n\t<strong>three</strong>\n\tfour</p>');
  expect(withoutFormatting('<ul>\n\t<li>One</li>\n\t<li>Two</li>\n</ul>')).toBe('<ul><li>One</li><li>Two</li></ul>');
  expect(withoutFormatting('<img\n\tsrc="a.jpg"\n\talt="A\n door"\n/>')).toBe('<img src="a.jpg" alt="A\n door"/>');
});

it('spaces the inner blocks of a container written indented as the serializer does, whatever the container and its blocks', () => {
  const paragraph = '<!-- wp:paragraph -->\n<p>Words</p>\n<!-- /wp:paragraph -->';
  const image = '<!-- wp:image {"id":7} -->\n<figure class="wp-block-image"><img src="https://example.com/door.jpg" alt="" class="wp-image-7"/></figure>\n<!-- /wp:image -->';
  const containers: [name: string, open: string, close: string, inner: string][] = [
    ['gallery', '<figure class="wp-block-gallery has-nested-images columns-default is-cropped">', '</figure>', image],
    ['group', '<div class="wp-block-group">', '</div>', paragraph],
    ['column', '<div class="wp-block-column">', '</div>', paragraph],
    ['quote', '<blockquote class="wp-block-quote">', '</blockquote>', paragraph],
  ];
  for (const [name, open, close, inner] of containers) {
    for (const indent of ['\t', '  ', '\n\t']) {
      const indented = (block: string) => block.split('\n').map((line) => `${indent}${line}`).join('\n');
      const source = `<!-- wp:${name} -->\n${open}\n${indented(inner)}\n\n${indented(inner)}\n${close}\n<!-- /wp:${name} -->`;
      const [piece] = splitBlocks(source);
      const form = piece.kind === 'block' ? equivalentForm(piece.block, piece.source) : null;
      expect(form, `${name} indented by ${JSON.stringify(indent)}`).toBe(`<!-- wp:${name} -->\n${open}${inner}\n\n${inner}${close}\n<!-- /wp:${name} -->`);
    }
  }
});
