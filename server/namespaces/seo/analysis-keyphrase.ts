// The SEO analysis of a post or page for its focus keyphrase: where the keyphrase appears
// (title, slug, first paragraph, meta description, subheadings, image alt texts), how often
// (density), how long the text is, and whether it links inside and outside the site.
// Without a keyphrase there is nothing to measure: the score is null (not analysed).
import { isHeading, normalise, words, type ParsedText } from './analysis-text.ts';
import { overallScore, type AnalysisResult, type Assessment, type Rating } from './analysis-score.ts';

export interface KeyphraseInput {
  keyphrase: string;
  title: string;
  slug: string;
  metaDescription: string;
  parsed: ParsedText;
  /** The site's own address, to tell internal links from outbound ones. */
  siteUrl: string;
}

/** How many times the normalised phrase occurs in the normalised text, as whole words. */
export function occurrences(text: string, phrase: string): number {
  const haystack = ` ${normalise(text)} `;
  const needle = ` ${normalise(phrase)} `;
  if (needle.trim() === '') return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length - 1)) count++;
  return count;
}

/** Whether every word of the phrase appears in the text, in any order. */
function hasAllWords(text: string, phrase: string): boolean {
  const present = new Set(words(text.toLowerCase()));
  return words(phrase.toLowerCase()).every((word) => present.has(word));
}

