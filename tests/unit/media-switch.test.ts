// @vitest-environment jsdom
// A cover's and media & text's image replaced by a video and its video by an image, as the block
// editor's Replace does (issue 29): for every form each block is made in (a cover over an image or
// a video, its overlay the writer's or not, dimmed or not, a focal point, a size, alt text; media
// & text on either side, with a width, a link to its attachment page), the switch saves byte for
// byte what the block editor (@wordpress/blocks) saves for the attributes its onSelectMedia sets,
// and its validator accepts it strictly. A form it cannot switch (a parallax cover, a linked image
// in media & text) keeps its kind: only its own kind fits there.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { mediaBlockAt, mediaKinds, replaceMedia, type PickedMedia } from '../../renderer/blocks/media-blocks.ts';
import { compositeIsDark } from '../../renderer/blocks/cover-block.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);
const IMAGE: PickedMedia = { id: 9, url: 'https://example.com/uploads/sea & sky.jpg', largeUrl: 'https://example.com/uploads/sea & sky-1024x768.jpg', alt: 'The "sea"', mime: 'image/jpeg', link: 'https://example.com/sea-sky/' };
const VIDEO: PickedMedia = { id: 11, url: 'https://example.com/uploads/waves.mp4', alt: '', mime: 'video/mp4', link: 'https://example.com/waves/' };
/** The picked image's average colour, as the editor reads it before it switches a cover to it. */
const IMAGE_COLOUR = '#2a4b6c';

beforeAll(() => {
  blockEditor();
}, 120_000);

type Attributes = Record<string, unknown>;
type Block = ReturnType<ReturnType<typeof blockEditor>['createBlock']>;
const serialize = (name: string, attributes: Attributes) => blockEditor().serialize([blockEditor().createBlock(name, attributes, [blockEditor().createBlock('core/paragraph', { content: 'Over the water' }) as Block])]);

function opened(markup: string): EditorState {
  const doc = schema.nodeFromJSON(markupToDoc(markup));
  let caret = 1;
  doc.descendants((node, position) => {
    if (caret === 1 && node.isText) caret = position + 1;
    return caret === 1;
  });
  return EditorState.create({ schema, doc, selection: TextSelection.create(doc, caret) });
}

function switched(markup: string, picked: PickedMedia, colour?: string): string {
  const state = opened(markup);
  const tr = replaceMedia(state, picked, colour);
  expect(tr).not.toBeNull();
  return docToMarkup(state.apply(tr!).doc.toJSON());
}

/** What the block editor's cover sets on a switch (its onSelectMedia), over what the cover held. */
function coverAfter(held: Attributes, picked: PickedMedia): Attributes {
  const video = picked.mime.startsWith('video/');
  const behind = video ? '#FFF' : IMAGE_COLOUR;
  const user = held.isUserOverlayColor === true;
  const overlay = user ? (held.customOverlayColor as string | undefined) : behind;
  const { focalPoint: _focal, hasParallax: _parallax, overlayColor: _preset, customOverlayColor: _custom, ...rest } = held;
  return {
    ...rest, ...(user ? { customOverlayColor: held.customOverlayColor } : { customOverlayColor: behind }),
    url: picked.url, id: picked.id, alt: picked.alt, backgroundType: video ? 'video' : 'image',
    ...(video && held.backgroundType !== 'video' ? { sizeSlug: 'full' } : {}),
    isUserOverlayColor: user, isDark: compositeIsDark(typeof held.dimRatio === 'number' ? held.dimRatio : 100, overlay, behind),
  };
}

