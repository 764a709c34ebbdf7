// @vitest-environment jsdom
// Colours and sizes from the site's presets (issue 29): every palette colour and every gradient
// on every block that takes them here (the blocks holding blocks, a cover's overlay, a button, a
// pullquote, a paragraph and a heading), and every font size on a paragraph and a heading, set as
// the toolbar sets them and saved as the block editor saves those attributes: its own serialiser
// writes the same markup, and its validator accepts it (strictly); set back to none, the block is
// as it started. The editor shows each as the site does (the preset's custom property). The same
// over a theme's own palette (a connected site's, WordPress's Twenty Twenty-Three here) and over
// custom colours, on every colour control: text, background, a cover's overlay.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { DEFAULT_FONT_SIZES, DEFAULT_GRADIENTS, DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { COLOURED_BLOCKS, backgroundChoiceOf, colouredBlocksAt, setBlockColour } from '../../renderer/editor/block-colours.ts';
import { GRADIENT_CHOICE, setFontSize, setTextColour, textBlockAt } from '../../renderer/editor/block-settings.ts';
import { fontSizeOf, linkColourOf } from '../../renderer/blocks/text-colours.ts';
import type { PaletteColour } from '../../shared/site-types.ts';
import { blockEditor, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { editorsForFile, savedAfter } from '../helpers/editors-for-file.ts';
import { blockEditorCompositeIsDark, type CompositeIsDark } from '../helpers/cover-darkness.ts';

/** The block editor's judge of a cover's darkness: a palette overlay chosen writes isDark false on a light cover (over white, the image here not loaded). */
let editorIsDark: CompositeIsDark;
beforeAll(async () => {
  editorIsDark = await blockEditorCompositeIsDark();
});
/** A theme's own palette, as a connected site's theme declares it (Twenty Twenty-Three's theme.json). */
const THEME_PALETTE: PaletteColour[] = [
  { slug: 'base', colour: '#ffffff', name: 'Base' }, { slug: 'contrast', colour: '#000000', name: 'Contrast' }, { slug: 'primary', colour: '#9DFF20', name: 'Primary' },
  { slug: 'secondary', colour: '#345C00', name: 'Secondary' }, { slug: 'tertiary', colour: '#F6F6F6', name: 'Tertiary' },
];
const PALETTE = [...THEME_PALETTE, ...DEFAULT_PALETTE];
/** A theme's own gradients, as a theme.json declares them. */
const THEME_GRADIENTS = ['dusk-to-dawn', 'sea'];
/** Custom gradients as the block editor's gradient picker writes them (custom-gradient.test.ts): its default turned 45°, radial, three stops one see-through. */
const CUSTOM_GRADIENTS = [
  'linear-gradient(45deg,rgba(6,147,227,1) 0%,rgb(155,81,224) 100%)',
  'radial-gradient(rgba(6,147,227,1) 0%,rgb(155,81,224) 100%)',
  'linear-gradient(135deg,rgb(18,52,86) 0%,rgba(0,0,255,0.5) 40%,rgb(0,255,0) 100%)',
];
/** Custom colours, light and dark (a cover's overlay is judged by them). */
const CUSTOM_COLOURS = ['#123456', '#f0e0d0'];
/** Whether an element's style attribute holds `choice`: a preset's custom property, or a custom colour or gradient as written or as the DOM writes it back (rgb()). */
function holds(style: string | null, choice: string): boolean {
  const gradient = CUSTOM_GRADIENTS.includes(choice);
  if (!gradient && !choice.startsWith('#')) return (style ?? '').includes(`--${choice.replace(GRADIENT_CHOICE, '')})`);
  const probe = document.createElement('span');
  probe.style[gradient ? 'background' : 'color'] = choice;
  return [choice, probe.style[gradient ? 'background' : 'color']].some((form) => (style ?? '').includes(form));
}
const valueOf = (choice: string) => (choice.startsWith('#') ? choice : PALETTE.find((colour) => colour.slug === choice)?.colour);
const lightness = (dimRatio: unknown, choice: string) => (editorIsDark(Number(dimRatio ?? 100), valueOf(choice), '#FFF') ? {} : { isDark: false });

interface Wp {
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: WpBlock[]): WpBlock;
  serialize(blocks: WpBlock | WpBlock[]): string;
}
const wp = () => blockEditor() as unknown as Wp;
const openEditor = editorsForFile();

type Attributes = Record<string, unknown>;
const paragraph = () => wp().createBlock('core/paragraph', { content: 'Inner words' });
const IMAGE = 'https://example.com/a.png';

