// @vitest-environment jsdom
// The media of audio, video, file, cover and media & text blocks replaced from the library, a
// cover's and media & text's alt text, and media & text's media side: what the editor saves is
// byte for byte what the block editor (@wordpress/blocks) saves for the block with those
// attributes, and the attributes without a control (width, alignment) are kept (a video's poster goes
// with its video, and an audio's or a video's caption is the picked item's, as in the block editor); a cover's and media
// & text's Replace sets what the block editor's sets (every form: media-switch.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { mediaAlt, replaceMedia, toggleMediaSide, withAlt } from '../../renderer/blocks/media-blocks.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { checkSaved, strictlyInvalid } from '../helpers/strict-validity.ts';
import { fileMarkup } from '../../renderer/blocks/file-block.ts';
import { transformBlock } from '../../renderer/editor/block-transforms.ts';
import type { MediaItem } from '../../shared/site-types.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

const schema = getSchema(editorExtensions);
const openEditor = editorsForFile();
const OLD = 'https://example.com/uploads/old.jpg';
const NEW = { id: 9, url: 'https://example.com/uploads/sea & sky.jpg', alt: 'The "sea"', mime: 'image/jpeg', link: 'https://example.com/sea-sky/', caption: '' };

beforeAll(() => {
  blockEditor();
}, 120_000);

type Block = ReturnType<ReturnType<typeof blockEditor>['createBlock']>;
const serialize = (name: string, attributes: Record<string, unknown>, inner: Block[] = []) => blockEditor().serialize([blockEditor().createBlock(name, attributes, inner)]);
const words = () => [blockEditor().createBlock('core/paragraph', { content: 'Over the water' })];

/** The markup opened with the caret in its first text (its block selected when it has none), changed by `change`, and saved. */
function edited(markup: string, change: (state: EditorState) => EditorState): string {
  const doc = schema.nodeFromJSON(markupToDoc(markup));
  let caret = 0;
  doc.descendants((node, position) => {
    if (caret === 0 && node.isText) caret = position + 1;
    return caret === 0;
  });
  // A block without text (a video without a caption) is selected whole.
  const state = EditorState.create({ schema, doc, selection: caret === 0 ? NodeSelection.create(doc, 0) : TextSelection.create(doc, caret) });
  return docToMarkup(change(state).doc.toJSON());
}

const apply = (state: EditorState, tr: ReturnType<typeof replaceMedia>) => {
  expect(tr).not.toBeNull();
  return tr ? state.apply(tr) : state;
};

