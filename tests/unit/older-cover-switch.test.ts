// @vitest-environment jsdom
// Older covers whose image was the wrapper's background, made here by the block editor's cover
// deprecations' own saves, with attributes in their comment those saves never wrote. A cover saved
// before WordPress 5.8: the block editor drops what its deprecation does not declare (alt text,
// `isDark`) and keeps a style (a text colour custom, named or a preset's, a background colour, the
// typography, the spacing, a border or one of its sides, a link colour, a shadow, a gap between blocks, an aspect ratio and the other dimensions, a background, values the style engine writes otherwise than as they are, an outline, any element's style, a part the style engine does not know), which its current save then writes on the wrapper as the style engine does (a style not an object it drops; a custom CSS makes it read the cover invalid, kept as written here). The first forms
// (`wp-block-cover-image`, under either name): it drops every setting they did not declare (a class,
// an anchor, a preset text colour, `isDark`) and keeps a lock, metadata and a style. The
// editor reads each editable, its Replace takes an image or a video as the current form's does, and
// its first edit saves what the block editor's migration saves. Fixed and repeated covers of WordPress
// 5.8 to 6.0 (the image the wrapper's background): alt text in their comment is dropped, as the block
// editor reads it from an image they do not hold.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorState, NodeSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { mediaBlockAt, mediaKinds } from '../../renderer/blocks/media-blocks.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { readByBlockEditor, strictlyInvalid } from '../helpers/strict-validity.ts';

interface Deprecation { attributes: Record<string, { default?: unknown }> }
const require = createRequire(import.meta.url);
const blocks = createRequire(require.resolve('@wordpress/blocks'))('@wordpress/blocks') as { getSaveContent(type: object, attributes: Record<string, unknown>, inner: WpBlock[]): string; __EXPERIMENTAL_ELEMENTS: Record<string, string> };

const wp = blockEditor();
const schema = getSchema(editorExtensions);
const cover = wp.getBlockType('core/cover') as unknown as { deprecated: Deprecation[] };
const inner = quietly(() => [wp.createBlock('core/paragraph', { content: 'Over the sea' })]);
const URL = 'https://example.com/uploads/sea.jpg';
const TEXT_COLOUR = { style: { color: { text: '#1e3a5f' } } };
/**
 * Styles holding what the cover's save writes nothing of, alone and beside what it writes: a gap between
 * blocks (the layout's), an aspect ratio (left out; a minimum height beside it written in its place,
 * the cover's own height its value), a background (left out), and the other dimensions.
 */
const LEFT_OUT_BY_THE_SAVE = [
  { spacing: { blockGap: '2em' } }, { spacing: { blockGap: { top: 'var:preset|spacing|30', left: '1em' }, padding: '1em' }, color: { text: '#1e3a5f' } },
  { dimensions: { aspectRatio: '16/9' } }, { color: { text: '#1e3a5f' }, dimensions: { aspectRatio: '4/3', minHeight: '50vh' }, spacing: { padding: '1em' } },
  { typography: { fontSize: '20px' }, dimensions: { minHeight: '300px' }, border: { width: '2px' } }, { dimensions: { height: '400px', minWidth: '10em', width: '80%', objectFit: 'cover' } },
  { background: { backgroundImage: { url: 'https://example.com/uploads/sky.jpg', id: 7, source: 'file', title: 'Sky' }, backgroundSize: 'cover', backgroundPosition: '50% 0' } },
  { background: { backgroundImage: { url: 'https://example.com/uploads/sky.jpg' } }, color: { text: '#1e3a5f' }, spacing: { blockGap: '1em' }, dimensions: { aspectRatio: '1' } },
];
/**
 * Values the style engine writes otherwise than as they are (a reference in camel case or with a
 * digit, a number, a value the serializer escapes or one that ends a declaration, an empty or naught
 * value written nowhere, a border of one side given as text) and the typography in its order.
 */