export function isInternalUrl(href: string, siteUrl: string): boolean {
  try {
    return new URL(href, `${siteUrl}/`).origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/** Links that lead somewhere: not anchors on the same page, mail or telephone links. */
function realLinks(parsed: ParsedText) {
  return parsed.links.filter((link) => link.href !== '' && !/^(#|mailto:|tel:|javascript:)/i.test(link.href));
}

function check(id: string, rating: Rating, text: string): Assessment {
  return { id, rating, text };
}

function titleCheck(input: KeyphraseInput): Assessment {
  const title = normalise(input.title);
  const phrase = normalise(input.keyphrase);
  if (title.startsWith(phrase)) return check('keyphrase_in_title', 9, 'The title begins with the keyphrase.');
  if (occurrences(input.title, input.keyphrase) > 0) return check('keyphrase_in_title', 6, 'The title contains the keyphrase, but not at its beginning.');
  return check('keyphrase_in_title', 3, 'The title does not contain the keyphrase.');
}

function slugCheck(input: KeyphraseInput): Assessment {
  const found = hasAllWords(input.slug.replace(/-/g, ' '), input.keyphrase);
  return check('keyphrase_in_slug', found ? 9 : 3, found ? 'The slug contains the keyphrase.' : 'The slug does not contain the keyphrase.');
}

function introductionCheck(input: KeyphraseInput): Assessment {
  const first = input.parsed.blocks.find((block) => !isHeading(block.tag))?.text ?? '';
  if (occurrences(first, input.keyphrase) > 0) return check('keyphrase_in_introduction', 9, 'The first paragraph contains the keyphrase.');
  if (hasAllWords(first, input.keyphrase)) return check('keyphrase_in_introduction', 6, 'The first paragraph contains the words of the keyphrase, but not together.');
  return check('keyphrase_in_introduction', 3, 'The first paragraph does not contain the keyphrase.');
}

function metaDescriptionCheck(input: KeyphraseInput): Assessment {
  if (input.metaDescription.trim() === '') return check('keyphrase_in_meta_description', 3, 'There is no meta description.');
  const count = occurrences(input.metaDescription, input.keyphrase);
  if (count === 0) return check('keyphrase_in_meta_description', 3, 'The meta description does not contain the keyphrase.');
  return count <= 2
    ? check('keyphrase_in_meta_description', 9, 'The meta description contains the keyphrase.')
    : check('keyphrase_in_meta_description', 6, `The meta description contains the keyphrase ${count} times: that is too often.`);
}

/** Subheadings (h2, h3) that contain the keyphrase's words: some but not nearly all is best. */
function subheadingCheck(input: KeyphraseInput): Assessment | null {
  const subheadings = input.parsed.blocks.filter((block) => block.tag === 'h2' || block.tag === 'h3');
  if (subheadings.length === 0) return null;
  const share = subheadings.filter((heading) => hasAllWords(heading.text, input.keyphrase)).length / subheadings.length;
  if (share === 0) return check('keyphrase_in_subheadings', 3, 'No subheading contains the keyphrase.');
  return share > 0.75
    ? check('keyphrase_in_subheadings', 6, 'Nearly every subheading contains the keyphrase: that is too many.')
    : check('keyphrase_in_subheadings', 9, 'Some subheadings contain the keyphrase.');
}

/** Keyphrase density in percent: occurrences × words of the keyphrase / words of the text. */
export function keyphraseDensity(text: string, keyphrase: string): number {
  const total = words(text).length;
  if (total === 0) return 0;
  return ((occurrences(text, keyphrase) * words(keyphrase).length) / total) * 100;
}

function densityCheck(input: KeyphraseInput, text: string): Assessment {
  const density = keyphraseDensity(text, input.keyphrase);
  const rating: Rating = density >= 0.5 && density <= 3 ? 9 : density > 0 && density < 0.5 ? 6 : 3;
  return check('keyphrase_density', rating, `Keyphrase density: ${density.toFixed(1)}%.`);
}

function textLengthCheck(text: string): Assessment {
  const count = words(text).length;
  const rating: Rating = count >= 300 ? 9 : count >= 250 ? 6 : 3;
  return check('text_length', rating, `The text has ${count} words.`);
}

function internalLinksCheck(input: KeyphraseInput): Assessment {
  const internal = realLinks(input.parsed).filter((link) => isInternalUrl(link.href, input.siteUrl));
  if (internal.length === 0) return check('internal_links', 3, 'There are no links to other pages of this site.');
  return internal.some((link) => !link.nofollow)
    ? check('internal_links', 9, `There are ${internal.length} links to other pages of this site.`)
    : check('internal_links', 6, 'Every link to this site is nofollow.');
}

function outboundLinksCheck(input: KeyphraseInput): Assessment {
  const outbound = realLinks(input.parsed).filter((link) => !isInternalUrl(link.href, input.siteUrl));
  if (outbound.length === 0) return check('outbound_links', 3, 'There are no links to other sites.');
  return outbound.some((link) => !link.nofollow)
    ? check('outbound_links', 9, `There are ${outbound.length} links to other sites.`)
    : check('outbound_links', 6, 'Every link to other sites is nofollow.');
}

function imageAltCheck(input: KeyphraseInput): Assessment {
  const { images } = input.parsed;
  if (images.length === 0) return check('image_keyphrase', 3, 'There are no images.');
  const withKeyphrase = images.filter((image) => hasAllWords(image.alt, input.keyphrase)).length;
  if (withKeyphrase > 0) return check('image_keyphrase', 9, `${withKeyphrase} of ${images.length} images have the keyphrase in their alt text.`);
  return images.some((image) => image.alt !== '')
    ? check('image_keyphrase', 6, 'The images have alt text, but none contains the keyphrase.')
    : check('image_keyphrase', 3, 'The images have no alt text.');
}

export function analyseKeyphrase(input: KeyphraseInput): AnalysisResult {
  if (normalise(input.keyphrase) === '') return { score: null, assessments: [] };
  const text = input.parsed.blocks.map((block) => block.text).join(' ');
  const assessments = [
    titleCheck(input), slugCheck(input), introductionCheck(input), metaDescriptionCheck(input),
    subheadingCheck(input), densityCheck(input, text), textLengthCheck(text), internalLinksCheck(input),
    outboundLinksCheck(input), imageAltCheck(input),
  ].filter((assessment): assessment is Assessment => assessment !== null);
  return { score: overallScore(assessments), assessments };
}
