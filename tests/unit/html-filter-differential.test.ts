// The filter against every step that turns stored text into what readers get, in process and
// over thousands of hostile documents (tests/helpers/hostile-markup.ts): for each, what is
// stored for a writer without unfiltered_html, and each rendering of it (content with its
// block delimiters taken out, written and generated excerpts, captions, titles), holds nothing
// active by the HTML standard's parser. The same over HTTP, through every field and page:
// tests/integration/html-filter-differential.test.ts.
import { describe, expect, it } from 'vitest';
import type { HtmlProfile } from '../../server/content/html-filter.ts';
import { filterHtml } from '../../server/content/markup-filter.ts';
import { renderContent, renderExcerpt, renderTitle, stripBlocks } from '../../server/content/render.ts';
import { blockDelimiter, parseBlocks, writeBlocks } from '../../server/content/block-markup.ts';
import { serializeBlockAttributes } from '../../shared/block-attributes.ts';
import { activeParts } from '../helpers/active-html.ts';
import { delimiterPayloads, hostileDocuments, XSS_VECTORS } from '../helpers/hostile-markup.ts';

const DOCUMENTS = [...delimiterPayloads(), ...XSS_VECTORS, ...hostileDocuments(27, 200)];

/** Each way a stored text of the profile reaches a reader. */
const OUTPUTS: Record<HtmlProfile, Record<string, (stored: string) => string>> = {
  post: {
    stored: (stored) => stored,
    'content (and caption, description) rendered': renderContent,
    'written excerpt rendered': (stored) => renderExcerpt(stored, ''),
    'generated excerpt': (stored) => renderExcerpt('', stored),
    'short generated excerpt': (stored) => renderExcerpt('', stored, 3),
  },
  inline: { stored: (stored) => stored, 'title rendered': renderTitle },
};

const stored: Partial<Record<HtmlProfile, string[]>> = {};
/** Each document as stored for a writer without unfiltered_html (filtered once for the tests that read it). */
const storedAs = (profile: HtmlProfile) => (stored[profile] ??= DOCUMENTS.map((document) => filterHtml(document, profile)));

describe('the filter against what readers get', () => {
  it.each(['post', 'inline'] as const)('%s: nothing active in what is stored or in any rendering of it', (profile) => {
    const left: string[] = [];
    storedAs(profile).forEach((text, index) => {
      for (const [output, render] of Object.entries(OUTPUTS[profile])) {
        const served = render(text);
        const parts = activeParts(served);
        if (parts.length > 0) left.push(`${JSON.stringify(DOCUMENTS[index])} -> ${output}: ${parts.join(', ')} in ${JSON.stringify(served)}`);
      }
    });
    expect(left).toEqual([]);
  }, 120_000);

  it('what is stored is filtered already, and every reader of block markup finds the same blocks in it', () => {
    const differing: string[] = [];
    for (const text of storedAs('post')) {
      if (filterHtml(text, 'post') !== text) differing.push(`filtered again: ${JSON.stringify(text)}`);
      // Every delimiter is written as the block editor writes it, and none hides in the HTML between them.
      if (writeBlocks(parseBlocks(text), blockDelimiter) !== text) differing.push(`delimiters: ${JSON.stringify(text)}`);
      if (parseBlocks(stripBlocks(text)).some((block) => block.blockName !== null)) differing.push(`delimiter left for readers: ${JSON.stringify(text)}`);
    }
    expect(differing).toEqual([]);
  }, 120_000);

  it('the reported payload is stored with its attribute escaped and the markup after it removed', () => {
    const stored = filterHtml('<!-- wp:x {"a":"--><textarea>"} /--><img src=x onerror=alert(1)><meta http-equiv=refresh content="0;url=https://attacker.example/"></textarea>', 'post');
    expect(stored).toBe('<!-- wp:x {"a":"\\u002d\\u002d\\u0026gt;\\u003ctextarea\\u003e\\u003c/textarea\\u003e"} /--><img src="x">');
    expect(renderContent(stored)).toBe('<img src="x">');
  });

  it('block markup as the block editor writes it is kept byte for byte, and hand-written delimiters are written as it writes them', () => {
    const clean = '<!-- wp:group {"style":{"spacing":{"padding":"var(\\u002d\\u002dwp\\u002d\\u002dpreset)"}}} -->\n<div class="wp-block-group"><!-- wp:paragraph -->\n<p>In</p>\n<!-- /wp:paragraph --><!-- wp:spacer {"height":"1em"} /--></div>\n<!-- /wp:group -->';
    expect(filterHtml(clean, 'post')).toBe(clean);
    expect(filterHtml('<!--  wp:core/paragraph  {"a": "b--c"}  -->\n<p>x</p>\n<!-- /wp:paragraph -->', 'post'))
      .toBe('<!-- wp:paragraph {"a":"b\\u002d\\u002dc"} -->\n<p>x</p>\n<!-- /wp:paragraph -->');
  });

  it('block attributes are written with nothing that ends or opens a comment or a tag, and read back as they were', () => {
    const values = ['-->', '<!--', '--!>', '---', '<textarea>', '&amp;', '"quoted"', 'ends in a backslash\\', '\\"', 'var(--x)', 'é ü 😀'];
    for (const value of values) {
      const attrs = { a: value, [value]: [value, { b: value }] };
      const written = serializeBlockAttributes(attrs);
      expect(written, value).not.toMatch(/--|[<>&]/);
      expect(JSON.parse(written), value).toEqual(attrs);
      expect(parseBlocks(`<!-- wp:x ${written} /-->`)[0]!.attrs, value).toEqual(attrs);
    }
  });

  it('blocks nested deeper than any editor writes keep their HTML, filtered, without delimiters; many blocks side by side keep theirs', () => {
    const payload = '<!-- wp:x {"a":"--><textarea>"} /--><img src=x onerror=alert(1)></textarea>';
    const deep = filterHtml(`${'<!-- wp:group -->'.repeat(5000)}${payload}${'<!-- /wp:group -->'.repeat(5000)}`, 'post');
    expect(deep).not.toContain('<!--');
    expect([activeParts(deep), activeParts(renderContent(deep))]).toEqual([[], []]);
    const wide = '<!-- wp:paragraph -->\n<p>Words</p>\n<!-- /wp:paragraph -->\n'.repeat(300);
    expect(filterHtml(wide, 'post')).toBe(wide);
  });
});