const VALUES_AS_THE_STYLE_ENGINE_WRITES = [
  { color: { text: 'var:preset|color|vividRed' } }, { color: { background: 'var:custom|brandColour2' }, spacing: { padding: { top: 'var:preset|spacing|x10' } } },
  { typography: { fontSize: 20, lineHeight: 1.5, fontWeight: 700, letterSpacing: 2 } }, { typography: { fontFamily: '"Open Sans", sans-serif', fontSize: '20px' } },
  { color: { text: 'red;background:url(https://example.com/a.png)' } }, { typography: { fontFamily: 'Fish & Chips <b>' }, shadow: '0 0 1px &amp; red' },
  { color: { text: '', background: '#ffffff' }, spacing: { padding: { top: 0, left: '1em' }, margin: '' } }, { border: { top: '1px solid', color: '#000000' } },
  { typography: { textColumns: 2, textIndent: '1em', textShadow: '1px 1px #000000', writingMode: 'vertical-rl' } },
];
/** Styles beyond a custom text colour that the cover's supports write on its wrapper: a preset's reference, a named colour, a background colour, a font size, padding and margin beside a colour, typography alone, a gradient (written nowhere), a border, a link colour, all of them, a border of one side or of each, a shadow custom or a preset's. */
const STYLES = [
  { color: { text: 'var:preset|color|vivid-red' } }, { color: { text: 'red' } }, { color: { text: '#1e3a5f', background: '#ffffff' } },
  { color: { text: '#1e3a5f' }, typography: { fontSize: '20px' } }, { color: { text: 'var:preset|color|black' }, spacing: { padding: { top: '10px', left: 'var:preset|spacing|50' }, margin: { bottom: '2em' } } },
  { typography: { fontSize: 'var:preset|font-size|large', lineHeight: '1.5', fontWeight: '700', letterSpacing: '2px', textTransform: 'uppercase' } }, { spacing: { padding: '1em' } },
  { color: { gradient: 'linear-gradient(135deg,#ffffff 0%,#000000 100%)' } }, { border: { width: '2px', color: '#000000', radius: '4px', style: 'solid' } }, { border: { radius: { topLeft: '4px', bottomRight: '1em' } } },
  { elements: { link: { color: { text: '#ff0000' } } } }, { color: { text: '#1e3a5f', background: '#ffffff' }, border: { color: 'var:preset|color|black' }, elements: { link: { color: { text: 'var:preset|color|vivid-red' } } } },
  { border: { top: { width: '2px', style: 'dashed', color: '#000000' } } }, { border: { color: '#111111', radius: '2px', left: { color: 'var:preset|color|black' }, bottom: { width: '1px' }, right: { style: 'solid' } } },
  { shadow: 'var:preset|shadow|natural' }, { color: { text: '#1e3a5f' }, shadow: '6px 6px 9px rgba(0, 0, 0, 0.2)', typography: { fontSize: '20px' } },
  ...LEFT_OUT_BY_THE_SAVE, ...VALUES_AS_THE_STYLE_ENGINE_WRITES,
].map((style) => ({ style }));
/** The groups of the style the style engine writes, and an outline's parts (each with a value: a reference, a number), which it writes after the dimensions. */
const ENGINE_GROUPS = ['border', 'color', 'dimensions', 'outline', 'spacing', 'typography'];
const OUTLINE = { color: 'var:preset|color|vividRed', style: 'dashed', offset: 2, width: '3px' };
/** An element's style: its colours, typography and a state's colour. */
const ELEMENT_STYLE = { color: { text: '#ff0000', background: '#000000' }, typography: { fontSize: '2em' }, ':hover': { color: { text: '#00ff00' } } };
/**
 * Styles holding what the style engine writes nothing of, or writes beyond what the cover's save wrote
 * before: an outline (each part alone, and all of it among the dimensions, spacing and a shadow), a link's
 * style and every other element's the block editor knows, all at once (colours, typography, a state: the
 * wrapper takes `has-link-color` for a link's colour of any kind, nothing else), a part it does not know (in
 * every one of its groups at once, at the top level, a state, a duotone filter), its groups given as text,
 * and a style that is not an object (dropped).
 */
