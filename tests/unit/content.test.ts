import { describe, expect, it } from 'vitest';
import { autop } from '@wordpress/autop';
import { paragraphs, renderContent, renderExcerpt, stripBlocks } from '../../server/content/render.ts';
import { slugFromText, uniqueSlug } from '../../server/content/slugs.ts';
import { pairFromGmt, pairFromLocal, parseDateTime, zoneOffsetHours } from '../../server/content/dates.ts';
import { searchTerms } from '../../server/store/post-query.ts';

describe('rendering', () => {
  it('removes block comments and keeps nested block HTML in place', () => {
    const markup = '<!-- wp:group --><div class="g"><!-- wp:paragraph --><p>Inner</p><!-- /wp:paragraph --></div><!-- /wp:group -->';
    expect(stripBlocks(markup)).toBe('<div class="g"><p>Inner</p></div>');
  });

  it('forms paragraphs from line breaks in classic content only', () => {
    expect(renderContent('First\n\nSecond line\nthird')).toBe('<p>First</p>\n<p>Second line<br />\nthird</p>\n');
    expect(renderContent('<!-- wp:paragraph -->\n<p>Kept</p>\n<!-- /wp:paragraph -->')).toBe('\n<p>Kept</p>\n');
  });

  it('generates an excerpt of 55 words (or excerpt_length) from the content when none is written', () => {
    const words = Array.from({ length: 60 }, (_, index) => `w${index}`).join(' ');
    const generated = renderExcerpt('', `<!-- wp:paragraph --><p>${words}</p><!-- /wp:paragraph -->`);
    expect(generated).toBe(`<p>${words.split(' ').slice(0, 55).join(' ')} [&hellip;]</p>\n`);
    expect(renderExcerpt('', words, 3)).toBe('<p>w0 w1 w2 [&hellip;]</p>\n');
    expect(renderExcerpt('Written.', words)).toBe('<p>Written.</p>\n');
    expect(renderExcerpt('', 'Short text')).toBe('<p>Short text</p>\n');
  });

  it('forms the same paragraphs as autop for every text, the one-line shortcut included', () => {
    // Characters autop treats specially (markup, line breaks, spaces of every kind, shortcodes, entities).
    const alphabet = ['a', 'Z', '0', ' ', ' ', '\t', '\f', '\v', '\u00a0', '\u2028', '\u3000', '&', '[', ']', '"', "'", '/', '>', '<', '\n', '\r', 'é', '😀', 'p', 'br'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const samples = ['', ' ', '\t', 'Body text.', ' padded ', 'a > b & c', 'x<br>y', 'line\nbreak', 'trailing\r'];
    for (let round = 0; round < 3000; round++) {
      const length = Math.floor(next() * 12);
      // Most samples are one line of plain text, the case the shortcut answers.
      const pool = round % 3 === 0 ? alphabet : alphabet.filter((char) => !/[<\r\n]/.test(char));
      samples.push(Array.from({ length }, () => pool[Math.floor(next() * pool.length)]).join(''));
    }
    for (const text of samples) expect(paragraphs(text), JSON.stringify(text)).toBe(autop(text));
  });
});

describe('slugs', () => {
  it('are made from titles and made unique with -2, -3', () => {
    expect(slugFromText('Hello World!')).toBe('hello-world');
    const taken = new Set(['hello', 'hello-2']);
    expect(uniqueSlug('hello', (slug) => taken.has(slug))).toBe('hello-3');
    expect(uniqueSlug('fresh', (slug) => taken.has(slug))).toBe('fresh');
  });
});

describe('dates', () => {
  it('reads dates without offset in the site zone and keeps the GMT pair consistent', () => {
    expect(pairFromLocal('2024-07-01T12:00:00', 'Europe/Paris')).toEqual({ local: '2024-07-01T12:00:00', gmt: '2024-07-01T10:00:00' });
    expect(pairFromGmt('2024-01-01T12:00:00', 'America/New_York')).toEqual({ local: '2024-01-01T07:00:00', gmt: '2024-01-01T12:00:00' });
    expect(pairFromLocal('2024-07-01T12:00:00Z', 'Europe/Paris')).toEqual({ local: '2024-07-01T14:00:00', gmt: '2024-07-01T12:00:00' });
    expect(parseDateTime('2024-13-01T00:00:00')).toBeNull();
    expect(zoneOffsetHours('Asia/Kolkata')).toBe(5.5);
  });
});

describe('search terms', () => {
  it('splits words, keeps quoted phrases and collects -excluded words', () => {
    expect(searchTerms('red "blue sky" -green')).toEqual({ include: ['red', 'blue sky'], exclude: ['green'] });
  });
});
