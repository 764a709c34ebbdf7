// @vitest-environment jsdom
// The block's own toolbar (issue 29): text alignment of paragraphs and headings, a block's own
// alignment, a details block open or closed, a table's header row, the number of columns and a
// quote's citation, a paragraph's or heading's palette colours, set in the editor as the toolbar sets them and saved as the block editor
// saves those attributes: the block editor's own serialiser writes the same markup, and its validator (validateBlock) accepts it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { ALIGNMENTS, MOST_COLUMNS, alignablesAt, columnsAt, detailsAt, dynamicBlockAt, quoteAt, setDynamicAttributes, setBlockAlign, setCitation, setColumnCount, setDetailsOpen, setHeaderRow, setTextAlign, setTextColour, tableAt, textBlockAt } from '../../renderer/editor/block-settings.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { DYNAMIC_BLOCKS, newDynamicBlock, settingValue, withSetting, type Setting } from '../../renderer/blocks/dynamic-blocks.ts';
import { colourOf } from '../../renderer/blocks/text-colours.ts';

/** The toolbar's colour parts of a paragraph or heading (a gradient is a background: block-colours.test.ts). */
type Part = 'text' | 'background';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile, savedAfter } from '../helpers/editors-for-file.ts';

interface WpBlock { name: string }
interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: WpBlock[]): WpBlock;
  serialize(blocks: WpBlock | WpBlock[]): string;
}
const wp = () => blockEditor() as unknown as Wp;
const LIBRARY = path.dirname(createRequire(import.meta.url).resolve('@wordpress/block-library/package.json'));

const openEditor = editorsForFile();

/** An editor holding `markup`, with the caret in the first text holding `words` (or the first node of `type` selected). */
function editing(markup: string, where: { words?: string; select?: string }): Editor {
  const editor = openEditor(markup);
  const { doc } = editor.state;
  let position: number | null = null;
  doc.descendants((node, at) => {
    if (position !== null) return false;
    if (where.select && node.type.name === where.select) position = at;
    else if (where.words && node.isText && node.text?.includes(where.words)) position = at;
    return true;
  });
  if (position === null) throw new Error(`Nothing to select in ${markup}`);
  const selection = where.select ? NodeSelection.create(doc, position) : TextSelection.create(doc, position + 1);
  editor.view.dispatch(editor.state.tr.setSelection(selection));
  return editor;
}

const ALIGNS = ['left', 'center', 'right'] as const;

describe('text alignment of paragraphs and headings', () => {
  const cases = [
    { block: 'core/paragraph', attributes: { content: 'Words here' } },
    { block: 'core/heading', attributes: { content: 'Words here', level: 2 } },
    { block: 'core/heading', attributes: { content: 'Words here', level: 4, anchor: 'part' } },
    { block: 'core/paragraph', attributes: { content: 'Words here', dropCap: true, fontSize: 'large' } },
  ];
  for (const { block, attributes } of cases) {
    for (const align of ALIGNS) {
      it(`${block} ${JSON.stringify(attributes)} aligned ${align}: saved as the block editor saves it, and valid`, () => {
        const start = wp().serialize(wp().createBlock(block, attributes));
        const current = editing(start, { words: 'Words' });
        expect(textBlockAt(current.state)?.align).toBe('');
        const saved = savedAfter(current, (state) => setTextAlign(state, align));
        expect(saved).toBe(wp().serialize(wp().createBlock(block, { ...attributes, style: { typography: { textAlign: align } } })));
        expect(strictlyInvalid(saved)).toEqual([]);
        expect(textBlockAt(current.state)?.align).toBe(align);
        // Aligned back to none: the block as it started.
        expect(savedAfter(current, (state) => setTextAlign(state, ''))).toBe(start);
      });
    }
  }

  it.each([
    ['paragraph', '<!-- wp:paragraph {"align":"center"} -->\n<p class="has-text-align-center">Words here</p>\n<!-- /wp:paragraph -->'],
    ['heading', '<!-- wp:heading {"textAlign":"center","level":3} -->\n<h3 class="wp-block-heading has-text-align-center">Words here</h3>\n<!-- /wp:heading -->'],
  ])('a %s aligned in the older form is read, and realigned in the current form, as the block editor migrates it', (kind, older) => {
    const current = editing(older, { words: 'Words' });
    expect(textBlockAt(current.state)?.align).toBe('center');
    const saved = savedAfter(current, (state) => setTextAlign(state, 'right'));
    expect(saved).toBe(wp().serialize(wp().createBlock(`core/${kind}`, { content: 'Words here', ...(kind === 'heading' ? { level: 3 } : {}), style: { typography: { textAlign: 'right' } } })));
  });

  it('is not offered in a list item or a table cell, whose lines have no alignment of their own', () => {
    const list = wp().serialize(wp().createBlock('core/list', {}, [wp().createBlock('core/list-item', { content: 'Item words' })]));
    expect(textBlockAt(editing(list, { words: 'Item' }).state)).toBeNull();
  });
});

