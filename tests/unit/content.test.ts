import { describe, expect, it } from 'vitest';
import { autop } from '@wordpress/autop';
import { paragraphs, renderContent, renderExcerpt, stripBlocks } from '../../server/content/render.ts';
import { sanitizeTitle, uniqueSlug } from '../../shared/slugs.ts';
import { pairFromGmt, pairFromLocal, parseDateTime, zoneOffsetHours } from '../../shared/dates.ts';
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

/** The reference's own expectations (its unit tests of sanitize_title_with_dashes, save context), input -> slug. */
const REFERENCE_SLUGS: [string, string][] = [
  ['Captain <strong>Awesome</strong>', 'captain-awesome'],
  ['fran%c3%a7%ois', 'fran%c3%a7ois'],
  ['ABC', 'abc'],
  ['a          t', 'a-t'],
  ['a    \n\n\nt', 'a-t'],
  ['a----t----t', 'a-t-t'],
  ['a----t----t----', 'a-t-t'],
  ['penn & teller bull', 'penn-teller-bull'],
  ['No &nbsp; Entities &ndash; Here &amp;', 'no-entities-here'],
  ['One &amp; Two', 'one-two'],
  ['One &#123; Two;', 'one-two'],
  ['One Two™;', 'one-two'],
  ['One &&amp; Two;', 'one-two'],
  ['One&Two', 'onetwo'],
  ["don't\u00a0break the space", 'dont-break-the-space'],
  ["don't&nbsp;break&#160;the&nbsp;space", 'dont-break-the-space'],
  ['Do – the Dash', 'do-the-dash'],
  ['Do the — Dash', 'do-the-dash'],
  ['Do &ndash; the &#8211; Dash', 'do-the-dash'],
  ['Do &mdash; the &#8212; Dash', 'do-the-dash'],
  ['Just ¡a Slug', 'just-a-slug'],
  ['Just a Slug¿', 'just-a-slug'],
  ['‹Just a Slug›', 'just-a-slug'],
  ['«Just a Slug»', 'just-a-slug'],
  ['Hey its “Curly Joe”', 'hey-its-curly-joe'],
  ['Hey its ‘Curly Joe’', 'hey-its-curly-joe'],
  ['Hey its „Curly Joe“', 'hey-its-curly-joe'],
  ['Hey its ‚Curly Joe‛', 'hey-its-curly-joe'],
  ['Hey its „Curly Joe‟', 'hey-its-curly-joe'],
  ['Fancy Title • Amazing', 'fancy-title-amazing'],
  ['Just © a Slug', 'just-a-slug'],
  ['® Just a Slug', 'just-a-slug'],
  ['Just a ° Slug', 'just-a-slug'],
  ['Just ™ a Slug', 'just-a-slug'],
  ['songs by Lennon/McCartney', 'songs-by-lennon-mccartney'],
  ['songs by Lennon//McCartney', 'songs-by-lennon-mccartney'],
  ['songs by Lennon///McCartney', 'songs-by-lennon-mccartney'],
  ['songs by Lennon/-McCartney', 'songs-by-lennon-mccartney'],
  ['//songs by Lennon/McCartney', 'songs-by-lennon-mccartney'],
  ['6×7 is 42', '6x7-is-42'],
  ['a\u0304a\u0301a\u030ca\u0300', 'aaaa'],
  ['āáǎà', 'aaaa'],
  ['a\u0301a\u0301a\u00b4a\u02ca', 'aaaa'],
];

describe('slugs', () => {
  it('follow the reference\'s sanitize_title, on its own unit tests\' expectations', () => {
    for (const [input, slug] of REFERENCE_SLUGS) expect(sanitizeTitle(input), JSON.stringify(input)).toBe(slug);
  });

  it('remove accents, percent-encode other scripts and emoji as UTF-8, and drop entities, "&" and stray "%"', () => {
    expect(sanitizeTitle('Crème Brûlée à la Française')).toBe('creme-brulee-a-la-francaise');
    expect(sanitizeTitle('Straße Œuvre Ærø Łódź')).toBe('strasse-oeuvre-aero-lodz');
    expect(sanitizeTitle('Tiếng Việt có dấu')).toBe('tieng-viet-co-dau');
    expect(sanitizeTitle('Привет мир')).toBe('%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80');
    expect(sanitizeTitle('日本語')).toBe('%e6%97%a5%e6%9c%ac%e8%aa%9e');
    expect(sanitizeTitle('🎉 Party')).toBe('%f0%9f%8e%89-party');
    expect(sanitizeTitle('Tom & Jerry')).toBe('tom-jerry');
    expect(sanitizeTitle('100% Pure')).toBe('100-pure');
    expect(sanitizeTitle('%D0%9F%D1%80')).toBe('%d0%9f%d1%80');
    expect(sanitizeTitle('under_score v1.2')).toBe('under_score-v1-2');
    expect(sanitizeTitle('&amp;&lt;&gt;')).toBe('');
  });

  it('stop before 200 characters of slug, never inside an encoded character', () => {
    expect(sanitizeTitle('a'.repeat(250))).toBe('a'.repeat(200));
    const cyrillic = sanitizeTitle('ж'.repeat(50));
    expect(cyrillic.length).toBeLessThanOrEqual(200);
    expect(cyrillic).toBe('%d0%b6'.repeat(33));
  });

  it('are made unique with -2, -3', () => {
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
