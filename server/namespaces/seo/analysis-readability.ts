// Readability of a text: Flesch reading ease, sentence and paragraph length, subheading
// distribution, passive voice and transition words. The first, the last two need English
// (syllables, auxiliaries, word lists); other languages get the checks that need no
// language knowledge, and the result says which were left out.
import { syllable } from 'syllable';
import { isHeading, sentences, words, type ParsedText } from './analysis-text.ts';
import { overallScore, ratingAtMost, type AnalysisResult, type Assessment, type Rating } from './analysis-score.ts';

export interface FleschCounts {
  words: number;
  sentences: number;
  syllables: number;
}

/** Flesch reading ease: 206.835 − 1.015 × words per sentence − 84.6 × syllables per word. */
export function fleschReadingEase(counts: FleschCounts): number {
  if (counts.words === 0 || counts.sentences === 0) return 0;
  return 206.835 - 1.015 * (counts.words / counts.sentences) - 84.6 * (counts.syllables / counts.words);
}

// Counting syllables is the slow part of indexing and words repeat: each is counted once.
const SYLLABLE_CACHE_LIMIT = 50_000;
const syllableCache = new Map<string, number>();

function syllables(word: string): number {
  const key = word.toLowerCase();
  let count = syllableCache.get(key);
  if (count === undefined) {
    count = Math.max(1, syllable(key));
    if (syllableCache.size >= SYLLABLE_CACHE_LIMIT) syllableCache.clear();
    syllableCache.set(key, count);
  }
  return count;
}

export function fleschCounts(text: string): FleschCounts {
  const all = words(text);
  return {
    words: all.length,
    sentences: sentences(text).length,
    syllables: all.reduce((sum, word) => sum + syllables(word), 0),
  };
}

const LONG_SENTENCE_WORDS = 20;
const LONG_PARAGRAPH_WORDS = 150;
const SECTION_WORDS = 300;

// A form of "to be" or "to get", then at most one adverb, then a past participle.
const AUXILIARY = '(?:am|is|are|was|were|be|been|being|get|gets|got|gotten|getting)';
const IRREGULAR = 'born|bought|brought|built|caught|chosen|done|drawn|driven|eaten|fallen|felt|found|forgotten|given|gone|grown|heard|held|hidden|hit|hurt|kept|known|laid|led|left|lost|made|meant|met|paid|put|read|ridden|run|said|seen|sent|set|shown|shut|sold|spoken|spent|stolen|struck|sung|taken|taught|thought|thrown|told|understood|won|worn|written';
const PASSIVE = new RegExp(`\\b${AUXILIARY}\\s+(?:\\w+ly\\s+)?(?:\\w+ed|${IRREGULAR})\\b`, 'i');

const TRANSITIONS = [
  'accordingly', 'additionally', 'afterwards', 'also', 'although', 'as a result', 'because', 'besides', 'but',
  'consequently', 'conversely', 'finally', 'first', 'for example', 'for instance', 'furthermore', 'hence',
  'however', 'in addition', 'in conclusion', 'in contrast', 'in fact', 'in short', 'indeed', 'instead',
  'likewise', 'meanwhile', 'moreover', 'nevertheless', 'next', 'nonetheless', 'otherwise', 'second',
  'similarly', 'since', 'so that', 'still', 'subsequently', 'then', 'therefore', 'thus', 'to summarise',
  'to summarize', 'ultimately', 'unless', 'whereas', 'while',
];
const TRANSITION = new RegExp(`\\b(?:${TRANSITIONS.join('|')})\\b`, 'i');

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100;
}

function fleschCheck(body: string[]): Assessment {
  // Counted block by block, so a paragraph without a full stop still ends its sentence.
  const counts = body.map(fleschCounts).reduce((sum, block) => ({
    words: sum.words + block.words, sentences: sum.sentences + block.sentences, syllables: sum.syllables + block.syllables,
  }));
  const ease = fleschReadingEase(counts);
  const rating: Rating = ease >= 60 ? 9 : ease >= 50 ? 6 : 3;
  return { id: 'flesch_reading_ease', rating, text: `Flesch reading ease: ${ease.toFixed(1)}.` };
}

function sentenceLengthCheck(all: string[]): Assessment {
  const long = percent(all.filter((sentence) => words(sentence).length > LONG_SENTENCE_WORDS).length, all.length);
  return { id: 'sentence_length', rating: ratingAtMost(long, 25, 30), text: `${long.toFixed(0)}% of the sentences have more than ${LONG_SENTENCE_WORDS} words.` };
}

function paragraphLengthCheck(paragraphs: string[]): Assessment {
  const longest = Math.max(0, ...paragraphs.map((paragraph) => words(paragraph).length));
  return { id: 'paragraph_length', rating: ratingAtMost(longest, LONG_PARAGRAPH_WORDS, 200), text: `The longest paragraph has ${longest} words.` };
}

function subheadingCheck(parsed: ParsedText): Assessment {
  const sections: number[] = [0];
  let headings = 0;
  for (const block of parsed.blocks) {
    if (isHeading(block.tag)) {
      headings++;
      sections.push(0);
    } else sections[sections.length - 1] += words(block.text).length;
  }
  const total = sections.reduce((sum, count) => sum + count, 0);
  if (headings === 0) {
    const rating: Rating = total <= SECTION_WORDS ? 9 : 3;
    return { id: 'subheading_distribution', rating, text: total <= SECTION_WORDS ? 'The text is short enough not to need subheadings.' : 'The text has no subheadings.' };
  }
  const longest = Math.max(...sections);
  return { id: 'subheading_distribution', rating: ratingAtMost(longest, SECTION_WORDS, 350), text: `The longest part without a subheading has ${longest} words.` };
}

function passiveCheck(all: string[]): Assessment {
  const passive = percent(all.filter((sentence) => PASSIVE.test(sentence)).length, all.length);
  return { id: 'passive_voice', rating: ratingAtMost(passive, 10, 15), text: `${passive.toFixed(0)}% of the sentences are in the passive voice.` };
}

function transitionCheck(all: string[]): Assessment {
  const share = percent(all.filter((sentence) => TRANSITION.test(sentence)).length, all.length);
  const rating: Rating = share >= 30 ? 9 : share >= 20 ? 6 : 3;
  return { id: 'transition_words', rating, text: `${share.toFixed(0)}% of the sentences contain a transition word.` };
}

export function isEnglish(language: string): boolean {
  return /^en\b/i.test(language);
}

/** The readability of a parsed text in `language` (a BCP 47 tag such as `en-GB`). */
export function analyseReadability(parsed: ParsedText, language: string): AnalysisResult {
  const body = parsed.blocks.filter((block) => !isHeading(block.tag)).map((block) => block.text);
  const all = body.flatMap(sentences);
  if (all.length === 0) return { score: null, assessments: [] };
  const assessments = [sentenceLengthCheck(all), paragraphLengthCheck(body), subheadingCheck(parsed)];
  if (!isEnglish(language)) {
    return {
      score: overallScore(assessments),
      assessments,
      skipped: {
        ids: ['flesch_reading_ease', 'passive_voice', 'transition_words'],
        reason: `These checks need English word knowledge; the text's language is ${language}.`,
      },
    };
  }
  assessments.unshift(fleschCheck(body));
  assessments.push(passiveCheck(all), transitionCheck(all));
  return { score: overallScore(assessments), assessments };
}
