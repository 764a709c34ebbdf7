// @vitest-environment jsdom
// A cover's and media & text's media replaced from their Replace as the block editor's does it
// (issue 29): for every form each block is made in (a cover over an image or a video, its overlay
// the writer's or not, a preset of the site's palette or of WordPress's, dimmed or not, a focal
// point, a size, alt text, a parallax or repeated image, a gradient, a text colour the cover's save is not
// written here for, an address the serializer escapes; media & text on either side, with a width,
// a link of each destination, an image filling its column) × every picked item (an image with
// sizes, one without whose average colour is a palette colour, a video), the Replace saves byte for
// byte what the block editor (@wordpress/blocks) saves for the attributes its onSelectMedia sets
// (modelled below from @wordpress/block-library's cover/edit/index.jsx and media-text/edit.jsx, its
// own compositeIsDark judging the cover), and its validator accepts it strictly; a cover showing the
// post's featured image takes the picked item as the block editor's does. The blocks the writer put
// in the block are kept as they were (a heading, words, an empty line); a cover that held none is
// given the block editor's empty title (its scaffoldInnerBlocks), media & text none (its media on
// either side).
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { mediaBlockAt, mediaKinds, needsImageColour, replaceMedia, type PickedMedia } from '../../renderer/blocks/media-blocks.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);
const require = createRequire(import.meta.url);
/** The block editor's own judge of a cover's darkness (cover/edit/color-utils). */
const { compositeIsDark } = require(path.join(path.dirname(require.resolve('@wordpress/block-library/package.json')), 'build/cover/edit/color-utils.cjs')) as { compositeIsDark(dimRatio: number, overlay: string | undefined, behind: string): boolean };

/** The site's palette: a theme colour of its own before WordPress's. */
const PALETTE = [{ slug: 'brand', colour: '#f5e6c8', name: 'Brand' }, ...DEFAULT_PALETTE];

interface Target { picked: PickedMedia; kind: 'image' | 'video'; colour: string }
const TARGETS: Record<string, Target> = {
  'an image with sizes': {
    picked: { id: 9, url: 'https://example.com/uploads/sea.jpg', sizes: { large: 'https://example.com/uploads/sea-1024x768.jpg', medium: 'https://example.com/uploads/sea-300x225.jpg' }, alt: 'The sea', mime: 'image/jpeg', link: 'https://example.com/sea/', caption: 'Seen from the pier' },
    kind: 'image', colour: '#2a4b6c',
  },
  // Its average colour is a palette colour's: the overlay takes the preset.
  'an image without sizes': {
    picked: { id: 10, url: 'https://example.com/uploads/red & sky.jpg', alt: 'The "red" sky', mime: 'image/jpeg', link: 'https://example.com/red-sky/', caption: '' },
    kind: 'image', colour: '#cf2e2e',
  },
  'a video': { picked: { id: 11, url: 'https://example.com/uploads/waves.mp4', alt: '', mime: 'video/mp4', link: 'https://example.com/waves/', caption: 'Waves' }, kind: 'video', colour: '#FFF' },
};

beforeAll(() => {
  blockEditor();
}, 120_000);

type Attributes = Record<string, unknown>;
type Block = ReturnType<ReturnType<typeof blockEditor>['createBlock']>;
const paragraph = (attributes: Attributes) => blockEditor().createBlock('core/paragraph', attributes) as Block;
/** The blocks a writer put in the block: words, a heading, and an empty line left where it was. */
const WRITTEN: Record<string, () => Block[]> = {
  'one paragraph': () => [paragraph({ content: 'Over the water' })],
  'a heading, words and an empty line': () => [blockEditor().createBlock('core/heading', { content: 'Harbour', level: 2 }) as Block, paragraph({ content: 'Over the water' }), paragraph({})],
  'no block': () => [],
};
const serialize = (name: string, attributes: Attributes, inner = WRITTEN['one paragraph']()) => blockEditor().serialize([blockEditor().createBlock(name, attributes, inner)]);
/** The block the block editor's cover puts in when it gains media holding no block (getInnerBlocksTemplate in cover/edit/index.jsx, the site having font sizes). */
const coverTitle = () => paragraph({ style: { typography: { textAlign: 'center' } }, placeholder: 'Write title…', fontSize: 'large' });

