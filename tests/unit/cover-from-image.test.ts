// @vitest-environment jsdom
// A new cover made from an image (issue 29), as the block editor makes one when an image is picked
// for it: over images of every kind of average colour (white when it cannot be had, light, mid,
// dark, black, each palette colour), the overlay takes the image's average colour, the cover is
// half dimmed, and it is judged dark or light by the block editor's own compositeIsDark; saved
// exactly as its serialiser writes those attributes, strictly valid, and read back editable.
import { beforeAll, expect, it } from 'vitest';
import type { MediaItem } from '../../shared/site-types.ts';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { NO_IMAGE_COLOUR } from '../../renderer/blocks/cover-overlay.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { coverFromImage } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorCompositeIsDark, type CompositeIsDark } from '../helpers/cover-darkness.ts';

let editorIsDark: CompositeIsDark;

beforeAll(async () => {
  blockEditor();
  editorIsDark = await blockEditorCompositeIsDark();
}, 300_000);

const item = { id: 12, source_url: 'http://localhost/uploads/picture.jpg' } as MediaItem;

const COLOURS = [NO_IMAGE_COLOUR, '#ffffff', '#e8e2d0', '#7f7f7f', '#3a4b5c', '#000000', ...DEFAULT_PALETTE.map((colour) => colour.colour)];

it.each(COLOURS)('over an image averaging %s: the overlay is that colour, judged as the block editor judges it', (colour) => {
  const markup = coverFromImage(item, colour);
  const isDark = editorIsDark(50, colour, colour);
  const wp = blockEditor();
  const expected = quietly(() => wp.serialize([wp.createBlock('core/cover', { url: item.source_url, id: item.id, dimRatio: 50, customOverlayColor: colour, isUserOverlayColor: false, isDark }, [wp.createBlock('core/paragraph')])]));
  expect(markup).toBe(expected);
  expect(strictlyInvalid(markup)).toEqual([]);
  expect(markup.includes('is-light')).toBe(!isDark);
  expect(docToMarkup(markupToDoc(markup))).toBe(markup);
});

it('without the image\'s colour (it cannot be read) the cover is made over white, as the block editor makes it', () => {
  expect(coverFromImage(item)).toBe(coverFromImage(item, NO_IMAGE_COLOUR));
});