describe('replacing a block’s media', () => {
  it('puts a new image behind a cover as the block editor does: its inner blocks kept, no focal point, the overlay the image\'s colour', () => {
    const cover = (attributes: Record<string, unknown>) => serialize('core/cover', { dimRatio: 40, ...attributes }, words());
    const original = cover({ url: OLD, id: 4, alt: '', focalPoint: { x: 0.3, y: 0.6 }, customOverlayColor: '#065174' });
    const saved = edited(original, (state) => apply(state, replaceMedia(state, NEW, '#2a4b6c')));
    expect(saved).toBe(cover({ url: NEW.url, id: 9, alt: NEW.alt, customOverlayColor: '#2a4b6c', isUserOverlayColor: false, sizeSlug: 'full' }));
    expect(checkSaved(original, saved).invalid).toEqual([]);
  });

  it('swaps media & text’s image, then its alt text, then the side it stands on (and back)', () => {
    const mediaText = (attributes: Record<string, unknown>) => serialize('core/media-text', { mediaType: 'image', mediaWidth: 30, verticalAlignment: 'center', ...attributes }, words());
    const original = mediaText({ mediaId: 4, mediaUrl: OLD, mediaAlt: '' });
    expect(edited(original, (state) => apply(state, replaceMedia(state, NEW)))).toBe(mediaText({ mediaId: 9, mediaUrl: NEW.url, mediaLink: NEW.link, mediaAlt: NEW.alt, linkDestination: 'none' }));
    expect(edited(original, (state) => state.apply(withAlt(state.tr, 'A boat <small>')))).toBe(mediaText({ mediaId: 4, mediaUrl: OLD, mediaAlt: 'A boat <small>' }));
    const right = edited(original, (state) => apply(state, toggleMediaSide(state)));
    expect(right).toBe(mediaText({ mediaId: 4, mediaUrl: OLD, mediaAlt: '', mediaPosition: 'right' }));
    expect(checkSaved(original, right).invalid).toEqual([]);
    expect(edited(right, (state) => apply(state, toggleMediaSide(state)))).toBe(original);
  });

  it('writes the new item’s attachment page as media & text’s media link (and its link, when it goes to that page)', () => {
    const mediaText = (attributes: Record<string, unknown>) => serialize('core/media-text', { mediaType: 'image', mediaAlt: '', ...attributes }, words());
    const linked = (id: number, url: string, link: string) => ({ mediaId: id, mediaUrl: url, mediaLink: link, linkDestination: 'attachment', href: link });
    const original = mediaText(linked(4, OLD, 'https://example.com/old/'));
    const saved = edited(original, (state) => apply(state, replaceMedia(state, NEW)));
    expect(saved).toBe(mediaText({ ...linked(9, NEW.url, NEW.link), mediaAlt: NEW.alt }));
    expect(checkSaved(original, saved).invalid).toEqual([]);
    // Read without a media link (an older post): the block editor writes one on replacing, and no link its destination.
    expect(edited(mediaText({ mediaId: 4, mediaUrl: OLD }), (state) => apply(state, replaceMedia(state, NEW)))).toBe(mediaText({ mediaId: 9, mediaUrl: NEW.url, mediaLink: NEW.link, mediaAlt: NEW.alt, linkDestination: 'none' }));
  });

  it('reads the alt text of a cover’s image, and leaves it out of the cover’s attributes when emptied', () => {
    const original = serialize('core/cover', { url: OLD, id: 4, alt: 'Old boat', dimRatio: 50 }, words());
    const doc = schema.nodeFromJSON(markupToDoc(original));
    expect(mediaAlt(EditorState.create({ schema, doc, selection: TextSelection.create(doc, 3) }))).toBe('Old boat');
    expect(edited(original, (state) => state.apply(withAlt(state.tr, '')))).toBe(serialize('core/cover', { url: OLD, id: 4, dimRatio: 50 }, words()));
  });

  it('replaces a file’s file, keeping its name and settings', () => {
    const pdf = { ...NEW, url: 'https://example.com/uploads/new.pdf', mime: 'application/pdf', caption: 'A guide' };
    const file = (href: string, id: number) => serialize('core/file', { href, id, fileName: 'Guide', textLinkHref: href, showDownloadButton: true, downloadButtonText: 'Download' });
    expect(edited(file(OLD, 4), (state) => apply(state, replaceMedia(state, pdf)))).toBe(file(pdf.url, 9));
  });

  // Every form of the audio and video blocks a writer meets: from the library or from outside it (no
  // id), with a poster, its player's settings, a caption or none; × the picked item's caption: none,
  // words, words with formats and a link. The block editor's onSelectAudio and onSelectVideo set the
  // picked item's id, address and caption (`caption: media.caption`: the block's own is gone, also
  // when the item has none), and a video's poster image, which an item of the site's media has none
  // of: the old poster goes with the old video.
  const POSTER = 'https://example.com/uploads/old-poster.jpg';
  const CAPTIONED: Record<string, { file: { url: string; mime: string }; forms: Record<string, unknown>[]; after?: Record<string, unknown> }> = {
    'core/video': {
      file: { url: 'https://example.com/uploads/new.webm', mime: 'video/webm' },
      forms: [
        { src: OLD, id: 4, poster: POSTER },
        { src: 'https://elsewhere.example/film.mp4', poster: POSTER, caption: 'From elsewhere' },
        { src: 'https://elsewhere.example/film.mp4' },
        { src: OLD, id: 4, autoplay: true, loop: true, muted: true, playsInline: true, preload: 'none', poster: POSTER, caption: 'A thrush' },
        { src: OLD, id: 4, controls: false, preload: 'auto', caption: 'Without a <strong>poster</strong>' },
      ],
      after: { poster: undefined },
    },
    'core/audio': {
      file: { url: 'https://example.com/uploads/new.ogg', mime: 'audio/ogg' },
      forms: [
        { src: OLD, id: 4 },
        { src: 'https://elsewhere.example/song.mp3', caption: 'From elsewhere' },
        { src: OLD, id: 4, autoplay: true, loop: true, preload: 'none', caption: 'A <em>step</em>' },
      ],
    },
  };
  const PICKED_CAPTIONS = ['', 'Waves at dawn', 'Waves at <em>dawn</em> &amp; <a href="https://example.com/dusk">dusk</a>'];
  describe.each(Object.entries(CAPTIONED))('%s', (name, { file, forms, after }) => {
    it.each(forms.flatMap((held) => PICKED_CAPTIONS.map((caption) => [held, caption] as const)))('%j replaced by an item captioned %j as the block editor’s onSelect: the new id, address and caption, strictly valid', (held, caption) => {
      const original = serialize(name, held);
      const saved = edited(original, (state) => apply(state, replaceMedia(state, { ...NEW, ...file, caption })));
      expect(saved).toBe(serialize(name, { ...held, src: file.url, id: 9, caption, ...after }));
      expect(checkSaved(original, saved).invalid).toEqual([]);
    });
  });

  it('refuses a file of another kind: an audio file for a video', () => {
    const video = serialize('core/video', { src: OLD, id: 4, caption: 'A thrush' });
    const doc = schema.nodeFromJSON(markupToDoc(video));
    const state = EditorState.create({ schema, doc, selection: TextSelection.create(doc, 3) });
    expect(replaceMedia(state, { ...NEW, mime: 'audio/ogg' })).toBeNull();
  });
});

