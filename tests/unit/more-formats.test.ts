// @vitest-environment jsdom
// The "More" text formats (issue 29): every format of the menu, on the words of every block that
// takes rich text, is saved as the block editor saves it (the same element around the same
// words, nothing else changed, and strictly valid), and read back into the same format: the
// saved block is editable again and comes back byte for byte.
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { docToMarkup } from '../../renderer/blocks/block-markup.ts';
import { MORE_FORMATS, selectedHighlight, setHighlight } from '../../renderer/editor/more-formats.ts';
import { highlightAttributes, highlightColours } from '../../renderer/blocks/highlight.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

interface WpBlock { name: string }
interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: WpBlock[]): WpBlock;
  serialize(blocks: WpBlock | WpBlock[]): string;
}
const wp = () => blockEditor() as unknown as Wp;
const openEditor = editorsForFile();

const WORDS = 'Words here';
const image = { url: 'https://example.com/a.jpg', alt: '' };

/**
 * Every block taking rich text, holding WORDS in it, as the block editor writes it. (An image's
 * caption is edited as its words in a field of the image's controls; formats in it stay as written.)
 */
const TEXT_BLOCKS: Readonly<Record<string, () => WpBlock>> = {
  paragraph: () => wp().createBlock('core/paragraph', { content: WORDS }),
  heading: () => wp().createBlock('core/heading', { content: WORDS, level: 2 }),
  'list item': () => wp().createBlock('core/list', {}, [wp().createBlock('core/list-item', { content: WORDS })]),
  quote: () => wp().createBlock('core/quote', {}, [wp().createBlock('core/paragraph', { content: WORDS })]),
  pullquote: () => wp().createBlock('core/pullquote', { value: WORDS }),
  verse: () => wp().createBlock('core/verse', { content: WORDS }),
  preformatted: () => wp().createBlock('core/preformatted', { content: WORDS }),
  button: () => wp().createBlock('core/buttons', {}, [wp().createBlock('core/button', { text: WORDS })]),
  'table cell': () => wp().createBlock('core/table', { body: [{ cells: [{ content: WORDS, tag: 'td' }] }] }),
  'table caption': () => wp().createBlock('core/table', { body: [{ cells: [{ content: 'Cell', tag: 'td' }] }], caption: WORDS }),
  'audio caption': () => wp().createBlock('core/audio', { src: 'https://example.com/a.mp3', caption: WORDS }),
  'video caption': () => wp().createBlock('core/video', { src: 'https://example.com/a.mp4', caption: WORDS }),
  'gallery caption': () => wp().createBlock('core/gallery', { caption: WORDS }, [wp().createBlock('core/image', { ...image, id: 1 })]),
};

/** The element the block editor writes around the words for each format (its own output, the oracle). */
const WRITTEN: Readonly<Record<string, string>> = {
  highlight: '<mark style="background-color:rgba(0, 0, 0, 0)" class="has-inline-color has-vivid-red-color">here</mark>',
  code: '<code>here</code>',
  keyboardInput: '<kbd>here</kbd>',
  strike: '<s>here</s>',
  subscript: '<sub>here</sub>',
  superscript: '<sup>here</sup>',
};

/** Selects `word` in the first text holding it. */
function select(editor: Editor, word: string): void {
  let range: { from: number; to: number } | null = null;
  editor.state.doc.descendants((node, at) => {
    const index = node.isText ? (node.text ?? '').indexOf(word) : -1;
    if (range === null && index >= 0) range = { from: at + index, to: at + index + word.length };
    return range === null;
  });
  if (range === null) throw new Error(`No "${word}" in ${editor.getHTML()}`);
  const { from, to } = range;
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, from, to)));
}

const apply = (editor: Editor, mark: string) => (mark === 'highlight' ? setHighlight(editor, { text: 'vivid-red' }) : editor.chain().toggleMark(mark).run());

it('the oracle names every format of the menu', () => {
  expect(Object.keys(WRITTEN).sort()).toEqual(MORE_FORMATS.map(({ mark }) => mark).sort());
});