describe('text and background colours of paragraphs and headings, from the palette', () => {
  const ATTRIBUTE: Record<Part, string> = { text: 'textColor', background: 'backgroundColor' };
  const other = (role: Part): Part => (role === 'text' ? 'background' : 'text');
  const serialised = (block: string, attributes: Record<string, unknown>) => wp().serialize(wp().createBlock(block, attributes));
  const cases = (role: Part) => [
    { block: 'core/paragraph', attributes: { content: 'Words here' } },
    { block: 'core/heading', attributes: { content: 'Words here', level: 3, anchor: 'part' } },
    { block: 'core/paragraph', attributes: { content: 'Words here', dropCap: true, fontSize: 'large', style: { typography: { textAlign: 'left' } } } },
    // The other role's colour stays; a link colour stays.
    { block: 'core/paragraph', attributes: { content: 'Words here', [ATTRIBUTE[other(role)]]: 'vivid-purple' } },
    { block: 'core/heading', attributes: { content: 'Words here', level: 2, style: { elements: { link: { color: { text: 'var:preset|color|black' } } } } } },
  ];
  for (const role of ['text', 'background'] as const) {
    for (const { block, attributes } of cases(role)) {
      it.each(DEFAULT_PALETTE.map((colour) => [colour.slug]))(`${block} ${JSON.stringify(attributes)}, ${role} colour %s: saved as the block editor saves it, valid, and back when set to the default`, (slug) => {
        const start = serialised(block, attributes);
        const current = editing(start, { words: 'Words' });
        const saved = savedAfter(current, (state) => setTextColour(state, role, slug));
        expect(saved).toBe(serialised(block, { ...attributes, [ATTRIBUTE[role]]: slug }));
        expect(strictlyInvalid(saved)).toEqual([]);
        expect(colourOf(textBlockAt(current.state)?.node.attrs.blockAttributes as Record<string, unknown>, role)).toEqual({ slug, custom: false });
        expect(savedAfter(current, (state) => setTextColour(state, role, ''))).toBe(start);
      });
    }

    it(`a custom ${role} colour gives way to the palette's, as the block editor's picker replaces it`, () => {
      const custom = serialised('core/paragraph', { content: 'Words here', style: { color: { [role]: '#123456' } } });
      const current = editing(custom, { words: 'Words' });
      expect(colourOf(textBlockAt(current.state)?.node.attrs.blockAttributes as Record<string, unknown>, role)).toEqual({ slug: '', custom: true });
      const saved = savedAfter(current, (state) => setTextColour(state, role, 'vivid-red'));
      expect(saved).toBe(serialised('core/paragraph', { content: 'Words here', [ATTRIBUTE[role]]: 'vivid-red' }));
      expect(strictlyInvalid(saved)).toEqual([]);
    });
  }
});

