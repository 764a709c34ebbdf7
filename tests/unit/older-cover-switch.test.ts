// @vitest-environment jsdom
// Older covers whose image was the wrapper's background, made here by the block editor's cover
// deprecations' own saves, with attributes in their comment those saves never wrote. A cover saved
// before WordPress 5.8: the block editor drops what its deprecation does not declare (alt text,
// `isDark`) and keeps a style (a text colour custom, named or a preset's, a background colour, the
// typography, the spacing, a border or one of its sides, a link colour, a shadow, a gap between blocks, an aspect ratio and the other dimensions, a background, values the style engine writes otherwise than as they are), which its current save then writes on the wrapper as the style engine does. The first forms
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
const blocks = createRequire(require.resolve('@wordpress/blocks'))('@wordpress/blocks') as { getSaveContent(type: object, attributes: Record<string, unknown>, inner: WpBlock[]): string };

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
];
/** Fixed and repeated covers, which WordPress 5.8 to 6.0 wrote as the wrapper's background before the overlay. */
const FIXED_SETS: Record<string, unknown>[] = [ATTRIBUTE_SETS[1], { url: URL, isRepeated: true, dimRatio: 50 }];
/** Alt text in their comment, which the block editor reads from an image they do not hold (dropped), beside a lock (kept). */
const UNWRITTEN_BY_FIXED: Record<string, unknown>[] = [{}, { alt: 'The sea' }, { alt: 'The sea', lock: { move: true } }];
/** Settings the first forms never wrote: undeclared by them (a class, an anchor, a preset text colour, `isDark`, alt text, a height: dropped), declared by every block (a lock, metadata, a custom text colour: kept). */
const UNWRITTEN_BY_FIRST: Record<string, unknown>[] = [{ className: 'sea' }, { anchor: 'sea' }, { textColor: 'vivid-red', isDark: false }, { isDark: true }, { alt: 'The sea' }, { minHeight: 300 }, { lock: { move: true } }, { metadata: { name: 'Sea' } }, TEXT_COLOUR, { ...TEXT_COLOUR, className: 'sea' }, ...STYLES];

/**
 * The markup of a cover of `attributes` as `deprecation` saved it, with `unwritten` in its comment
 * too, when its save is of `form` and the block editor reads it valid (read once: the form is
 * looked at first, since most saves are of another form and reading an older form tries every
 * deprecation).
 */
function savedBy(deprecation: Deprecation, tag: string, attributes: Record<string, unknown>, unwritten: Record<string, unknown>, content: WpBlock[], form: RegExp): string | null {
  const defaults = Object.fromEntries(Object.entries(deprecation.attributes).filter(([, declared]) => declared.default !== undefined).map(([name, declared]) => [name, declared.default]));
  const html = quietly(() => blocks.getSaveContent({ ...wp.getBlockType('core/cover'), ...deprecation, name: 'core/cover' }, { ...defaults, ...attributes }, content));
  if (!form.test(html)) return null;
  const { title: _title, ...commented } = attributes;
  const markup = `<!-- wp:${tag} ${JSON.stringify({ ...commented, ...unwritten })} -->\n${html}\n<!-- /wp:${tag} -->`;
  return readByBlockEditor(markup)[0].isValid ? markup : null;
}

/** Each deprecation's save of a cover of an image, where it writes the image as the wrapper's background and the dim as the wrapper's class (before 5.8), with each set of unwritten attributes in the comment. */
const SAMPLES = cover.deprecated.flatMap((deprecation, index) => UNWRITTEN.flatMap(([attributes, unwritten]) => {
  const saved = savedBy(deprecation, 'cover', attributes, unwritten, inner, /^<div class="wp-block-cover [^"]*has-background-dim[^"]*" style="background-image:url\(/);
  return saved ? [[`deprecation ${index} of ${JSON.stringify(attributes)} with ${JSON.stringify(unwritten)}`, saved] as const] : [];
}));

/** Each first form's save (its class `wp-block-cover-image`) of a titled cover, under either name, with each setting it never wrote in the comment. */
const FIRST_SAMPLES = cover.deprecated.flatMap((deprecation, index) => ['cover', 'cover-image'].flatMap((tag) => ATTRIBUTE_SETS.flatMap((attributes) => UNWRITTEN_BY_FIRST.flatMap((unwritten) => {
  const saved = savedBy(deprecation, tag, { ...attributes, title: 'Over the sea' }, unwritten, [], /^<(?:section|div) class="wp-block-cover-image /);
  return saved ? [[`deprecation ${index} as ${tag} of ${JSON.stringify(attributes)} with ${JSON.stringify(unwritten)}`, saved] as const] : [];
}))));

/** Each save of WordPress 5.8 to 6.0 of a fixed or repeated cover (the image the wrapper's background, an overlay element after it), with alt text in the comment. */
const FIXED_SAMPLES = cover.deprecated.flatMap((deprecation, index) => FIXED_SETS.flatMap((attributes) => UNWRITTEN_BY_FIXED.flatMap((unwritten) => {
  const saved = savedBy(deprecation, 'cover', attributes, unwritten, inner, /^<div class="wp-block-cover [^"]*" style="background-image:url\([^>]*><span aria-hidden="true" /);
  return saved ? [[`deprecation ${index} (fixed) of ${JSON.stringify(attributes)} with ${JSON.stringify(unwritten)}`, saved] as const] : [];
})));

it('has samples of every such form', () => {
  expect(SAMPLES.length).toBeGreaterThanOrEqual(UNWRITTEN.length);
  expect(FIXED_SAMPLES.length).toBeGreaterThanOrEqual(3 * FIXED_SETS.length * UNWRITTEN_BY_FIXED.length);
  expect(FIRST_SAMPLES.length).toBeGreaterThanOrEqual(2 * 2 * ATTRIBUTE_SETS.length * UNWRITTEN_BY_FIRST.length);
});

it.each([...SAMPLES, ...FIXED_SAMPLES, ...FIRST_SAMPLES])('%s: editable, its Replace takes an image or a video, its first edit saved as the block editor migrates it', (_name, markup) => {
  const json = markupToDoc(markup);
  const doc = schema.nodeFromJSON(json);
  expect(doc.firstChild?.type.name).toBe('blockContainer');
  expect(docToMarkup(json)).toBe(markup);
  const found = mediaBlockAt(EditorState.create({ schema, doc, selection: NodeSelection.create(doc, 0) }));
  expect(found && mediaKinds(found.node)).toEqual(['image', 'video']);
  const [first] = json.content ?? [];
  const edited = docToMarkup({ ...json, content: [{ ...first, attrs: { ...first.attrs, source: null, canonical: null } } as JSONContent] });
  expect(edited).toBe(quietly(() => wp.serialize(readByBlockEditor(markup) as WpBlock[])));
  expect(strictlyInvalid(edited)).toEqual([]);
});
