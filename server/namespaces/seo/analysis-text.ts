// The structure of a rendered text that the analyses read: paragraphs, headings, links,
// images, sentences and words. Pure functions over HTML; no site, no storage.
import { Parser } from 'htmlparser2';

export interface TextLink {
  href: string;
  text: string;
  nofollow: boolean;
}

export interface TextImage {
  src: string;
  alt: string;
}

export interface TextBlock {
  /** `p`, `li`, `h2`… or `text` for text outside any block element. */
  tag: string;
  text: string;
}

export interface ParsedText {
  blocks: TextBlock[];
  links: TextLink[];
  images: TextImage[];
}

const BLOCK_TAGS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'td', 'th', 'dd', 'dt', 'figcaption', 'div']);
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript']);

export function isHeading(tag: string): boolean {
  return /^h[1-6]$/.test(tag);
}

/** Splits HTML into its text blocks and collects links and images, in document order. */
export function parseHtml(html: string): ParsedText {
  const blocks: TextBlock[] = [];
  const links: TextLink[] = [];
  const images: TextImage[] = [];
  const open: string[] = [];
  let skipping = 0;
  let current = '';
  let link: TextLink | null = null;
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text !== '') blocks.push({ tag: open.findLast((tag) => BLOCK_TAGS.has(tag)) ?? 'text', text });
    current = '';
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      if (SKIPPED_TAGS.has(name)) skipping++;
      if (BLOCK_TAGS.has(name) || name === 'br') flush();
      if (name === 'a' && attributes.href !== undefined) {
        link = { href: attributes.href.trim(), text: '', nofollow: /\bnofollow\b/i.test(attributes.rel ?? '') };
        links.push(link);
      }
      if (name === 'img') images.push({ src: attributes.src ?? '', alt: (attributes.alt ?? '').trim() });
      open.push(name);
    },
    ontext(text) {
      if (skipping > 0) return;
      current += text;
      if (link) link.text += text;
    },
    onclosetag(name) {
      if (BLOCK_TAGS.has(name)) flush();
      if (name === 'a') link = null;
      if (SKIPPED_TAGS.has(name)) skipping--;
      const index = open.lastIndexOf(name);
      if (index >= 0) open.length = index;
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  flush();
  return { blocks, links, images };
}

/** Plain text of a fragment of HTML or of an already plain string (titles, descriptions). */
export function plainText(html: string): string {
  return parseHtml(html).blocks.map((block) => block.text).join(' ');
}

/** Sentences of a text block: ends at . ! ? … followed by a space or the end. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=\S)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => words(sentence).length > 0);
}

/** Words: runs of letters and digits, with inner apostrophes and hyphens. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Lower case, punctuation gone, single spaces: the form keyphrases are compared in. */
export function normalise(text: string): string {
  return words(text.toLowerCase()).join(' ');
}

export function wordCount(parsed: ParsedText): number {
  return parsed.blocks.reduce((sum, block) => sum + words(block.text).length, 0);
}