describe("a block's own alignment", () => {
  const image = (url: string) => wp().createBlock('core/image', { url, alt: '' });
  const paragraph = () => wp().createBlock('core/paragraph', { content: 'Inner words' });
  /** A block of every kind the toolbar aligns, made by the block editor, with where the caret goes in it. */
  const SAMPLES: Record<string, () => { block: WpBlock; where: { words?: string; select?: string } }> = {
    'core/image': () => ({ block: image('https://example.com/a.png'), where: { select: 'imageBlock' } }),
    'core/gallery': () => ({ block: wp().createBlock('core/gallery', { linkTo: 'none' }, [image('https://example.com/a.png'), image('https://example.com/b.png')]), where: { select: 'imageBlock' } }),
    'core/cover': () => ({ block: wp().createBlock('core/cover', { url: 'https://example.com/a.png', dimRatio: 50 }, [paragraph()]), where: { words: 'Inner' } }),
    'core/media-text': () => ({ block: wp().createBlock('core/media-text', { mediaUrl: 'https://example.com/a.png', mediaType: 'image' }, [paragraph()]), where: { words: 'Inner' } }),
    'core/group': () => ({ block: wp().createBlock('core/group', { layout: { type: 'constrained' } }, [paragraph()]), where: { words: 'Inner' } }),
    'core/columns': () => ({ block: wp().createBlock('core/columns', {}, [wp().createBlock('core/column', {}, [paragraph()])]), where: { words: 'Inner' } }),
    'core/details': () => ({ block: wp().createBlock('core/details', { summary: 'Ask' }, [paragraph()]), where: { words: 'Inner' } }),
  };

  it('offers each block the alignments its block type declares (supports.align)', () => {
    for (const [name, options] of Object.entries(ALIGNMENTS)) {
      const declared: unknown = JSON.parse(fs.readFileSync(path.join(LIBRARY, 'src', name.slice(5), 'block.json'), 'utf8')).supports?.align;
      expect(declared === true ? ['left', 'center', 'right', 'wide', 'full'] : declared, name).toEqual(options);
      expect(SAMPLES[name], `a sample of ${name}`).toBeDefined();
    }
  });

  for (const [name, options] of Object.entries(ALIGNMENTS)) {
    for (const align of options) {
      it(`${name} aligned ${align}: saved as the block editor saves it, and valid`, () => {
        const { block, where } = SAMPLES[name]();
        const start = wp().serialize(block);
        const current = editing(start, where);
        // An image selected in a gallery offers the image's alignment and the gallery's.
        const target = alignablesAt(current.state).find((alignable) => alignable.name === name);
        expect(target).toBeDefined();
        const position = target?.position ?? -1;
        const saved = savedAfter(current, (state) => setBlockAlign(state, position, align));
        expect(strictlyInvalid(saved)).toEqual([]);
        const { block: expected } = SAMPLES[name]();
        (expected as unknown as { attributes: Record<string, unknown> }).attributes.align = align;
        expect(saved).toBe(wp().serialize(expected));
        expect(alignablesAt(current.state).find((alignable) => alignable.position === position)?.align).toBe(align);
        expect(savedAfter(current, (state) => setBlockAlign(state, position, ''))).toBe(start);
      });
    }
  }
});

it('opens and closes a details block in the page, as its "Open by default" does', () => {
  const make = (showContent: boolean) => wp().serialize(wp().createBlock('core/details', { summary: 'Ask', showContent }, [wp().createBlock('core/paragraph', { content: 'Inner words' })]));
  const current = editing(make(false), { words: 'Inner' });
  expect(detailsAt(current.state)?.open).toBe(false);
  const open = savedAfter(current, (state) => setDetailsOpen(state, true));
  expect(open).toBe(make(true));
  expect(strictlyInvalid(open)).toEqual([]);
  expect(savedAfter(current, (state) => setDetailsOpen(state, false))).toBe(make(false));
});

it("adds a table's header row and removes it, as the block editor's Header section does", () => {
  const cells = (...words: string[]) => ({ cells: words.map((content) => ({ content, tag: 'td' })) });
  const heading = (...words: string[]) => ({ cells: words.map((content) => ({ content, tag: 'th' })) });
  const make = (head: unknown[]) => wp().serialize(wp().createBlock('core/table', { hasFixedLayout: true, head, body: [cells('Tea', '£2')] }));
  const current = editing(make([]), { words: 'Tea' });
  expect(tableAt(current.state)?.header).toBe(false);
  const withHeader = savedAfter(current, (state) => setHeaderRow(state, true));
  expect(withHeader).toBe(make([heading('', '')]));
  expect(strictlyInvalid(withHeader)).toEqual([]);
  expect(tableAt(current.state)?.header).toBe(true);
  expect(savedAfter(current, (state) => setHeaderRow(state, false))).toBe(make([]));
});

