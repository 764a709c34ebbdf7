// @vitest-environment jsdom
// A new cover made from an image (issue 29), as the block editor makes one when an image is picked
// for it: over images of every kind of average colour (white when it cannot be had, light, mid,
// dark, black, each palette colour), the overlay takes the image's average colour, the cover is
// half dimmed, and it is judged dark or light by the block editor's own compositeIsDark; its
// image at the size the block editor picks (sizeSlug), its one block the empty title the block
// editor gives it; saved exactly as its serialiser writes those attributes, strictly valid, and
// read back editable. The cover goes in at once where the writer is and takes its colour when
// read: what the writer types or adds meanwhile stays.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../shared/site-types.ts';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { NO_IMAGE_COLOUR, coverFromImage } from '../../renderer/blocks/cover-block.ts';
import { insertCoverFromImage } from '../../renderer/editor/cover-image-colour.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorCompositeIsDark, type CompositeIsDark } from '../helpers/cover-darkness.ts';

let editorIsDark: CompositeIsDark;

beforeAll(async () => {
  blockEditor();
  editorIsDark = await blockEditorCompositeIsDark();
}, 300_000);

const large = { file: 'picture-1024x768.jpg', width: 1024, height: 768, mime_type: 'image/jpeg', source_url: 'http://localhost/uploads/picture-1024x768.jpg' };
/** An image with a large size (the cover shows that, as the block editor's default size), and a small one without (the full image). */
const ITEMS = {
  'with a large size': { id: 12, source_url: 'http://localhost/uploads/picture.jpg', media_details: { sizes: { large } } } as unknown as MediaItem,
  'without a large size': { id: 13, source_url: 'http://localhost/uploads/small.jpg', media_details: { sizes: {} } } as unknown as MediaItem,
};
const item = ITEMS['with a large size'];
/** The title the block editor's cover is given when it gains an image holding no block (getInnerBlocksTemplate in cover/edit/index.jsx, the site having font sizes), with `content`. */
const title = (content?: string) => blockEditor().createBlock('core/paragraph', { style: { typography: { textAlign: 'center' } }, placeholder: 'Write title…', fontSize: 'large', content });
/** The block editor's cover for `image` over `colour`, its image at the size it picks. */
function blockEditorCover(image: MediaItem, colour: string, inner = [title()]): string {
  const wp = blockEditor();
  const size = image.media_details.sizes.large ? { url: large.source_url, sizeSlug: 'large' } : { url: image.source_url, sizeSlug: 'full' };
  const isDark = editorIsDark(50, colour, colour);
  return quietly(() => wp.serialize([wp.createBlock('core/cover', { url: size.url, id: image.id, dimRatio: 50, customOverlayColor: colour, isUserOverlayColor: false, isDark, sizeSlug: size.sizeSlug }, inner)]));
}

const COLOURS = [NO_IMAGE_COLOUR, '#ffffff', '#e8e2d0', '#7f7f7f', '#3a4b5c', '#000000', ...DEFAULT_PALETTE.map((colour) => colour.colour)];

describe.each(Object.entries(ITEMS))('an image %s', (_how, image) => {
  it.each(COLOURS)('averaging %s: the overlay is that colour, judged as the block editor judges it, the image at its size', (colour) => {
    const markup = coverFromImage(image, colour);
    expect(markup).toBe(blockEditorCover(image, colour));
    expect(strictlyInvalid(markup)).toEqual([]);
    expect(markup.includes('is-light')).toBe(!editorIsDark(50, colour, colour));
    expect(docToMarkup(markupToDoc(markup))).toBe(markup);
  });
});

it('without the image\'s colour (it cannot be read) the cover is made over white, as the block editor makes it', () => {
  expect(coverFromImage(item)).toBe(coverFromImage(item, NO_IMAGE_COLOUR));
});

describe('put in at once, coloured when its image is read', () => {
  const openEditor = editorsForFile();
  const words = (content: string) => blockEditor().createBlock('core/paragraph', { content });
  const start = () => blockEditor().serialize([words('Before'), blockEditor().createBlock('core/paragraph')]);

  it('what the writer types and adds while the colour is read stays where it went, and the cover takes the colour', async () => {
    const editor = openEditor(start());
    // The caret in the empty line after "Before": the cover goes there.
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    let read: (colour: string) => void = () => undefined;
    const done = insertCoverFromImage(editor, item, new Promise((resolve) => { read = resolve; }));
    // At once: the cover, over white, the caret in its empty paragraph.
    expect(docToMarkup(editor.state.doc)).toBe([blockEditor().serialize([words('Before')]), coverFromImage(item)].join('\n\n'));
    editor.commands.insertContent('Typed in the wait');
    // A block added before the cover meanwhile moves it on.
    editor.commands.insertContentAt(editor.state.doc.firstChild!.nodeSize, { type: 'paragraph', content: [{ type: 'text', text: 'Added between' }] });
    read('#3a4b5c');
    await done;
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe([blockEditor().serialize([words('Before'), words('Added between')]), blockEditorCover(item, '#3a4b5c', [title('Typed in the wait')])].join('\n\n'));
    expect(strictlyInvalid(saved)).toEqual([]);
    // Undo takes back the added block, the typing, then the cover with its colour: the document as it was.
    while (editor.can().undo()) editor.commands.undo();
    expect(docToMarkup(editor.state.doc)).toBe(docToMarkup(openEditor(start()).state.doc));
  });

  it('an image whose colour cannot be read leaves the cover over white', async () => {
    const editor = openEditor(blockEditor().serialize([blockEditor().createBlock('core/paragraph')]));
    await insertCoverFromImage(editor, item, Promise.resolve(NO_IMAGE_COLOUR));
    expect(docToMarkup(editor.state.doc)).toBe(coverFromImage(item));
  });
});
