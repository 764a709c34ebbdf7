// @vitest-environment jsdom
// A cover saved before WordPress 5.8, its image the wrapper's background (the block editor's cover
// deprecations whose save writes it so, made here by their own save), with attributes in its comment
// that save never wrote (alt text, `isDark`): the block editor drops them as it reads the block with
// that deprecation and migrates it. The editor reads it editable, its Replace takes an image or a
// video as the current form's does, and its first edit saves what the block editor's migration saves.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorState, NodeSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { mediaBlockAt, mediaKinds } from '../../renderer/blocks/media-blocks.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

interface Deprecation { attributes: Record<string, { default?: unknown }> }
const require = createRequire(import.meta.url);
const blocks = createRequire(require.resolve('@wordpress/blocks'))('@wordpress/blocks') as { getSaveContent(type: object, attributes: Record<string, unknown>, inner: WpBlock[]): string };

const wp = blockEditor();
const schema = getSchema(editorExtensions);
const cover = wp.getBlockType('core/cover') as unknown as { deprecated: Deprecation[] };
const inner = quietly(() => [wp.createBlock('core/paragraph', { content: 'Over the sea' })]);
const URL = 'https://example.com/uploads/sea.jpg';
/** Attributes in the comment beside those the save writes, which it never wrote. */
const UNWRITTEN: Record<string, unknown>[] = [{}, { alt: 'The sea' }, { isDark: false }, { alt: 'The sea', isDark: false }];

/** Each deprecation's save of a cover of an image, where it writes the image as the wrapper's background, with each set of unwritten attributes in the comment. */
const SAMPLES = cover.deprecated.flatMap((deprecation, index) => UNWRITTEN.flatMap((unwritten) => {
  const attributes = { url: URL, id: 5, dimRatio: 50 };
  const defaults = Object.fromEntries(Object.entries(deprecation.attributes).filter(([, declared]) => declared.default !== undefined).map(([name, declared]) => [name, declared.default]));
  const html = quietly(() => blocks.getSaveContent({ ...wp.getBlockType('core/cover'), ...deprecation, name: 'core/cover' }, { ...defaults, ...attributes }, inner));
  const markup = `<!-- wp:cover ${JSON.stringify({ ...attributes, ...unwritten })} -->\n${html}\n<!-- /wp:cover -->`;
  const wrapperBackground = /^<div class="wp-block-cover [^"]*" style="background-image:url\(/.test(html);
  return wrapperBackground && quietly(() => wp.parse(markup))[0].isValid ? [[`deprecation ${index} with ${JSON.stringify(unwritten)}`, markup] as const] : [];
}));

it('has samples of every such form', () => {
  expect(SAMPLES.length).toBeGreaterThanOrEqual(UNWRITTEN.length);
});

it.each(SAMPLES)('%s: editable, its Replace takes an image or a video, its first edit saved as the block editor migrates it', (_name, markup) => {
  const json = markupToDoc(markup);
  const doc = schema.nodeFromJSON(json);
  expect(doc.firstChild?.type.name).toBe('blockContainer');
  expect(docToMarkup(json)).toBe(markup);
  const found = mediaBlockAt(EditorState.create({ schema, doc, selection: NodeSelection.create(doc, 0) }));
  expect(found && mediaKinds(found.node)).toEqual(['image', 'video']);
  const [first] = json.content ?? [];
  const edited = docToMarkup({ ...json, content: [{ ...first, attrs: { ...first.attrs, source: null, canonical: null } } as JSONContent] });
  expect(edited).toBe(quietly(() => wp.serialize(wp.parse(markup))));
  expect(strictlyInvalid(edited)).toEqual([]);
});
