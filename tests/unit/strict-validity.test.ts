// @vitest-environment jsdom
// The strict judge itself (tests/helpers/strict-validity.ts): it accepts what the block editor
// writes for every block type, Custom HTML included (no type is exempt), and rejects what
// `parse().isValid` lets through: a block Inkwell wrote that its current save would not write.
import { beforeAll, describe, expect, it } from 'vitest';
import { blockEditor, corpus, quietly, type Sample } from '../helpers/block-editor.ts';
import { checkSaved, strictlyInvalid } from '../helpers/strict-validity.ts';

let samples: Sample[] = [];

beforeAll(() => {
  samples = corpus();
}, 120_000);

const PARAGRAPH_WITH_DIV = '<!-- wp:paragraph -->\n<div>Tea</div>\n<!-- /wp:paragraph -->';
/** A quote in an older form (its words as the block's own HTML, not a paragraph block), which the block editor still reads. */
const OLD_QUOTE = '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><p>Tea</p><cite>Me</cite></blockquote>\n<!-- /wp:quote -->';

describe('the strict judge of saved markup', () => {
  it('accepts the block editor\'s own output for every block type with an example, and every variant', () => {
    const rejected = samples.filter((sample) => sample.name.startsWith('core/')).flatMap((sample) => strictlyInvalid(sample.markup).map((name) => `${sample.name}: ${name}`));
    expect(samples.map((sample) => sample.name)).toContain('core/html');
    expect(rejected).toEqual([]);
  });

  it('judges a Custom HTML block by its content, made from attributes or read', () => {
    const wp = blockEditor();
    const made = wp.serialize([wp.createBlock('core/html', { content: '<marquee>Tea &amp; cake</marquee>' })]);
    expect(made).toBe('<!-- wp:html -->\n<marquee>Tea &amp; cake</marquee>\n<!-- /wp:html -->');
    expect(strictlyInvalid(made)).toEqual([]);
    expect(strictlyInvalid('<!-- wp:html -->\n<p>Unclosed <b>bold\n<!-- /wp:html -->')).toEqual([]);
  });

  it('rejects what parse().isValid accepts: a paragraph holding a div, a quote written in an older form', () => {
    const [paragraph] = quietly(() => blockEditor().parse(PARAGRAPH_WITH_DIV));
    expect(paragraph.isValid).toBe(true);
    expect(strictlyInvalid(PARAGRAPH_WITH_DIV)).toEqual(['core/paragraph']);
    expect(strictlyInvalid(OLD_QUOTE)).toEqual(['core/quote']);
    expect(strictlyInvalid(`<!-- wp:group -->\n<div class="wp-block-group">${PARAGRAPH_WITH_DIV}</div>\n<!-- /wp:group -->`)).toEqual(['core/paragraph']);
  });

  it('lets a block the writer did not touch stay in its older form, but not one the editor wrote', () => {
    const written = '<!-- wp:paragraph -->\n<p>New words</p>\n<!-- /wp:paragraph -->';
    expect(checkSaved(OLD_QUOTE, `${OLD_QUOTE}\n\n${written}`).invalid).toEqual([]);
    expect(checkSaved(OLD_QUOTE, OLD_QUOTE.replace('Tea', 'Coffee')).invalid).toEqual(['core/quote']);
    expect(checkSaved('', `${PARAGRAPH_WITH_DIV}\n\n${written}`).invalid).toEqual(['core/paragraph']);
  });

  it('gives a save judged again (its verdicts are kept per worker) the verdict for that original, whatever a caller did with the last one', () => {
    const saved = `${OLD_QUOTE}\n\n${PARAGRAPH_WITH_DIV}`;
    const first = strictlyInvalid(saved, OLD_QUOTE);
    expect(first).toEqual(['core/paragraph']);
    first.push('changed by its caller');
    expect(strictlyInvalid(saved, OLD_QUOTE)).toEqual(['core/paragraph']);
    expect(strictlyInvalid(saved)).toEqual(['core/quote', 'core/paragraph']);
    expect(strictlyInvalid(saved, OLD_QUOTE)).toEqual(['core/paragraph']);
  });
});