it('sets how many columns a columns block has, from 1 to its most, as the block editor adds and removes them', () => {
  const column = (words: string) => wp().createBlock('core/column', {}, [wp().createBlock('core/paragraph', { content: words })]);
  const emptyColumn = () => wp().createBlock('core/column', {}, [wp().createBlock('core/paragraph', {})]);
  const make = (count: number) => wp().serialize(wp().createBlock('core/columns', {}, [column('Left words'), ...Array.from({ length: count - 1 }, emptyColumn)]));
  const current = editing(make(2), { words: 'Left' });
  expect(columnsAt(current.state)?.count).toBe(2);
  for (const count of [MOST_COLUMNS, 3, 1, 2]) {
    const saved = savedAfter(current, (state) => setColumnCount(state, count));
    expect(saved).toBe(make(count));
    expect(strictlyInvalid(saved)).toEqual([]);
    expect(columnsAt(current.state)?.count).toBe(count);
  }
  // Beyond what the block offers, nothing changes.
  expect(setColumnCount(current.state, 0)).toBeNull();
  expect(setColumnCount(current.state, MOST_COLUMNS + 1)).toBeNull();
});

it("adds, changes and removes a quote's citation as the block editor saves it; one with formatting is kept as written", () => {
  const make = (citation?: string) => wp().serialize(wp().createBlock('core/quote', citation ? { citation } : {}, [wp().createBlock('core/paragraph', { content: 'Quoted words' })]));
  const current = editing(make(), { words: 'Quoted' });
  expect(quoteAt(current.state)?.citation).toBe('');
  const cited = savedAfter(current, (state) => setCitation(state, 'Ann & <Bo>'));
  expect(cited).toBe(make('Ann &amp; &lt;Bo&gt;'));
  expect(strictlyInvalid(cited)).toEqual([]);
  expect(quoteAt(current.state)?.citation).toBe('Ann & <Bo>');
  expect(savedAfter(current, (state) => setCitation(state, ''))).toBe(make());
  const formatted = editing(make('<em>Ann</em>'), { words: 'Quoted' });
  expect(quoteAt(formatted.state)).toMatchObject({ citation: 'Ann', formatted: true });
  expect(setCitation(formatted.state, 'Bo')).toBeNull();
});

describe("a selected dynamic block's settings, in the block toolbar", () => {
  /** A value of `setting` other than `held`. */
  const otherValue = (setting: Setting, held: unknown): unknown => {
    if (setting.kind === 'boolean') return held !== true;
    if (setting.kind === 'number') return held === setting.min ? setting.min + 1 : setting.min;
    if (setting.kind === 'text') return 'https://example.com/changed';
    return setting.choices.find(([value]) => value !== held)?.[0];
  };
  const cases = Object.entries(DYNAMIC_BLOCKS).flatMap(([name, type]) => type.settings.map((setting) => [name, setting.path, setting] as const));

  it.each(cases)('%s: %s set from the toolbar is saved, and the block stays selected and valid', (name, _path, setting) => {
    const current = editing(newDynamicBlock(name), { select: 'dynamicBlock' });
    const found = dynamicBlockAt(current.state);
    expect(found?.name).toBe(name);
    const value = otherValue(setting, settingValue(name, found?.attributes ?? {}, setting.path));
    const saved = savedAfter(current, (state) => setDynamicAttributes(state, withSetting(name, dynamicBlockAt(state)?.attributes ?? {}, setting.path, value)));
    expect(settingValue(name, dynamicBlockAt(current.state)?.attributes ?? {}, setting.path)).toEqual(value);
    expect(saved).toContain(JSON.stringify(value));
    expect(strictlyInvalid(saved)).toEqual([]);
  });

  it('is none where no dynamic block is selected', () => {
    expect(dynamicBlockAt(editing(wp().serialize(wp().createBlock('core/paragraph', { content: 'Words here' })), { words: 'Words' }).state)).toBeNull();
  });
});