const COVERS: Attributes[] = [
  { url: 'https://example.com/uploads/old.jpg', id: 4, alt: 'Old', dimRatio: 50, customOverlayColor: '#065174', isUserOverlayColor: true, focalPoint: { x: 0.3, y: 0.6 }, sizeSlug: 'large' },
  { url: 'https://example.com/uploads/old.jpg', id: 4, dimRatio: 50, customOverlayColor: '#f0f0f0', isUserOverlayColor: false, isDark: false },
  { url: 'https://example.com/uploads/old.jpg', id: 4, dimRatio: 0, isUserOverlayColor: false },
  { url: 'https://example.com/uploads/old.mp4', id: 5, backgroundType: 'video', dimRatio: 50, customOverlayColor: '#FFF', isUserOverlayColor: false, isDark: false, sizeSlug: 'full' },
  { url: 'https://example.com/uploads/old.mp4', id: 5, backgroundType: 'video', dimRatio: 80, customOverlayColor: '#123456', isUserOverlayColor: true, minHeight: 300, minHeightUnit: 'px' },
];

describe("a cover's media switched between an image and a video", () => {
  for (const held of COVERS) {
    const picked = held.backgroundType === 'video' ? IMAGE : VIDEO;
    it(`${JSON.stringify(held)} → its ${picked === IMAGE ? 'image' : 'video'}, saved as the block editor saves it, strictly valid`, () => {
      const start = serialize('core/cover', held);
      expect(mediaKinds(mediaBlockAt(opened(start))!.node)).toEqual(['image', 'video']);
      const saved = switched(start, picked, picked === IMAGE ? IMAGE_COLOUR : undefined);
      expect(saved).toBe(serialize('core/cover', coverAfter(held, picked)));
      expect(strictlyInvalid(saved)).toEqual([]);
    });
  }

  it('a parallax cover keeps its kind: only an image fits there', () => {
    const start = serialize('core/cover', { url: 'https://example.com/uploads/old.jpg', id: 4, hasParallax: true, dimRatio: 50 });
    expect(mediaKinds(mediaBlockAt(opened(start))!.node)).toEqual(['image']);
    expect(replaceMedia(opened(start), VIDEO)).toBeNull();
  });
});

const MEDIA_TEXTS: Attributes[] = [
  { mediaId: 4, mediaUrl: 'https://example.com/uploads/old.jpg', mediaAlt: 'Old', mediaType: 'image', mediaLink: 'https://example.com/old/', mediaWidth: 30 },
  { mediaId: 4, mediaUrl: 'https://example.com/uploads/old.jpg', mediaType: 'image', mediaPosition: 'right', verticalAlignment: 'center', focalPoint: { x: 0.2, y: 0.4 } },
  { mediaId: 5, mediaUrl: 'https://example.com/uploads/old.mp4', mediaType: 'video', mediaLink: 'https://example.com/old-video/' },
  { mediaId: 5, mediaUrl: 'https://example.com/uploads/old.mp4', mediaType: 'video', mediaPosition: 'right', isStackedOnMobile: false },
];

describe("media & text's media switched between an image and a video", () => {
  for (const held of MEDIA_TEXTS) {
    const picked = held.mediaType === 'video' ? IMAGE : VIDEO;
    it(`${JSON.stringify(held)} → its ${picked === IMAGE ? 'image' : 'video'}, saved as the block editor saves it, strictly valid`, () => {
      const start = serialize('core/media-text', held);
      const saved = switched(start, picked);
      const { focalPoint: _focal, ...rest } = held;
      // The block editor's onSelectMedia: the item's id, kind, attachment page, alt text, and an image at its large size.
      const after = { ...rest, mediaId: picked.id, mediaType: picked === IMAGE ? 'image' : 'video', mediaLink: picked.link, mediaAlt: picked.alt, mediaUrl: picked.largeUrl ?? picked.url };
      expect(saved).toBe(serialize('core/media-text', after));
      expect(strictlyInvalid(saved)).toEqual([]);
    });
  }

  it('a linked image keeps its kind: only an image fits there', () => {
    const start = serialize('core/media-text', { mediaId: 4, mediaUrl: 'https://example.com/uploads/old.jpg', mediaType: 'image', href: 'https://example.com/', linkDestination: 'custom' });
    expect(mediaKinds(mediaBlockAt(opened(start))!.node)).toEqual(['image']);
  });
});