/** The block opened with the caret in its first words, or the block selected when it holds none. */
function opened(markup: string): EditorState {
  const doc = schema.nodeFromJSON(markupToDoc(markup));
  let caret = 0;
  doc.descendants((node, position) => {
    if (caret === 0 && node.isText) caret = position + 1;
    return caret === 0;
  });
  return EditorState.create({ schema, doc, selection: caret === 0 ? NodeSelection.create(doc, 0) : TextSelection.create(doc, caret) });
}

function replacedState(markup: string, target: Target): EditorState {
  const state = opened(markup);
  const colour = needsImageColour(state, target.picked) ? target.colour : undefined;
  const tr = replaceMedia(state, target.picked, colour, PALETTE);
  expect(tr).not.toBeNull();
  return state.apply(tr!);
}
const replaced = (markup: string, target: Target): string => docToMarkup(replacedState(markup, target).doc.toJSON());

/** What the block editor's cover sets from its Replace (onSelectMedia), over what the cover held. */
function coverAfter(held: Attributes, { picked, kind, colour }: Target): Attributes {
  const behind = kind === 'video' ? '#FFF' : colour;
  const user = held.isUserOverlayColor === true;
  const heldOverlay = PALETTE.find((preset) => preset.slug === held.overlayColor)?.colour ?? (held.customOverlayColor as string | undefined);
  const preset = PALETTE.find((entry) => entry.colour === behind)?.slug;
  const overlay = user ? {} : { overlayColor: preset, customOverlayColor: preset ? undefined : behind };
  // A half where the cover had no media of its own (none, or the post's featured image) at the whole.
  const dimRatio = held.url === undefined && (held.dimRatio ?? 100) === 100 ? 50 : ((held.dimRatio as number | undefined) ?? 100);
  const media: Attributes = { url: picked.url, id: picked.id, alt: picked.alt, backgroundType: kind, ...(kind === 'video' ? { hasParallax: undefined } : {}) };
  if ((held.backgroundType ?? 'image') === 'image') {
    const sizeSlug = held.sizeSlug as string | undefined;
    if (sizeSlug && picked.sizes?.[sizeSlug]) Object.assign(media, { sizeSlug, url: picked.sizes[sizeSlug] });
    else if (picked.sizes?.large) Object.assign(media, { sizeSlug: 'large', url: picked.sizes.large });
    else media.sizeSlug = 'full';
  }
  return { ...held, ...overlay, ...media, focalPoint: undefined, useFeaturedImage: undefined, dimRatio, isDark: compositeIsDark(dimRatio, user ? heldOverlay : behind, behind), isUserOverlayColor: user };
}