/** A sample of each coloured block made by the block editor with `extra` attributes on it, and the words the caret goes in. */
const SAMPLES: Record<string, (extra: Attributes) => WpBlock> = {
  'core/group': (extra) => wp().createBlock('core/group', { layout: { type: 'constrained' }, ...extra }, [paragraph()]),
  'core/columns': (extra) => wp().createBlock('core/columns', extra, [wp().createBlock('core/column', {}, [paragraph()])]),
  'core/column': (extra) => wp().createBlock('core/columns', {}, [wp().createBlock('core/column', extra, [paragraph()])]),
  'core/cover': (extra) => wp().createBlock('core/cover', { url: IMAGE, dimRatio: 50, ...extra }, [paragraph()]),
  'core/media-text': (extra) => wp().createBlock('core/media-text', { mediaUrl: IMAGE, mediaType: 'image', ...extra }, [paragraph()]),
  'core/buttons': (extra) => wp().createBlock('core/buttons', extra, [wp().createBlock('core/button', { text: 'Inner words' })]),
  'core/button': (extra) => wp().createBlock('core/buttons', {}, [wp().createBlock('core/button', { text: 'Inner words', ...extra })]),
  'core/pullquote': (extra) => wp().createBlock('core/pullquote', { value: 'Inner words', citation: 'Someone', ...extra }),
};
/** A cover without an image (its overlay over the page): its gradient class differs. */
const BARE_COVER = (extra: Attributes) => wp().createBlock('core/cover', { dimRatio: 100, ...extra }, [paragraph()]);

/** An editor holding `markup` with the caret in the words "Inner words". */
function editing(markup: string): Editor {
  const editor = openEditor(markup);
  let position = -1;
  editor.state.doc.descendants((node, at) => {
    if (position < 0 && node.isText && node.text?.includes('Inner words')) position = at;
  });
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, position + 1)));
  return editor;
}

/**
 * The editor of a case's choices, each judged from `start` as `editing` opened it: the same state
 * again (a value: the document, the caret, each plugin's state and an empty history as opened), not
 * an editor opened anew for each of the file's ~700 choices (every plugin built and every node view
 * drawn again: most of the file's time). What a choice changes is drawn as an editor draws any change.
 */
function editorFrom(start: string): () => Editor {
  const editor = editing(start);
  const opened = editor.state;
  return () => {
    editor.view.updateState(opened);
    return editor;
  };
}

const positionOf = (current: Editor, name: string) => colouredBlocksAt(current.state).find((block) => block.name === name)?.position ?? -1;

/** What the block editor saves for each choice of a part: the attributes it sets. */
const CHOICES: { part: 'text' | 'background'; kind: string; choices: string[]; attributes(name: string, choice: string): Attributes }[] = [
  { part: 'text', kind: 'palette', choices: DEFAULT_PALETTE.map((colour) => colour.slug), attributes: (_name, slug) => ({ textColor: slug }) },
  {
    part: 'background', kind: 'palette', choices: DEFAULT_PALETTE.map((colour) => colour.slug),
    attributes: (name, slug) => (name === 'core/cover' ? { overlayColor: slug, isUserOverlayColor: true } : { backgroundColor: slug }),
  },
  {
    part: 'background', kind: 'gradient', choices: DEFAULT_GRADIENTS.map((gradient) => `${GRADIENT_CHOICE}${gradient.slug}`),
    attributes: (name, choice) => ({ gradient: choice.slice(GRADIENT_CHOICE.length), ...(name === 'core/cover' ? { isUserOverlayColor: true } : {}) }),
  },
  {
    part: 'background', kind: "theme's gradients", choices: THEME_GRADIENTS.map((slug) => `${GRADIENT_CHOICE}${slug}`),
    attributes: (name, choice) => ({ gradient: choice.slice(GRADIENT_CHOICE.length), ...(name === 'core/cover' ? { isUserOverlayColor: true } : {}) }),
  },
  { part: 'text', kind: "theme's palette", choices: THEME_PALETTE.map((colour) => colour.slug), attributes: (_name, slug) => ({ textColor: slug }) },
  {
    part: 'background', kind: "theme's palette", choices: THEME_PALETTE.map((colour) => colour.slug),
    attributes: (name, slug) => (name === 'core/cover' ? { overlayColor: slug, isUserOverlayColor: true } : { backgroundColor: slug }),
  },
  {
    part: 'background', kind: 'custom gradients', choices: CUSTOM_GRADIENTS,
    attributes: (name, gradient) => (name === 'core/cover' ? { customGradient: gradient, isUserOverlayColor: true } : { style: { color: { gradient } } }),
  },
  { part: 'text', kind: 'custom colours', choices: CUSTOM_COLOURS, attributes: (_name, colour) => ({ style: { color: { text: colour } } }) },
  {
    part: 'background', kind: 'custom colours', choices: CUSTOM_COLOURS,
    attributes: (name, colour) => (name === 'core/cover' ? { customOverlayColor: colour, isUserOverlayColor: true } : { style: { color: { background: colour } } }),
  },
];

