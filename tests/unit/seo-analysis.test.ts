// The text analyses of seo/v1 on texts whose results are known: Flesch reading ease worked
// out by hand, Yoast's score groups, and each keyphrase and readability check.
import { describe, expect, it } from 'vitest';
import { parseHtml, sentences, words } from '../../server/namespaces/seo/analysis-text.ts';
import { fleschCounts, fleschReadingEase, analyseReadability } from '../../server/namespaces/seo/analysis-readability.ts';
import { analyseKeyphrase, keyphraseDensity, occurrences } from '../../server/namespaces/seo/analysis-keyphrase.ts';
import { overallScore, scoreGroup } from '../../server/namespaces/seo/analysis-score.ts';

const SITE = 'https://blog.example';

function ratings(result: { assessments: { id: string; rating: number }[] }): Record<string, number> {
  return Object.fromEntries(result.assessments.map((assessment) => [assessment.id, assessment.rating]));
}

describe('text structure', () => {
  it('splits rendered HTML into blocks, links and images', () => {
    const parsed = parseHtml('<h2>Intro</h2><p>One <a href="/x" rel="nofollow">link</a> here.</p><ul><li>Item &amp; more</li></ul><img src="/a.jpg" alt=" A cat ">');
    expect(parsed.blocks).toEqual([{ tag: 'h2', text: 'Intro' }, { tag: 'p', text: 'One link here.' }, { tag: 'li', text: 'Item & more' }]);
    expect(parsed.links).toEqual([{ href: '/x', text: 'link', nofollow: true }]);
    expect(parsed.images).toEqual([{ src: '/a.jpg', alt: 'A cat' }]);
  });

  it('counts sentences and words', () => {
    expect(sentences('It rains. Does it? Yes! Fine')).toEqual(['It rains.', 'Does it?', 'Yes!', 'Fine']);
    expect(words("Don't stop — well-known 42 times.")).toEqual(["Don't", 'stop', 'well-known', '42', 'times']);
  });
});

describe('Flesch reading ease', () => {
  it('is 206.835 − 1.015 × 6 − 84.6 × 1 = 116.145 for "The cat sat on the mat."', () => {
    const counts = fleschCounts('The cat sat on the mat.');
    expect(counts).toEqual({ words: 6, sentences: 1, syllables: 6 });
    expect(fleschReadingEase(counts)).toBeCloseTo(116.145, 3);
  });

  it('is 206.835 − 1.015 × 3 − 84.6 × 22/6 = −106.41 for two sentences of long words', () => {
    // read-a-bil-i-ty mat-ters / com-pli-cat-ed vo-cab-u-lar-y con-fus-es be-gin-ners: 22 syllables in 6 words.
    const counts = fleschCounts('Readability matters. Complicated vocabulary confuses beginners.');
    expect(counts).toEqual({ words: 6, sentences: 2, syllables: 22 });
    expect(fleschReadingEase(counts)).toBeCloseTo(-106.41, 2);
  });
});

describe('score groups (Yoast thresholds)', () => {
  it('puts 1-40 in bad, 41-70 in ok, 71-100 in good and no score in not analysed', () => {
    expect([1, 40, 41, 70, 71, 100].map(scoreGroup)).toEqual(['bad', 'bad', 'ok', 'ok', 'good', 'good']);
    expect(scoreGroup(null)).toBe('notAnalyzed');
  });

  it('adds ratings up as the share of the best possible', () => {
    expect(overallScore([{ id: 'a', rating: 9, text: '' }, { id: 'b', rating: 9, text: '' }, { id: 'c', rating: 3, text: '' }])).toBe(78);
    expect(overallScore([])).toBeNull();
  });
});

