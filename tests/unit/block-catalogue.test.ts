// @vitest-environment jsdom
// Every block the inserter creates (renderer/editor/block-catalogue.ts): read as an editable
// node (not kept read-only, except the more tag and the page break, shown as markers), saved
// back byte for byte, strictly valid for the block editor (validateBlock) new and after the
// writer types in it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { CATALOGUE, searchCatalogue, searchInserter } from '../../renderer/editor/block-catalogue.ts';
import { APP_PATTERN_CATEGORIES, APP_PATTERNS } from '../../renderer/editor/app-patterns.ts';
import { patternEntries, UNCATEGORISED } from '../../renderer/editor/pattern-entries.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { DYNAMIC_BLOCKS } from '../../renderer/blocks/dynamic-blocks.ts';

/** Each block the catalogue makes from markup, by name: tables of each shape, media blocks with a picked file. */
const made = INSERTER_BLOCKS;

const kinds = (doc: JSONContent): string[] => [doc.type ?? '', ...(doc.content ?? []).flatMap(kinds)];

/** The document with `words` typed into its first empty text block (or an HTML or shortcode block's source), or null when it has no place to type in. */
function typedInto(doc: JSONContent, words: string): JSONContent | null {
  let done = false;
  const TEXT = new Set(['paragraph', 'richPart', 'captionPart', 'preformatted', 'heading', 'tableCell', 'tableHeader', 'tableCaption']);
  const visit = (node: JSONContent): JSONContent => {
    if (!done && TEXT.has(node.type ?? '') && !node.content?.length) {
      done = true;
      return { ...node, content: [{ type: 'text', text: words }] };
    }
    if (!done && node.type === 'sourceBlock') {
      done = true;
      return { ...node, attrs: { ...node.attrs, html: words.replace('&', '&amp;') } };
    }
    return node.content ? { ...node, content: node.content.map(visit) } : node;
  };
  const typed = visit(doc);
  return done ? typed : null;
}

// The block editor's API takes about 20 s to load the first time: loaded before the tests,
// so that it is not the cost of whichever test runs first.
beforeAll(() => {
  blockEditor();
}, 120_000);

describe('the blocks the inserter creates', () => {
  it.each(made)('%s is strictly valid as made', (_name, markup) => {
    expect(strictlyInvalid(markup)).toEqual([]);
  });

  it.each(made)('%s is read editable and saved back byte for byte', (_name, markup) => {
    const doc = markupToDoc(markup);
    expect(kinds(doc)).not.toContain('unknownBlock');
    expect(docToMarkup(doc)).toBe(markup);
  });

  // Blocks with words of their own to type (an image's caption, a spacer's height, a More block's text, a formula's LaTeX, an icon's settings and a dynamic block's settings have controls of their own, tested with them).
  const typable = made.filter(([, markup]) => typedInto(markupToDoc(markup), '') !== null);
  it('offers a place to type in every block but those holding no words', () => {
    expect(made.filter((sample) => !typable.includes(sample)).map(([name]) => name)).toEqual(['Image', 'File', 'Separator', 'Spacer', 'More', 'Page break', 'Math', 'Icon', ...Object.values(DYNAMIC_BLOCKS).filter((type) => !type.parent).map((type) => type.title)]);
  });

  it.each(typable)('%s stays strictly valid after the writer types in it', (_name, markup) => {
    const saved = docToMarkup(typedInto(markupToDoc(markup), 'Tea & cake') ?? {});
    expect(saved).toContain('Tea &amp; cake');
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});

describe('searching the inserter', () => {
  it('finds every block by its own name, first', () => {
    for (const entry of CATALOGUE) expect(searchCatalogue(entry.title)[0].title).toBe(entry.title);
  });
  it('finds blocks by other words a writer may type, and nothing for nonsense', () => {
    expect(searchCatalogue('youtube').map((entry) => entry.title)).toEqual(['Embed']);
    expect(searchCatalogue('h4').map((entry) => entry.title)).toEqual(['Heading 4']);
    expect(searchCatalogue('zzqx')).toEqual([]);
  });
});

describe('searching the inserter’s patterns', () => {
  const app = { patterns: [...APP_PATTERNS], categories: [...APP_PATTERN_CATEGORIES] };
  const lent = (name: string, title: string, more: object = {}) => ({ name, title, content: '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->', categories: ['featured'], keywords: [], description: '', ...more });
  const site = {
    patterns: [lent('theme/hero', 'Hero with a photo'), lent('theme/footer', 'Site footer', { inserter: false }), lent(APP_PATTERNS[0].name, 'Same name as the app’s'), lent('theme/loose', 'Loose pattern', { categories: ['unknown'] })],
    categories: [{ name: 'featured', label: 'Featured' }],
  };
  const patterns = patternEntries([app, site]);
  const titles = (query: string) => searchInserter(query, patterns).map((entry) => entry.title);
  const labelOf = (name: string) => APP_PATTERN_CATEGORIES.find((category) => category.name === name)?.label;

  it('lists every pattern of the app, then the site’s but those it keeps out of its inserter or of a name already listed, each under its first category', () => {
    expect(patterns.map((entry) => [entry.title, entry.category])).toEqual([
      ...APP_PATTERNS.map((pattern) => [pattern.title, labelOf(pattern.categories[0])]),
      ['Hero with a photo', 'Featured'], ['Loose pattern', UNCATEGORISED],
    ]);
    for (const entry of patterns) expect(entry.creation.kind).toBe('markup');
  });

  it('finds every pattern by its own name, after the blocks that match', () => {
    for (const entry of patterns) {
      const found = searchInserter(entry.title, patterns);
      expect(found.filter((each) => each.category !== undefined)[0].title).toBe(entry.title);
      expect(found.findIndex((each) => each.category !== undefined)).toBe(found.filter((each) => each.category === undefined).length);
    }
  });

  it('finds patterns by every category they are in, by keyword and by “pattern”', () => {
    for (const category of APP_PATTERN_CATEGORIES) {
      const inIt = APP_PATTERNS.filter((pattern) => pattern.categories.includes(category.name)).map((pattern) => pattern.title);
      expect(searchInserter(category.label, patterns).filter((entry) => entry.category !== undefined).map((entry) => entry.title)).toEqual(expect.arrayContaining(inIt));
    }
    expect(titles('faq')).toEqual(['Details', 'Accordion', 'Questions and answers']);
    expect(titles('pricing')).toEqual(['Three plans and their prices']);
    expect(titles('featured')).toEqual(['Hero with a photo']);
    expect(titles('pattern').filter((title) => !CATALOGUE.some((entry) => entry.title === title))).toEqual(patterns.map((entry) => entry.title));
    expect(titles('zzqx')).toEqual([]);
  });
});