const OLD_IMAGE = { url: 'https://example.com/uploads/old.jpg', id: 4 };
const OLD_VIDEO = { url: 'https://example.com/uploads/old.mp4', id: 5, backgroundType: 'video' };
const COVERS: Attributes[] = [
  { ...OLD_IMAGE, alt: 'Old', dimRatio: 50, customOverlayColor: '#065174', isUserOverlayColor: true, focalPoint: { x: 0.3, y: 0.6 }, sizeSlug: 'large' },
  { ...OLD_IMAGE, dimRatio: 50, customOverlayColor: '#f0f0f0', isUserOverlayColor: false, isDark: false, sizeSlug: 'medium' },
  { ...OLD_IMAGE, dimRatio: 0, isUserOverlayColor: false },
  { ...OLD_IMAGE, dimRatio: 60, overlayColor: 'vivid-red', isUserOverlayColor: false, align: 'full' },
  { ...OLD_VIDEO, dimRatio: 50, customOverlayColor: '#FFF', isUserOverlayColor: false, isDark: false, sizeSlug: 'full' },
  { ...OLD_VIDEO, dimRatio: 80, customOverlayColor: '#123456', isUserOverlayColor: true, minHeight: 300, minHeightUnit: 'px' },
  // The writer's overlay a preset of the site's own palette: judged by its value there.
  { ...OLD_IMAGE, dimRatio: 70, overlayColor: 'brand', isUserOverlayColor: true, isDark: false },
  { ...OLD_VIDEO, dimRatio: 90, overlayColor: 'black', isUserOverlayColor: true },
  { ...OLD_IMAGE, hasParallax: true, dimRatio: 50, customOverlayColor: '#222222', isUserOverlayColor: false, focalPoint: { x: 0.2, y: 0.8 } },
  { ...OLD_IMAGE, isRepeated: true, dimRatio: 40, isUserOverlayColor: true, customOverlayColor: '#eeeeee', isDark: false },
  { ...OLD_IMAGE, hasParallax: true, isRepeated: true, alt: 'Both', dimRatio: 50, isUserOverlayColor: false },
  // Covers the save in cover-save.ts does not write (a text colour, an address it would escape): their HTML as read is rewritten.
  { ...OLD_IMAGE, dimRatio: 50, customOverlayColor: '#f0f0f0', isUserOverlayColor: false, isDark: false, textColor: 'vivid-red', align: 'wide', sizeSlug: 'large' },
  { ...OLD_VIDEO, dimRatio: 30, overlayColor: 'brand', isUserOverlayColor: true, isDark: false, textColor: 'black', style: { spacing: { padding: { top: '2em' } } } },
  { url: 'https://example.com/uploads/old & new.jpg', id: 4, dimRatio: 50, customOverlayColor: '#333333', isUserOverlayColor: true, focalPoint: { x: 0.5, y: 0.1 } },
  { ...OLD_IMAGE, hasParallax: true, dimRatio: 50, customOverlayColor: '#222222', isUserOverlayColor: false, textColor: 'white', align: 'full' },
  { ...OLD_IMAGE, isRepeated: true, alt: 'Tiles', dimRatio: 20, overlayColor: 'black', isUserOverlayColor: true, isDark: false, textColor: 'black', sizeSlug: 'medium' },
  // A gradient over the media stays; the overlay colour under it follows the new media unless chosen.
  { ...OLD_IMAGE, dimRatio: 50, gradient: 'midnight', isUserOverlayColor: false },
  { ...OLD_VIDEO, dimRatio: 60, customGradient: 'linear-gradient(90deg,rgb(0,0,0) 0%,rgb(255,255,255) 100%)', customOverlayColor: '#101010', isUserOverlayColor: false, textColor: 'white' },
  // A video with a poster (the video element's attribute): kept for a new video, as the block editor's Replace leaves it set.
  { ...OLD_VIDEO, poster: 'https://example.com/uploads/old-poster.jpg', dimRatio: 50, customOverlayColor: '#123456', isUserOverlayColor: true },
  { ...OLD_VIDEO, poster: 'https://example.com/uploads/old-poster.jpg', dimRatio: 60, isUserOverlayColor: false, focalPoint: { x: 0.4, y: 0.2 }, textColor: 'white' },
  // The post's featured image (no media element of its own): the picked item takes its place, written where the save writes it.
  { useFeaturedImage: true, dimRatio: 50, customOverlayColor: '#3a4b5c', isUserOverlayColor: false, sizeSlug: 'medium' },
  { useFeaturedImage: true, isUserOverlayColor: false },
  { useFeaturedImage: true, dimRatio: 70, overlayColor: 'brand', isUserOverlayColor: true, isDark: false, align: 'full', minHeight: 400, minHeightUnit: 'px' },
  { useFeaturedImage: true, dimRatio: 40, customOverlayColor: '#f0f0f0', isUserOverlayColor: false, isDark: false, textColor: 'black' },
];

/**
 * For every form of the block × every picked item: an image or a video fits, and the Replace saves
 * what the block editor saves for the attributes `after` sets; and holding each of `holding` (the
 * blocks a writer put in), the blocks it holds after are those `inner` gives: kept as they were, or
 * the block editor's own where there were none.
 */