describe('readability', () => {
  const easy = '<p>The dog runs home. However, the cat stays in. Then the sun goes down.</p><p>We eat soup. Also, we play a game.</p>';

  it('rates a short, plain English text good on every check', () => {
    const result = analyseReadability(parseHtml(easy), 'en-GB');
    expect(ratings(result)).toEqual({
      flesch_reading_ease: 9, sentence_length: 9, paragraph_length: 9, subheading_distribution: 9, passive_voice: 9, transition_words: 9,
    });
    expect(result.score).toBe(100);
    expect(result.skipped).toBeUndefined();
  });

  it('finds the passive voice and long sentences', () => {
    const passive = '<p>The cake was eaten by the dog. The window was broken. The letters were written by hand. The dog sleeps.</p>';
    expect(ratings(analyseReadability(parseHtml(passive), 'en')).passive_voice).toBe(3);
    const long = `<p>${Array.from({ length: 25 }, () => 'word').join(' ')}.</p>`;
    expect(ratings(analyseReadability(parseHtml(long), 'en')).sentence_length).toBe(3);
  });

  it('wants subheadings in long texts: none over 300 words is bad, sections of at most 300 are good', () => {
    const paragraph = `<p>${Array.from({ length: 110 }, () => 'word').join(' ')}.</p>`;
    expect(ratings(analyseReadability(parseHtml(paragraph.repeat(3)), 'en')).subheading_distribution).toBe(3);
    expect(ratings(analyseReadability(parseHtml(`${paragraph}<h2>Two</h2>${paragraph}<h2>Three</h2>${paragraph}`), 'en')).subheading_distribution).toBe(9);
  });

  it('keeps to the checks that need no word lists for other languages, and says so', () => {
    const result = analyseReadability(parseHtml('<p>Der Hund läuft nach Hause. Die Katze bleibt drinnen.</p>'), 'de');
    expect(Object.keys(ratings(result))).toEqual(['sentence_length', 'paragraph_length', 'subheading_distribution']);
    expect(result.skipped?.ids).toEqual(['flesch_reading_ease', 'passive_voice', 'transition_words']);
    expect(result.skipped?.reason).toContain('de');
  });

  it('does not analyse an empty text', () => {
    expect(analyseReadability(parseHtml(''), 'en')).toEqual({ score: null, assessments: [] });
  });
});

describe('keyphrase', () => {
  it('counts whole-word occurrences and density', () => {
    expect(occurrences('Green tea is green. Green teapots are not green tea.', 'green tea')).toBe(2);
    const text = `green tea ${Array.from({ length: 98 }, () => 'word').join(' ')}`;
    expect(keyphraseDensity(text, 'green tea')).toBeCloseTo(2, 5);
  });

  it('is not analysed without a keyphrase', () => {
    expect(analyseKeyphrase({ keyphrase: ' ', title: 't', slug: 's', metaDescription: '', parsed: parseHtml('<p>x</p>'), siteUrl: SITE }).score).toBeNull();
  });

  it('rates each place the keyphrase should be', () => {
    const filler = (n: number) => Array.from({ length: n }, () => 'leaf').join(' ');
    const html = `<p>Green tea is the subject. ${filler(140)}.</p><h2>Brewing green tea</h2><p>${filler(160)} green tea.</p>`
      + `<h2>History</h2><p><a href="/about/">About us</a> and <a href="https://other.example/">elsewhere</a>.</p>`
      + '<img src="/cup.jpg" alt="A cup of green tea">';
    const good = analyseKeyphrase({
      keyphrase: 'Green tea', title: 'Green tea for beginners', slug: 'green-tea-for-beginners',
      metaDescription: 'All about green tea.', parsed: parseHtml(html), siteUrl: SITE,
    });
    expect(ratings(good)).toEqual({
      keyphrase_in_title: 9, keyphrase_in_slug: 9, keyphrase_in_introduction: 9, keyphrase_in_meta_description: 9,
      keyphrase_in_subheadings: 9, keyphrase_density: 9, text_length: 9, internal_links: 9, outbound_links: 9, image_keyphrase: 9,
    });
    expect(good.score).toBe(100);

    const poor = analyseKeyphrase({
      keyphrase: 'green tea', title: 'Coffee', slug: 'coffee', metaDescription: '',
      parsed: parseHtml('<p>Coffee is nice.</p>'), siteUrl: SITE,
    });
    expect(Object.values(ratings(poor)).every((rating) => rating === 3)).toBe(true);
    expect(poor.score).toBe(33);
    expect(scoreGroup(poor.score)).toBe('bad');
  });
});