describe('colours of the blocks holding blocks, a button and a pullquote', () => {
  it('covers every block the toolbar colours', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(COLOURED_BLOCKS).sort());
  });

  const cases = [...Object.entries(SAMPLES), ['core/cover (no image)', BARE_COVER] as const];
  for (const [label, sample] of cases) {
    const name = label.split(' ')[0];
    for (const { part, kind, choices, attributes } of CHOICES) {
      if (part === 'text' && !COLOURED_BLOCKS[name].text) continue;
      it(`${label}: ${part} from the ${kind}, every entry saved as the block editor saves it, valid, and shown`, () => {
        const start = wp().serialize(sample({}));
        const fromStart = editorFrom(start);
        for (const choice of choices) {
          const current = fromStart();
          const position = positionOf(current, name);
          expect(position, name).toBeGreaterThanOrEqual(0);
          const saved = savedAfter(current, (state) => setBlockColour(state, position, part, choice, undefined, PALETTE));
          const judged = name === 'core/cover' && part === 'background' && !kind.includes('gradient') ? lightness(sample({}).attributes.dimRatio, choice) : {};
          expect(saved, choice).toBe(wp().serialize(sample({ ...attributes(name, choice), ...judged })));
          expect(strictlyInvalid(saved), choice).toEqual([]);
          const held = colouredBlocksAt(current.state).find((block) => block.position === position);
          expect(part === 'text' ? held?.text?.slug || held?.text?.value : held?.background).toBe(choice);
          // Shown in the editor as the site shows it: the preset's value on the block, or the custom colour.
          expect(holds((current.view.nodeDOM(position) as HTMLElement).getAttribute('style'), choice), choice).toBe(true);
          if (name !== 'core/cover') expect(savedAfter(current, (state) => setBlockColour(state, position, part, ''))).toBe(start);
        }
      });
    }
  }

  it('a background colour replaces a gradient and a gradient a background colour, as the block editor holds one or the other', () => {
    const current = editing(wp().serialize(SAMPLES['core/group']({ textColor: 'black' })));
    const position = positionOf(current, 'core/group');
    savedAfter(current, (state) => setBlockColour(state, position, 'background', `${GRADIENT_CHOICE}midnight`));
    expect(savedAfter(current, (state) => setBlockColour(state, position, 'background', 'vivid-red'))).toBe(wp().serialize(SAMPLES['core/group']({ textColor: 'black', backgroundColor: 'vivid-red' })));
    expect(savedAfter(current, (state) => setBlockColour(state, position, 'background', `${GRADIENT_CHOICE}pale-ocean`))).toBe(wp().serialize(SAMPLES['core/group']({ textColor: 'black', gradient: 'pale-ocean' })));
  });

  it("a custom colour gives way to the preset, as the block editor's picker replaces it", () => {
    const current = editing(wp().serialize(SAMPLES['core/group']({ style: { color: { background: '#123456', text: '#654321' } } })));
    const position = positionOf(current, 'core/group');
    expect(colouredBlocksAt(current.state)[0]).toMatchObject({ background: '#123456', text: { slug: '', custom: true, value: '#654321' } });
    savedAfter(current, (state) => setBlockColour(state, position, 'text', 'white'));
    const saved = savedAfter(current, (state) => setBlockColour(state, position, 'background', 'black'));
    expect(saved).toBe(wp().serialize(SAMPLES['core/group']({ textColor: 'white', backgroundColor: 'black' })));
    expect(strictlyInvalid(saved)).toEqual([]);
  });

  it("a cover's overlay colour and gradient replace each other, and a custom overlay gives way", () => {
    const current = editing(wp().serialize(SAMPLES['core/cover']({ customOverlayColor: '#123456' })));
    const position = positionOf(current, 'core/cover');
    expect(colouredBlocksAt(current.state)[0].background).toBe('#123456');
    savedAfter(current, (state) => setBlockColour(state, position, 'background', 'vivid-purple'));
    const saved = savedAfter(current, (state) => setBlockColour(state, position, 'background', `${GRADIENT_CHOICE}luminous-dusk`));
    // The gradient leaves the cover as light or dark as the colour before it made it.
    const judged = lightness(SAMPLES['core/cover']({}).attributes.dimRatio, 'vivid-purple');
    expect(saved).toBe(wp().serialize(SAMPLES['core/cover']({ gradient: 'luminous-dusk', isUserOverlayColor: true, ...judged })));
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});