const BEYOND_THE_STYLE_ENGINE = [
  ...Object.entries(OUTLINE).map(([part, value]) => ({ outline: { [part]: value } })),
  { dimensions: { minHeight: '10px' }, outline: OUTLINE, spacing: { padding: '1em' }, shadow: '1px 1px #000000', color: { text: '#1e3a5f' } },
  { elements: { link: ELEMENT_STYLE } }, { elements: Object.fromEntries(Object.keys(blocks.__EXPERIMENTAL_ELEMENTS).filter((element) => element !== 'link').map((element) => [element, ELEMENT_STYLE])) },
  { elements: { link: { color: { background: '#ff0000' } } } }, { elements: { link: { ':hover': { color: { text: '#00ff00' } } } } }, { elements: { link: { color: {} } } },
  Object.fromEntries(ENGINE_GROUPS.map((group) => [group, { unknownPart: '1px' }])), { unknownPart: { width: '1px' } }, { ':hover': { color: { text: '#00ff00' } } }, { filter: { duotone: 'var:preset|duotone|dark-grayscale' } },
  Object.fromEntries(ENGINE_GROUPS.map((group) => [group, '1px'])), 'not an object', ['an array'], null,
].map((style) => ({ style }));
const PLAIN_IMAGE = { url: URL, id: 5, dimRatio: 50 };
/** The covers the deprecations save: of an image, fixed too (v7 then wrote it as the wrapper's background), in a wide alignment. */
const ATTRIBUTE_SETS: Record<string, unknown>[] = [PLAIN_IMAGE, { url: URL, id: 5, dimRatio: 30, hasParallax: true, align: 'wide' }];
/** A cover of a height of its own, which the save writes whatever minimum height the style holds. */
const OF_A_HEIGHT = { url: URL, id: 5, dimRatio: 50, minHeight: 200 };
/** Covers and the attributes in their comment beside those the save writes, which it never wrote: alt text and `isDark` (dropped), a text colour (kept) over each cover. */
const UNWRITTEN: [Record<string, unknown>, Record<string, unknown>][] = [
  ...[{}, { alt: 'The sea' }, { isDark: false }, { alt: 'The sea', isDark: false }].map((unwritten) => [PLAIN_IMAGE, unwritten] as [Record<string, unknown>, Record<string, unknown>]),
  ...ATTRIBUTE_SETS.flatMap((attributes) => [TEXT_COLOUR, { ...TEXT_COLOUR, isDark: false }, ...STYLES].map((unwritten) => [attributes, unwritten] as [Record<string, unknown>, Record<string, unknown>])),
  ...[...LEFT_OUT_BY_THE_SAVE, ...VALUES_AS_THE_STYLE_ENGINE_WRITES].map((style) => [OF_A_HEIGHT, { style }] as [Record<string, unknown>, Record<string, unknown>]),
  ...BEYOND_THE_STYLE_ENGINE.map((unwritten) => [PLAIN_IMAGE, unwritten] as [Record<string, unknown>, Record<string, unknown>]),
];
/** Fixed and repeated covers, which WordPress 5.8 to 6.0 wrote as the wrapper's background before the overlay. */
const FIXED_SETS: Record<string, unknown>[] = [ATTRIBUTE_SETS[1], { url: URL, isRepeated: true, dimRatio: 50 }];
const isObject = (style: unknown) => style !== null && typeof style === 'object' && !Array.isArray(style);
/** Alt text in their comment, which the block editor reads from an image they do not hold (dropped), beside a lock (kept), and a style that is not an object (dropped). */
const UNWRITTEN_BY_FIXED: Record<string, unknown>[] = [{}, { alt: 'The sea' }, { alt: 'The sea', lock: { move: true } }, ...BEYOND_THE_STYLE_ENGINE.filter(({ style }) => !isObject(style))];
/** Every style (kept, written on the wrapper as the current save writes it), which their supports wrote on the wrapper, also beside alt text. */
const STYLED_BY_FIXED: Record<string, unknown>[] = [...STYLES, ...BEYOND_THE_STYLE_ENGINE.filter(({ style }) => isObject(style)), { alt: 'The sea', ...TEXT_COLOUR }];
/** Settings the first forms never wrote: undeclared by them (a class, an anchor, a preset text colour, `isDark`, alt text, a height: dropped), declared by every block (a lock, metadata, a custom text colour: kept). */
type FirstCase = [tags: readonly string[], attributes: Record<string, unknown>, unwritten: Record<string, unknown>];
/** Over both names of the block and each cover; the styles beyond the style engine's over one of each (the name and the image do not meet the style). */
const UNWRITTEN_BY_FIRST: FirstCase[] = [
  ...ATTRIBUTE_SETS.flatMap((attributes) => [{ className: 'sea' }, { anchor: 'sea' }, { textColor: 'vivid-red', isDark: false }, { isDark: true }, { alt: 'The sea' }, { minHeight: 300 }, { lock: { move: true } }, { metadata: { name: 'Sea' } }, TEXT_COLOUR, { ...TEXT_COLOUR, className: 'sea' }, ...STYLES].map((unwritten): FirstCase => [['cover', 'cover-image'], attributes, unwritten])),
  ...BEYOND_THE_STYLE_ENGINE.map((unwritten): FirstCase => [['cover'], PLAIN_IMAGE, unwritten]),
];

