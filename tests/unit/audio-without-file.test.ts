// @vitest-environment jsdom
// An audio block without a file (issue 29), which the block editor saves as its comment alone and
// migrates its first form's player without a file to: over the attributes such a block is saved
// with (none, an id, an alignment, a class of the writer's, both), it opens editable, untouched it is
// saved byte for byte, and a file picked for it (with a caption and without) saves exactly what the
// block editor saves after its onSelectAudio (src, id, caption), which its validator strictly
// accepts; that first form without a file opens editable and its first edit writes exactly the
// block editor's migration of it. On screen it says it has no file, where its Replace picks one.
// One with no attributes at all is the audio block just inserted: it shows the placeholder the
// block editor shows for it (media-placeholder.test.ts).
import { beforeAll, expect, it } from 'vitest';
import { Editor, getSchema, type JSONContent } from '@tiptap/core';
import { EditorState, NodeSelection } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { replaceMedia } from '../../renderer/blocks/media-blocks.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);
const opened = (markup: string) => schema.nodeFromJSON(markupToDoc(markup));
const saved = (doc: PmNode) => docToMarkup(doc.toJSON() as JSONContent);

beforeAll(() => {
  blockEditor();
}, 120_000);

const ATTRIBUTES: Record<string, unknown>[] = [{ id: 5 }, { align: 'wide' }, { className: 'is-loud' }, { id: 5, align: 'center', className: 'is-loud' }];
const PICKED = ['', 'Heard <em>here</em>'].map((caption) => ({ id: 9, url: 'https://example.com/uploads/sea & waves.mp3', alt: '', mime: 'audio/mpeg', link: 'https://example.com/sea/', caption }));

const withoutFile = (attributes: Record<string, unknown>) => blockEditor().serialize([blockEditor().createBlock('core/audio', attributes)]);

it.each(ATTRIBUTES.flatMap((attributes) => PICKED.map((picked) => [JSON.stringify(attributes), JSON.stringify(picked.caption), attributes, picked] as const)))('an audio block without a file saved with %s, given a file captioned %s', (_attributes, _caption, attributes, picked) => {
  const markup = withoutFile(attributes);
  expect(markup).toMatch(/ \/-->$/);
  const doc = opened(markup);
  expect(doc.firstChild?.type.name).toBe('richBlock');
  expect(saved(doc)).toBe(markup);
  const state = EditorState.create({ schema, doc, selection: NodeSelection.create(doc, 0) });
  const tr = replaceMedia(state, picked);
  expect(tr).not.toBeNull();
  const written = saved(state.apply(tr!).doc);
  const wp = blockEditor();
  expect(written).toBe(wp.serialize([wp.createBlock('core/audio', { ...attributes, src: picked.url, id: picked.id, caption: picked.caption })]));
  expect(strictlyInvalid(written)).toEqual([]);
});

it.each([{}, ...ATTRIBUTES].map((attributes) => [JSON.stringify(attributes), attributes] as const))('the first form of an audio block without a file, saved with %s, migrates on its first edit', (_attributes, attributes) => {
  const { id, ...comment } = attributes;
  const classes = ['wp-block-audio', attributes.align ? `align${String(attributes.align)}` : '', attributes.className ?? ''].filter(Boolean).join(' ');
  const json = Object.keys(attributes).length > 0 ? ` ${JSON.stringify({ ...(id ? { id } : {}), ...comment })}` : '';
  const older = `<!-- wp:audio${json} -->\n<figure class="${classes}"><audio controls></audio></figure>\n<!-- /wp:audio -->`;
  const wp = blockEditor();
  const migrated = quietly(() => wp.serialize(wp.parse(older)));
  const doc = opened(older);
  expect(doc.firstChild?.type.name).toBe('richBlock');
  expect(saved(doc)).toBe(older);
  const touched = EditorState.create({ doc }).tr.setNodeMarkup(0, undefined, { ...doc.firstChild!.attrs, source: null, canonical: null }).doc;
  expect(saved(touched)).toBe(migrated);
  expect(strictlyInvalid(migrated)).toEqual([]);
});

it('shows an audio block without a file as such, where its Replace picks one', () => {
  const element = document.body.appendChild(document.createElement('div'));
  const editor = new Editor({ element, extensions: editorExtensions, content: markupToDoc(withoutFile({ align: 'wide' })) });
  expect(element.querySelectorAll('.rich-block-audio[data-without-file]')).toHaveLength(1);
  editor.commands.setContent(markupToDoc(withoutFile({ src: 'https://example.com/sea.mp3' })));
  expect(element.querySelectorAll('[data-without-file]')).toHaveLength(0);
  editor.destroy();
  element.remove();
});

it.each(ATTRIBUTES.map((attributes) => [JSON.stringify(attributes), attributes] as const))('an audio block without a file, saved with %s, with words in its caption line, is saved as the block editor saves it: its comment alone (no caption without a player)', (_attributes, attributes) => {
  const markup = withoutFile(attributes);
  const doc = opened(markup);
  const captionAt = 2;
  const typed = EditorState.create({ doc }).tr.insertText('Typed before a file', captionAt).doc;
  expect(typed.firstChild?.textContent).toBe('Typed before a file');
  const written = saved(typed);
  const wp = blockEditor();
  expect(written).toBe(wp.serialize([wp.createBlock('core/audio', { ...attributes, caption: 'Typed before a file' })]));
  expect(strictlyInvalid(written)).toEqual([]);
});

it('reads an audio block without a file or any attribute, as just inserted, as its placeholder, kept byte for byte', () => {
  const markup = withoutFile({});
  const doc = opened(markup);
  expect(doc.firstChild?.type.name).toBe('mediaPlaceholder');
  expect(saved(doc)).toBe(markup);
});