describe('paragraphs and headings', () => {
  const TEXT_SAMPLES: [string, Attributes][] = [
    ['core/paragraph', { content: 'Inner words' }],
    ['core/heading', { content: 'Inner words', level: 3 }],
    ['core/paragraph', { content: 'Inner words', textColor: 'black', backgroundColor: 'white', style: { typography: { textAlign: 'center' } } }],
  ];
  for (const [block, attributes] of TEXT_SAMPLES) {
    it(`${block} ${JSON.stringify(attributes)}: every font size saved as the block editor saves it, valid, and back when set to the default`, () => {
      const start = wp().serialize(wp().createBlock(block, attributes));
      const fromStart = editorFrom(start);
      for (const { slug } of DEFAULT_FONT_SIZES) {
        const current = fromStart();
        const saved = savedAfter(current, (state) => setFontSize(state, slug));
        expect(saved, slug).toBe(wp().serialize(wp().createBlock(block, { ...attributes, fontSize: slug })));
        expect(strictlyInvalid(saved), slug).toEqual([]);
        expect(fontSizeOf(textBlockAt(current.state)?.node.attrs.blockAttributes as Attributes)).toEqual({ slug, custom: false });
        expect(current.view.dom.querySelector(`.has-${slug}-font-size`), slug).not.toBeNull();
        expect(savedAfter(current, (state) => setFontSize(state, ''))).toBe(start);
      }
    });

    it(`${block} ${JSON.stringify(attributes)}: every gradient as its background, preset or custom, saved as the block editor saves it, and valid`, () => {
      const start = wp().serialize(wp().createBlock(block, attributes));
      const fromStart = editorFrom(start);
      const { backgroundColor: _replaced, ...rest } = attributes;
      const chosen = [
        ...DEFAULT_GRADIENTS.map(({ slug }) => [`${GRADIENT_CHOICE}${slug}`, { gradient: slug }] as const),
        ...CUSTOM_GRADIENTS.map((gradient) => [gradient, { style: { ...(rest.style as Attributes | undefined), color: { gradient } } }] as const),
      ];
      for (const [choice, written] of chosen) {
        const current = fromStart();
        const saved = savedAfter(current, (state) => setTextColour(state, 'background', choice));
        expect(saved, choice).toBe(wp().serialize(wp().createBlock(block, { ...rest, ...written })));
        expect(strictlyInvalid(saved), choice).toEqual([]);
        expect(backgroundChoiceOf(textBlockAt(current.state)?.node.attrs.blockAttributes as Attributes), choice).toBe(choice);
      }
    });
  }

  for (const [block, attributes] of TEXT_SAMPLES) {
    for (const part of ['text', 'background'] as const) {
      it(`${block} ${JSON.stringify(attributes)}: its ${part} colour from the theme's palette and custom, saved as the block editor saves it, valid, shown, and back when set to none`, () => {
        const start = wp().serialize(wp().createBlock(block, attributes));
        const fromStart = editorFrom(start);
        const { [part === 'text' ? 'textColor' : 'backgroundColor']: _replaced, ...rest } = attributes;
        const restStyle = (rest.style ?? {}) as Attributes;
        for (const choice of [...THEME_PALETTE.map((colour) => colour.slug), ...CUSTOM_COLOURS]) {
          const current = fromStart();
          const saved = savedAfter(current, (state) => setTextColour(state, part, choice));
          const chosen = choice.startsWith('#') ? { style: { ...restStyle, color: { [part]: choice } } } : { [part === 'text' ? 'textColor' : 'backgroundColor']: choice };
          expect(saved, choice).toBe(wp().serialize(wp().createBlock(block, { ...rest, ...chosen })));
          expect(strictlyInvalid(saved), choice).toEqual([]);
          const element = current.view.dom.querySelector('p, h3') as HTMLElement;
          if (choice.startsWith('#')) expect(holds(element.getAttribute('style'), choice), choice).toBe(true);
          else expect(element.classList.contains(part === 'text' ? `has-${choice}-color` : `has-${choice}-background-color`), choice).toBe(true);
          expect(savedAfter(current, (state) => setTextColour(state, part, '')), choice).toBe(wp().serialize(wp().createBlock(block, rest)));
        }
      });
    }
  }

  it('a custom font size gives way to the preset', () => {
    const current = editing(wp().serialize(wp().createBlock('core/paragraph', { content: 'Inner words', style: { typography: { fontSize: '27px' } } })));
    expect(fontSizeOf(textBlockAt(current.state)?.node.attrs.blockAttributes as Attributes)).toEqual({ slug: '', custom: true });
    const saved = savedAfter(current, (state) => setFontSize(state, 'large'));
    expect(saved).toBe(wp().serialize(wp().createBlock('core/paragraph', { content: 'Inner words', fontSize: 'large' })));
    expect(strictlyInvalid(saved)).toEqual([]);
  });
});

