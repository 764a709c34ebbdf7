// @vitest-environment jsdom
// An empty cover in an older form (its blocks all moved out, saved by an older WordPress), issue 29:
// over every deprecation of the cover and the settings writers give it most, where the same cover
// holding a block is migrated (older-cover.ts), the empty one is too: it opens editable, untouched it
// is saved byte for byte, and its first edit writes exactly what the block editor migrates it to,
// which its strict validator accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { currentForm } from '../../renderer/blocks/older-forms.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { CONTAINERS, savedBy, type WpApi } from '../helpers/older-forms.ts';
import { formOf, readByBlockEditor, strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);

const migrates = (markup: string) => {
  const [piece] = splitBlocks(markup);
  return piece?.kind === 'block' && currentForm(piece.block, piece.source) !== null;
};

interface EmptyCover { name: string; markup: string; migrated: string }

/** Each empty cover an older save wrote whose counterpart holding a block is migrated, with the block editor's migration of it. */
function emptyCovers(): EmptyCover[] {
  const wp = blockEditor() as unknown as WpApi;
  const type = wp.getBlockType('core/cover');
  const { inner: [innerName, innerAttributes], attributeSets } = CONTAINERS['core/cover'];
  return quietly(() => (type.deprecated ?? []).flatMap((version, index) => attributeSets.flatMap((attributes) => {
    const holding = savedBy(wp, type, version, 'cover', attributes, [wp.createBlock(innerName, innerAttributes)]);
    const empty = savedBy(wp, type, version, 'cover', attributes, []);
    if (!holding || !empty || !migrates(holding) || formOf(empty)?.form === 'current') return [];
    // Migrated from the reading formOf made (read once per worker), not from a second parse of the same markup.
    return [{ name: `deprecation ${index}, ${JSON.stringify(attributes)}`, markup: empty, migrated: wp.serialize([...readByBlockEditor(empty)]) }];
  })));
}

let covers: EmptyCover[] = [];
beforeAll(() => {
  covers = emptyCovers();
}, 120_000);

describe('an empty cover in an older form', () => {
  it('is migrated wherever the same cover holding a block is: editable, kept untouched, saved exactly as the block editor migrates it', () => {
    // The forms whose covers holding a block are migrated (overlay before background, the overlay classes of WordPress 5.8 to 6.0,
    // a wrapper holding the dim before 5.8 or a fixed or repeated image before 6.1): 82 measured.
    expect(covers.length).toBeGreaterThanOrEqual(82);
    const problems = covers.flatMap(({ name, markup, migrated }) => {
      const doc = schema.nodeFromJSON(markupToDoc(markup));
      const readOnly = doc.toJSON().content?.some((node: JSONContent) => node.type === 'unknownBlock');
      // Any edit writes the block anew.
      let tr = EditorState.create({ doc }).tr;
      doc.forEach((node, offset) => void (tr = tr.setNodeMarkup(offset, undefined, { ...node.attrs, source: null, canonical: null })));
      const written = docToMarkup(tr.doc.toJSON() as JSONContent);
      return [
        ...(migrates(markup) ? [] : [`${name}: not migrated`]),
        ...(readOnly ? [`${name}: read-only`] : []),
        ...(docToMarkup(doc.toJSON() as JSONContent) === markup ? [] : [`${name}: changed with no edit`]),
        ...(written === migrated ? [] : [`${name}: first edit wrote ${written}, the block editor ${migrated}`]),
        ...strictlyInvalid(written).map((block) => `${name}: ${block} invalid after an edit`),
      ];
    });
    expect(problems).toEqual([]);
  });
});