function replacesEveryForm(block: string, forms: Attributes[], after: (held: Attributes, target: Target) => Attributes, holding: string[], inner: (written: Block[]) => Block[] = (written) => written) {
  for (const held of forms) {
    for (const [name, target] of Object.entries(TARGETS)) {
      it(`${JSON.stringify(held)} → ${name}, saved as the block editor saves it, strictly valid`, () => {
        const start = serialize(block, held);
        expect(mediaKinds(mediaBlockAt(opened(start))!.node)).toEqual(['image', 'video']);
        const saved = replaced(start, target);
        expect(saved).toBe(serialize(block, after(held, target)));
        expect(strictlyInvalid(saved)).toEqual([]);
      });
    }
    for (const blocks of holding) {
      it(`${JSON.stringify(held)} holding ${blocks} → an image: those blocks kept, the block editor's added only where it held none`, () => {
        const target = TARGETS['an image with sizes'];
        const saved = replaced(serialize(block, held, WRITTEN[blocks]()), target);
        expect(saved).toBe(serialize(block, after(held, target), inner(WRITTEN[blocks]())));
        expect(strictlyInvalid(saved)).toEqual([]);
      });
    }
  }
}

describe("a cover's media replaced from its Replace, as the block editor's onSelectMedia", () => {
  replacesEveryForm('core/cover', COVERS, coverAfter, Object.keys(WRITTEN), (written) => (written.length > 0 ? written : [coverTitle()]));

  it('the caret goes into the title a cover holding no block is given, as the block editor selects it', () => {
    const state = replacedState(serialize('core/cover', COVERS[0], []), TARGETS['a video']);
    expect(state.selection.$from.parent.type.name).toBe('paragraph');
    expect(state.selection.$from.node(1).attrs.name).toBe('core/cover');
  });
});

/** What the block editor's media & text sets from its Replace (its attributesFromMedia), over what the block held. */
function mediaTextAfter(held: Attributes, { picked, kind }: Target): Attributes {
  let linkDestination = held.linkDestination;
  let href = held.href;
  if (kind === 'image') {
    // No default link in the editor's media settings here: "none".
    linkDestination ??= 'none';
    if (linkDestination === 'media') href = picked.url;
    if (linkDestination === 'attachment') href = picked.link;
  }
  const large = kind === 'image' ? picked.sizes?.large : undefined;
  return { ...held, mediaAlt: picked.alt, mediaId: picked.id, mediaType: kind, mediaUrl: large || picked.url, mediaLink: picked.link || undefined, href, linkDestination, focalPoint: undefined, useFeaturedImage: false };
}

const OLD_MEDIA_IMAGE = { mediaId: 4, mediaUrl: 'https://example.com/uploads/old.jpg', mediaType: 'image' };
const OLD_MEDIA_VIDEO = { mediaId: 5, mediaUrl: 'https://example.com/uploads/old.mp4', mediaType: 'video' };
const MEDIA_TEXTS: Attributes[] = [
  { ...OLD_MEDIA_IMAGE, mediaAlt: 'Old', mediaLink: 'https://example.com/old/', mediaWidth: 30 },
  { ...OLD_MEDIA_IMAGE, mediaPosition: 'right', verticalAlignment: 'center', focalPoint: { x: 0.2, y: 0.4 }, mediaSizeSlug: 'medium' },
  { ...OLD_MEDIA_VIDEO, mediaLink: 'https://example.com/old-video/' },
  { ...OLD_MEDIA_VIDEO, mediaPosition: 'right', isStackedOnMobile: false },
  { ...OLD_MEDIA_VIDEO, linkDestination: 'attachment' },
  { ...OLD_MEDIA_IMAGE, href: 'https://example.com/elsewhere', linkDestination: 'custom', linkTarget: '_blank', rel: 'noopener', linkClass: 'plain' },
  { ...OLD_MEDIA_IMAGE, mediaLink: 'https://example.com/old/', href: 'https://example.com/old/', linkDestination: 'attachment' },
  { ...OLD_MEDIA_IMAGE, href: 'https://example.com/uploads/old.jpg', linkDestination: 'media', mediaPosition: 'right' },
  { ...OLD_MEDIA_IMAGE, imageFill: true, focalPoint: { x: 0.1, y: 0.9 }, mediaWidth: 60 },
  { ...OLD_MEDIA_IMAGE, imageFill: true, href: 'https://example.com/old/', linkDestination: 'custom', mediaPosition: 'right' },
];

describe("media & text's media replaced from its Replace, as the block editor's attributesFromMedia", () => {
  // Its media's Replace adds no block; one holding none is replaced with its media on either side.
  replacesEveryForm('core/media-text', MEDIA_TEXTS, mediaTextAfter, ['a heading, words and an empty line', 'no block']);
});