// A file's name, whichever way the block came: every form the block editor saves (named or not, its name linked
// or not, with a button or none, a PDF's preview, colours, an anchor, an alignment, a class), the one the inserter
// makes and those an image, audio or video (captioned or not) is turned into. Its name stands in the editor
// before its button, as the block editor's does; untouched the block is written byte for
// byte, and a name typed in it is saved as the block editor saves that name typed (its link the file's where the
// block editor's transform names it so: `textLinkHref: href`), strictly valid. Its placeholders: block-placeholders.test.ts.
describe('a file’s name', () => {
  const HREF = 'https://example.com/uploads/guide.pdf';
  const NAMES: Record<string, unknown>[] = [{}, { fileName: 'Guide', textLinkHref: HREF }, { fileName: 'The <em>guide</em>', textLinkHref: HREF, textLinkTarget: '_blank' }, { fileName: 'Unlinked' }];
  const BUTTONS: Record<string, unknown>[] = [{ downloadButtonText: 'Download' }, { showDownloadButton: false }];
  const LOOKS: Record<string, unknown>[] = [{}, { displayPreview: true, previewHeight: 600 }, { backgroundColor: 'pale-pink', anchor: 'guide', align: 'wide', className: 'lead' }];
  const FORMS = NAMES.flatMap((name) => BUTTONS.flatMap((button) => LOOKS.map((look) => ({ href: HREF, id: 4, ...name, ...button, ...look }))));
  const MEDIA: [string, Record<string, unknown>][] = [
    ['core/image', { url: 'https://example.com/uploads/door.png', id: 7 }], ['core/image', { url: 'https://example.com/uploads/door.png', id: 7, caption: 'A door' }],
    ['core/audio', { src: 'https://example.com/uploads/song.ogg', id: 8 }], ['core/audio', { src: 'https://example.com/uploads/song.ogg', id: 8, caption: 'A song' }],
    ['core/video', { src: 'https://example.com/uploads/film.webm', id: 9 }], ['core/video', { src: 'https://example.com/uploads/film.webm', id: 9, caption: 'A film' }],
  ];
  const TYPED = 'Named ';

  /** What the block editor saves for `markup`'s file with TYPED typed at its name's start: its link the file's when it had none but its button's (the transform's textLinkHref). */
  function namedByBlockEditor(markup: string): string {
    const [block] = blockEditor().parse(markup);
    const { fileName, textLinkHref, href, showDownloadButton } = block.attributes as Record<string, unknown>;
    // Read as rich text (an object, empty or not).
    const named = String(fileName ?? '') !== '';
    const link = named ? textLinkHref : showDownloadButton === false ? undefined : href;
    return blockEditor().serialize([blockEditor().createBlock('core/file', { ...block.attributes, fileName: `${TYPED}${String(fileName ?? '')}`, textLinkHref: link })]);
  }

  /** The editor's one file block: untouched written as read, its name shown (its placeholder while empty), then a name typed and saved as the block editor saves it. */
  function namesAsTheBlockEditor(editor: ReturnType<typeof openEditor>) {
    const markup = docToMarkup(editor.state.doc);
    // Its name is its first piece of text, drawn first (its placeholder while empty: block-placeholders.test.ts).
    expect([editor.state.doc.firstChild?.attrs.name, editor.state.doc.firstChild?.firstChild?.type.name]).toEqual(['core/file', 'richPart']);
    expect(editor.view.dom.querySelector('.rich-block-file .rich-part')?.classList.contains('rich-part-a')).toBe(true);
    editor.view.dispatch(editor.state.tr.insertText(TYPED, 2));
    const saved = docToMarkup(editor.state.doc);
    expect(saved).toBe(namedByBlockEditor(markup));
    expect(strictlyInvalid(saved)).toEqual([]);
  }

  it.each(FORMS.map((attributes) => [JSON.stringify(attributes), attributes] as const))('%s', (_title, attributes) => {
    const markup = serialize('core/file', attributes);
    const editor = openEditor(markup);
    expect(docToMarkup(editor.state.doc)).toBe(markup);
    namesAsTheBlockEditor(editor);
  });

  it('inserted around a picked file', () => {
    const markup = fileMarkup({ id: 4, source_url: HREF, title: { rendered: 'Guide' } } as MediaItem);
    const editor = openEditor(markup);
    expect(docToMarkup(editor.state.doc)).toBe(markup);
    namesAsTheBlockEditor(editor);
  });

  it.each(MEDIA.map(([name, attributes]) => [`${name} ${JSON.stringify(attributes)}`, name, attributes] as const))('turned from %s', (_title, name, attributes) => {
    const editor = openEditor(serialize(name, attributes));
    editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, 0)));
    const turned = transformBlock(editor.state, 'core/file');
    expect(turned).not.toBeNull();
    if (turned) editor.view.dispatch(turned);
    namesAsTheBlockEditor(editor);
  });
});