describe.each(Object.entries(TEXT_BLOCKS))('in a %s', (_kind, make) => {
  it.each(MORE_FORMATS.map(({ mark }) => mark))('%s is saved as the block editor saves it, and read back editable, byte for byte', (mark) => {
    const start = wp().serialize(make());
    const editor = openEditor(start);
    select(editor, 'here');
    expect(apply(editor, mark)).toBe(true);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(start.replace(WORDS, `Words ${WRITTEN[mark]}`));
    expect(strictlyInvalid(saved)).toEqual([]);
    // Read back: the format is the editor's again (not kept read-only), and untouched it is saved as read.
    const again = openEditor(saved);
    select(again, 'here');
    expect(again.isActive(mark)).toBe(true);
    expect(docToMarkup(again.state.doc)).toBe(saved);
    // Taken off again: the block as it started.
    expect(mark === 'highlight' ? setHighlight(again, { text: '' }) : again.chain().toggleMark(mark).run()).toBe(true);
    expect(docToMarkup(again.state.doc)).toBe(start);
  });
});

describe('highlight colours', () => {
  it.each(DEFAULT_PALETTE.map(({ slug }) => slug))('%s, as text and as background, written as the block editor writes them and read back', (slug) => {
    const text = highlightAttributes({ text: slug, background: '' });
    expect(text).toEqual({ style: 'background-color:rgba(0, 0, 0, 0)', className: `has-inline-color has-${slug}-color` });
    expect(highlightColours(text)).toEqual({ text: slug, background: '' });
    const both = highlightAttributes({ text: slug, background: slug });
    expect(highlightColours(both)).toEqual({ text: slug, background: slug });
  });

  // A connected site's theme declares its own colours (the palette route); the Highlight offers them first, as the colour controls do.
  const THEME_PALETTE = [{ slug: 'accent', colour: '#D8613C', name: 'Accent' }, { slug: 'base-2', colour: '#f9f9f9', name: 'Base 2' }];
  const SITE_PALETTE = [...THEME_PALETTE, ...DEFAULT_PALETTE];

  it.each(SITE_PALETTE.map(({ slug }) => slug))('with a theme\'s palette, %s as text and as background is written with the palette\'s value and read back by its slug', (slug) => {
    const { colour } = SITE_PALETTE.find((preset) => preset.slug === slug)!;
    const both = highlightAttributes({ text: slug, background: slug }, SITE_PALETTE);
    expect(both).toEqual({ style: `background-color:${colour}`, className: `has-inline-color has-${slug}-color` });
    expect(highlightColours(both, SITE_PALETTE)).toEqual({ text: slug, background: slug });
  });

  it('a theme colour set on the selection is saved as the block editor saves it, strictly valid', () => {
    const editor = openEditor(wp().serialize(wp().createBlock('core/paragraph', { content: WORDS })));
    select(editor, 'here');
    setHighlight(editor, { background: 'accent', text: 'base-2' }, SITE_PALETTE);
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toContain('<mark style="background-color:#D8613C" class="has-inline-color has-base-2-color">here</mark>');
    expect(strictlyInvalid(saved)).toEqual([]);
  });

  it('a background and a text colour set one after the other make one highlight holding both', () => {
    const editor = openEditor(wp().serialize(wp().createBlock('core/paragraph', { content: WORDS })));
    select(editor, 'here');
    setHighlight(editor, { background: 'pale-pink' });
    setHighlight(editor, { text: 'black' });
    expect(selectedHighlight(editor)).toEqual({ text: 'black', background: 'pale-pink' });
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toContain('Words <mark style="background-color:#f78da7" class="has-inline-color has-black-color">here</mark>');
    expect(strictlyInvalid(saved)).toEqual([]);
  });

  it('a highlight written elsewhere (a custom colour, no class) stays as written, and editable', () => {
    const markup = '<!-- wp:paragraph -->\n<p>Words <mark style="color:#123456" class="has-inline-color">here</mark> and <mark>there</mark></p>\n<!-- /wp:paragraph -->';
    const editor = openEditor(markup);
    select(editor, 'here');
    expect(selectedHighlight(editor)).toEqual({ text: '#123456', background: '' });
    expect(editor.state.doc.firstChild?.type.name).toBe('paragraph');
    expect(docToMarkup(editor.state.doc)).toBe(markup);
  });
});