/**
 * The markup of a cover of `attributes` as `deprecation` saved it, with `unwritten` in its comment
 * too, when its save is of `form` and the block editor reads it valid (or, `valid` false, invalid) (read
 * once: the form is looked at first, since most saves are of another form and reading an older form
 * tries every deprecation).
 */
function savedBy(deprecation: Deprecation, tag: string, attributes: Record<string, unknown>, unwritten: Record<string, unknown>, content: WpBlock[], form: RegExp, valid = true): string | null {
  const defaults = Object.fromEntries(Object.entries(deprecation.attributes).filter(([, declared]) => declared.default !== undefined).map(([name, declared]) => [name, declared.default]));
  const html = quietly(() => blocks.getSaveContent({ ...wp.getBlockType('core/cover'), ...deprecation, name: 'core/cover' }, { ...defaults, ...attributes }, content));
  if (!form.test(html)) return null;
  const { title: _title, ...commented } = attributes;
  const markup = `<!-- wp:${tag} ${JSON.stringify({ ...commented, ...unwritten })} -->\n${html}\n<!-- /wp:${tag} -->`;
  return readByBlockEditor(markup)[0].isValid === valid ? markup : null;
}

/** The wrapper's form of each save before 5.8 (the image its background, the dim its class), and of the first forms. */
const DIM_FORM = /^<div class="wp-block-cover [^"]*has-background-dim[^"]*" style="background-image:url\(/;
const FIRST_FORM = /^<(?:section|div) class="wp-block-cover-image /;

/** Each deprecation's save of a cover of an image, where it writes the image as the wrapper's background and the dim as the wrapper's class (before 5.8), with each set of unwritten attributes in the comment. */
const SAMPLES = cover.deprecated.flatMap((deprecation, index) => UNWRITTEN.flatMap(([attributes, unwritten]) => {
  const saved = savedBy(deprecation, 'cover', attributes, unwritten, inner, DIM_FORM);
  return saved ? [[`deprecation ${index} of ${JSON.stringify(attributes)} with ${JSON.stringify(unwritten)}`, saved] as const] : [];
}));

/** Each first form's save (its class `wp-block-cover-image`) of a titled cover, under either name, with each setting it never wrote in the comment. */
const FIRST_SAMPLES = cover.deprecated.flatMap((deprecation, index) => UNWRITTEN_BY_FIRST.flatMap(([tags, attributes, unwritten]) => tags.flatMap((tag) => {
  const saved = savedBy(deprecation, tag, { ...attributes, title: 'Over the sea' }, unwritten, [], FIRST_FORM);
  return saved ? [[`deprecation ${index} as ${tag} of ${JSON.stringify(attributes)} with ${JSON.stringify(unwritten)}`, saved] as const] : [];
})));

/** The wrapper's form of the saves of WordPress 5.8 to 6.0 of a fixed or repeated cover: the image its background (after a style's declarations), an overlay element after it. */
const FIXED_FORM = /^<div class="wp-block-cover [^"]*" style="[^"]*background-image:url\([^>]*><span aria-hidden="true" /;

/** Each save of WordPress 5.8 to 6.0 of a fixed or repeated cover (the image the wrapper's background, an overlay element after it), with alt text in the comment. */
const FIXED_SAMPLES = cover.deprecated.flatMap((deprecation, index) => FIXED_SETS.flatMap((attributes) => UNWRITTEN_BY_FIXED.flatMap((unwritten) => {
  const saved = savedBy(deprecation, 'cover', attributes, unwritten, inner, FIXED_FORM);
  return saved ? [[`deprecation ${index} (fixed) of ${JSON.stringify(attributes)} with ${JSON.stringify(unwritten)}`, saved] as const] : [];
})));

/** Each of those saves of a fixed or repeated cover with a style in its comment that its supports wrote on the wrapper, as they wrote it. */
const FIXED_STYLED_SAMPLES = cover.deprecated.flatMap((deprecation, index) => FIXED_SETS.flatMap((attributes) => STYLED_BY_FIXED.flatMap((styled) => {
  const saved = savedBy(deprecation, 'cover', { ...attributes, ...styled }, {}, inner, FIXED_FORM);
  return saved ? [[`deprecation ${index} (fixed) of ${JSON.stringify(attributes)} with ${JSON.stringify(styled)} written`, saved] as const] : [];
})));

/**
 * A custom CSS in the style of those forms: every save of it adds `has-custom-css`, which the older saves
 * never wrote, so the block editor reads such a cover invalid; the editor keeps it as written, edited too.
 */
const FORMS = [['cover', inner, DIM_FORM, {}], ['cover', [], FIRST_FORM, { title: 'Over the sea' }], ['cover-image', [], FIRST_FORM, { title: 'Over the sea' }]] as const;
const WITH_CUSTOM_CSS = cover.deprecated.flatMap((deprecation, index) => FORMS.flatMap(([tag, content, form, title]) => {
  const saved = savedBy(deprecation, tag, { ...PLAIN_IMAGE, ...title }, { style: { css: 'color: red;' } }, [...content], form, false);
  return saved ? [[`deprecation ${index} as ${tag} with a custom CSS`, saved] as const] : [];
}));


/** A document saved after an edit of its first block (which no longer holds its source as read). */
function savedAfterAnEdit(json: JSONContent): string {
  const [first] = json.content ?? [];
  return docToMarkup({ ...json, content: [{ ...first, attrs: { ...first.attrs, source: null, canonical: null } } as JSONContent] });
}

it('has samples of every such form', () => {
  expect(SAMPLES.length).toBeGreaterThanOrEqual(UNWRITTEN.length);
  expect(FIXED_SAMPLES.length).toBeGreaterThanOrEqual(3 * FIXED_SETS.length * UNWRITTEN_BY_FIXED.length);
  expect(FIXED_STYLED_SAMPLES.length).toBeGreaterThanOrEqual(3 * FIXED_SETS.length * STYLED_BY_FIXED.length);
  expect(FIRST_SAMPLES.length).toBeGreaterThanOrEqual(2 * UNWRITTEN_BY_FIRST.reduce((sum, [tags]) => sum + tags.length, 0));
  expect(WITH_CUSTOM_CSS.length).toBeGreaterThanOrEqual(FORMS.length);
});

it.each([...SAMPLES, ...FIXED_SAMPLES, ...FIXED_STYLED_SAMPLES, ...FIRST_SAMPLES])('%s: editable, its Replace takes an image or a video, its first edit saved as the block editor migrates it', (_name, markup) => {
  const json = markupToDoc(markup);
  const doc = schema.nodeFromJSON(json);
  expect(doc.firstChild?.type.name).toBe('blockContainer');
  expect(docToMarkup(json)).toBe(markup);
  const found = mediaBlockAt(EditorState.create({ schema, doc, selection: NodeSelection.create(doc, 0) }));
  expect(found && mediaKinds(found.node)).toEqual(['image', 'video']);
  const edited = savedAfterAnEdit(json);
  expect(edited).toBe(quietly(() => wp.serialize(readByBlockEditor(markup) as WpBlock[])));
  expect(strictlyInvalid(edited)).toEqual([]);
});

it.each(WITH_CUSTOM_CSS)('%s: read invalid by the block editor, kept as written when edited', (_name, markup) => {
  expect(savedAfterAnEdit(markupToDoc(markup))).toBe(markup);
});