describe('link colours', () => {
  /** A link colour as the block editor's Link colour writes it: a preset as a reference to it, a custom colour as itself. */
  const linkStyle = (choice: string) => ({ elements: { link: { color: { text: choice.startsWith('#') ? choice : `var:preset|color|${choice}` } } } });
  const CHOICES_OF_LINKS = [...THEME_PALETTE.map((colour) => colour.slug), ...CUSTOM_COLOURS];
  const supportsLink = (name: string) => (wp() as unknown as { getBlockType(name: string): { supports?: { color?: { link?: boolean } } } }).getBlockType(name)?.supports?.color?.link === true;

  it('are offered on the coloured blocks whose block type takes one (supports.color.link), as the block editor offers them', () => {
    for (const name of Object.keys(COLOURED_BLOCKS)) expect(COLOURED_BLOCKS[name].link === true, name).toBe(supportsLink(name));
    expect(supportsLink('core/paragraph') && supportsLink('core/heading')).toBe(true);
  });

  for (const name of Object.keys(SAMPLES).filter((block) => COLOURED_BLOCKS[block].link)) {
    it(`${name}: every link colour from the theme's palette and custom saved as the block editor saves it, valid, held, and back when set to none`, () => {
      const start = wp().serialize(SAMPLES[name]({ textColor: 'contrast' }));
      const fromStart = editorFrom(start);
      for (const choice of CHOICES_OF_LINKS) {
        const current = fromStart();
        const position = positionOf(current, name);
        const saved = savedAfter(current, (state) => setBlockColour(state, position, 'link', choice));
        expect(saved, choice).toBe(wp().serialize(SAMPLES[name]({ textColor: 'contrast', style: linkStyle(choice) })));
        expect(strictlyInvalid(saved), choice).toEqual([]);
        expect(colouredBlocksAt(current.state).find((block) => block.position === position)?.link).toBe(choice);
        expect(savedAfter(current, (state) => setBlockColour(state, position, 'link', ''))).toBe(start);
      }
    });
  }

  it('a block whose block type takes no link colour is not given one', () => {
    const current = editing(wp().serialize(SAMPLES['core/buttons']({})));
    expect(setBlockColour(current.state, positionOf(current, 'core/buttons'), 'link', 'contrast')).toBeNull();
  });

  for (const [block, attributes] of [
    ['core/paragraph', { content: 'Inner words' }],
    ['core/heading', { content: 'Inner words', level: 3, textColor: 'contrast', style: { typography: { textAlign: 'center' } } }],
  ] as const) {
    it(`${block} ${JSON.stringify(attributes)}: every link colour saved as the block editor saves it, valid, held, and back when set to none`, () => {
      const start = wp().serialize(wp().createBlock(block, attributes));
      const fromStart = editorFrom(start);
      const style = ('style' in attributes ? attributes.style : {}) as Attributes;
      for (const choice of CHOICES_OF_LINKS) {
        const current = fromStart();
        const saved = savedAfter(current, (state) => setTextColour(state, 'link', choice));
        expect(saved, choice).toBe(wp().serialize(wp().createBlock(block, { ...attributes, style: { ...style, ...linkStyle(choice) } })));
        expect(strictlyInvalid(saved), choice).toEqual([]);
        expect(linkColourOf(textBlockAt(current.state)?.node.attrs.blockAttributes as Attributes)).toBe(choice);
        expect(savedAfter(current, (state) => setTextColour(state, 'link', '')), choice).toBe(start);
      }
    });
  }
});