describe('a spacer’s height', () => {
  const withHeight = (markup: string, height: number) => {
    const doc = markupToDoc(markup);
    return docToMarkup({ ...doc, content: doc.content?.map((node) => ({ ...node, attrs: { ...node.attrs, height, source: null, canonical: null } })) });
  };

  it('is written into its attribute and its style, left out of the attributes at the default (100px), with its margin and anchor kept', () => {
    const spacer = (attributes: Record<string, unknown>) => serialize('core/spacer', { anchor: 'gap', style: { spacing: { margin: { top: '8px' } } }, ...attributes });
    expect(withHeight(spacer({ height: '40px' }), 64)).toBe(spacer({ height: '64px' }));
    expect(withHeight(spacer({ height: '40px' }), 100)).toBe(spacer({}));
    expect(withHeight(spacer({}), 12)).toBe(spacer({ height: '12px' }));
    expect(checkSaved(spacer({ height: '40px' }), withHeight(spacer({ height: '40px' }), 64)).invalid).toEqual([]);
  });

  it('keeps a default height written out in its attributes (the block editor\'s own fixture), untouched and when set to what it was', () => {
    const written = '<!-- wp:spacer {"height":"100px"} -->\n<div style="height:100px" aria-hidden="true" class="wp-block-spacer"></div>\n<!-- /wp:spacer -->';
    expect(docToMarkup(markupToDoc(written))).toBe(written);
    expect(withHeight(written, 100)).toBe(written);
    expect(withHeight(written, 64)).toBe(written.replaceAll('100px', '64px'));
  });

  // Viewport units, and a spacing preset (its save writes its custom property: getSpacingPresetCssVar; its field names it by its slug).
  it.each([['10vh', '10vh'], ['var:preset|spacing|50', 'Preset 50']])('keeps a height of another kind (%s) as read, editable: untouched the same, set to a number written in pixels', (height, styled) => {
    const spacer = (written: string) => serialize('core/spacer', { anchor: 'gap', height: written });
    const held = spacer(height);
    expect(markupToDoc(held).content?.[0]).toMatchObject({ type: 'spacer', attrs: { height: null } });
    expect(docToMarkup(markupToDoc(held))).toBe(held);
    expect(withHeight(held, 64)).toBe(spacer('64px'));
    expect(checkSaved(held, withHeight(held, 64)).invalid).toEqual([]);
    // In the editor: its field empty, naming the height held as its style writes it; a number typed written in pixels.
    const editor = openEditor(held, { inPage: true });
    const field = editor.view.dom.querySelector<HTMLInputElement>('.spacer-block input');
    expect([field?.value, field?.placeholder]).toEqual(['', styled]);
    if (field) field.value = '64';
    field?.dispatchEvent(new Event('input', { bubbles: true }));
    expect(docToMarkup(editor.state.doc)).toBe(spacer('64px'));
  });
});
