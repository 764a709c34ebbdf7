// @vitest-environment jsdom
// Every media block the inserter puts in empty (renderer/blocks/media-placeholder.ts): its empty
// markup is what the block editor saves for that block just inserted, strictly valid, read as its
// placeholder and written back byte for byte; its media chosen there (uploaded, picked or dropped:
// renderer/editor/placeholder-fill.ts) makes the block its inserter entry makes around that file,
// and an address typed makes what the block editor saves for it (its onSelectURL), where it offers one;
// a palette colour picked in a cover's makes the cover its onSetOverlayColor makes, the caret in its title;
// its "Use featured image" (and the cover's media bar's toggle) sets what its toggleUseFeaturedImage sets.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Editor, JSONContent } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { insertMarkup } from '../../renderer/editor/create-block.ts';
import { awaitingCreation, fillPlaceholder, fillPlaceholderFromColour, fillPlaceholderFromFeaturedImage, fillPlaceholderFromUrl, type MediaCreation } from '../../renderer/editor/placeholder-fill.ts';
import { MEDIA_PLACEHOLDER_NODE } from '../../renderer/blocks/media-placeholder.ts';
import { APP_PATTERNS } from '../../renderer/editor/app-patterns.ts';
import { EMBED_PROVIDERS } from '../../renderer/blocks/embed-providers.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';
import { blockEditorCompositeIsDark, type CompositeIsDark } from '../helpers/cover-darkness.ts';
import { DEFAULT_PALETTE } from '../../renderer/blocks/site-presets.ts';
import { NO_IMAGE_COLOUR, coverFromImage } from '../../renderer/blocks/cover-block.ts';
import { toggleFeaturedImage, usesFeaturedImage } from '../../renderer/blocks/cover-featured.ts';

const openEditor = editorsForFile();
const EMPTY_LINE = '<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->';

const media = CATALOGUE.flatMap((entry) => (entry.creation.kind === 'media' ? [[entry.title, entry.creation] as [string, MediaCreation]] : []));

/**
 * Each media block as the block editor has it just inserted: its name, the attributes its edit
 * sets at once (a gallery's link, saved "so blocks don't break") and the blocks of its template.
 */
const INSERTED: Readonly<Record<string, [string, Record<string, unknown>, [string, Record<string, unknown>][]?]>> = {
  Image: ['core/image', {}],
  Gallery: ['core/gallery', { linkTo: 'none' }],
  Cover: ['core/cover', {}],
  'Media & text': ['core/media-text', {}, [['core/paragraph', { placeholder: 'Content…' }]]],
  File: ['core/file', {}],
  Audio: ['core/audio', {}],
  Video: ['core/video', {}],
};

/** What each block's placeholder sets for an address typed (its onSelectURL), for the blocks whose placeholder offers one. */
const FROM_URL: Readonly<Record<string, (url: string) => [string, Record<string, unknown>]>> = {
  Image: (url) => ['core/image', { url, sizeSlug: 'large' }],
  Audio: (src) => ['core/audio', { src }],
  Video: (src) => ['core/video', { src }],
};

const saved = (name: string, attributes: Record<string, unknown>, inner: [string, Record<string, unknown>][] = []) => {
  const editor = blockEditor();
  return quietly(() => editor.serialize(editor.createBlock(name, attributes, inner.map(([innerName, innerAttributes]): WpBlock => editor.createBlock(innerName, innerAttributes)))));
};

const item = (file: string, mime: string, id: number) => ({ id, source_url: `http://localhost/uploads/2026/11/${file}`, alt_text: '', caption: { raw: '' }, mime_type: mime, title: { rendered: file }, media_details: {} }) as unknown as MediaItem;
const ITEMS = { image: item('door.png', 'image/png', 41), file: item('report.pdf', 'application/pdf', 42), audio: item('song.mp3', 'audio/mpeg', 43), video: item('clip.mp4', 'video/mp4', 44) };

/** An editor holding the empty block of `creation` put in at the caret as the inserter puts it, and the placeholder's position. */
function withPlaceholder(creation: MediaCreation) {
  const editor = openEditor(EMPTY_LINE);
  editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 1)));
  insertMarkup(editor, creation.empty);
  let at = -1;
  editor.state.doc.descendants((node, position) => {
    if (node.type.name === MEDIA_PLACEHOLDER_NODE || awaitingCreation(node)) at = position;
  });
  return { editor, at };
}

/** The saved document without the empty line the caret is left on after a block holding no text. */
const savedBlocks = (markup: string) => markup.replace(/\n\n<!-- wp:paragraph -->\n<p><\/p>\n<!-- \/wp:paragraph -->$/, '');

describe('the media blocks the inserter puts in empty', () => {
  it('are every media block, each described as the block editor inserts it', () => {
    expect(media.map(([title]) => title).sort()).toEqual(Object.keys(INSERTED).sort());
  });

  it.each(media)('%s: its empty markup is what the block editor saves for one just inserted, strictly valid', (title, creation) => {
    const [name, attributes, inner] = INSERTED[title];
    expect(creation.empty).toBe(saved(name, attributes, inner));
    expect(strictlyInvalid(creation.empty)).toEqual([]);
  });

  it.each(media)('%s: read as its placeholder (media & text: as itself, its text written at once) and written back byte for byte', (_title, creation) => {
    const doc = markupToDoc(creation.empty);
    expect(doc.content?.map((node) => node.type)).toEqual([creation.awaitsMedia ? 'blockContainer' : MEDIA_PLACEHOLDER_NODE]);
    expect(docToMarkup(doc)).toBe(creation.empty);
  });

  it('media & text alone is written in before its media is chosen, as the block editor lets one, saved as it saves it', () => {
    expect(media.filter(([, creation]) => creation.awaitsMedia).map(([title]) => title)).toEqual(['Media & text']);
    const [, mediaText] = media.find(([title]) => title === 'Media & text') ?? [];
    if (!mediaText) throw new Error('The inserter makes media & text.');
    const { editor, at } = withPlaceholder(mediaText);
    // The caret goes into its text, where the words typed go.
    let text = -1;
    editor.state.doc.nodeAt(at)?.descendants((node, offset) => {
      if (text < 0 && node.type.name === 'paragraph') text = at + 1 + offset + 1;
    });
    editor.chain().setTextSelection(text).insertContent('Beside the door').run();
    const wp = blockEditor();
    const words = (attributes: Record<string, unknown>) => quietly(() => wp.serialize(wp.createBlock('core/media-text', attributes, [wp.createBlock('core/paragraph', { placeholder: 'Content…', content: 'Beside the door' })])));
    const typed = savedBlocks(docToMarkup(editor.state.doc));
    expect(typed).toBe(words({}));
    expect(strictlyInvalid(typed)).toEqual([]);
    // Its media chosen after: the words stay beside it.
    const chosen = { ...ITEMS.image, link: 'http://localhost/door/' } as MediaItem;
    expect(fillPlaceholder(editor, at, [chosen])).toBe(true);
    const made = savedBlocks(docToMarkup(editor.state.doc));
    expect(made).toBe(words({ mediaId: chosen.id, mediaLink: chosen.link, linkDestination: 'none', mediaType: 'image', mediaUrl: chosen.source_url }));
    expect(strictlyInvalid(made)).toEqual([]);
  });

  it('offers an address where the block editor’s placeholder does (image, audio, video)', () => {
    expect(media.filter(([, creation]) => creation.fromUrl).map(([title]) => title).sort()).toEqual(Object.keys(FROM_URL).sort());
  });

  it.each(media.filter(([title]) => title in FROM_URL))('%s: an address typed makes what the block editor saves for it, strictly valid', (title, creation) => {
    const url = 'https://example.com/files/door.png';
    const [name, attributes] = FROM_URL[title](url);
    expect(creation.fromUrl?.(url)).toBe(saved(name, attributes));
    expect(strictlyInvalid(creation.fromUrl?.(url) ?? '')).toEqual([]);
    const { editor, at } = withPlaceholder(creation);
    expect(fillPlaceholderFromUrl(editor, at, url)).toBe(true);
    expect(savedBlocks(docToMarkup(editor.state.doc))).toBe(creation.fromUrl?.(url));
  });

  it('takes an address typed without its protocol as https, as the block editor does', () => {
    const image = media.find(([title]) => title === 'Image')?.[1];
    expect(image?.fromUrl?.('example.com/door.png')).toContain('src="https://example.com/door.png"');
  });

  /** An address of each provider the block editor's embed variations know by their patterns. */
  const PROVIDER_ADDRESSES: Readonly<Record<string, string>> = {
    twitter: 'https://twitter.com/wordpress/status/1', youtube: 'https://www.youtube.com/watch?v=abc&t=1', soundcloud: 'https://soundcloud.com/artist/song',
    spotify: 'https://open.spotify.com/track/1', flickr: 'https://flic.kr/p/1', vimeo: 'https://vimeo.com/22439234', animoto: 'https://animoto.com/play/1',
    cloudup: 'https://cloudup.com/1', crowdsignal: 'https://poll.fm/1', dailymotion: 'https://www.dailymotion.com/video/1', imgur: 'https://i.imgur.com/door.png',
    issuu: 'https://issuu.com/a/docs/b', kickstarter: 'https://kck.st/1', mixcloud: 'https://www.mixcloud.com/a/b/', 'pocket-casts': 'https://pca.st/abc',
    reddit: 'https://www.reddit.com/r/a/', reverbnation: 'https://www.reverbnation.com/a', scribd: 'https://www.scribd.com/doc/1', smugmug: 'https://a.smugmug.com/b',
    'speaker-deck': 'https://speakerdeck.com/a/b', tiktok: 'https://www.tiktok.com/@a/video/1', ted: 'https://www.ted.com/talks/a', tumblr: 'https://a.tumblr.com/post/1',
    videopress: 'https://videopress.com/v/1', 'wordpress-tv': 'https://wordpress.tv/2026/a/', 'amazon-kindle': 'https://www.amazon.co.uk/dp/1', pinterest: 'https://www.pinterest.com/pin/1/',
    'wolfram-cloud': 'https://www.wolframcloud.com/obj/a', bluesky: 'https://bsky.app/profile/a/post/1',
  };
  /** The embed block the block editor replaces a media block by for `url` (its onSelectURL's createUpgradedEmbedBlock over its variations), or null. */
  const blockEditorEmbed = (url: string) => {
    const wp = blockEditor();
    const matched = wp.getBlockVariations('core/embed')?.find(({ patterns = [] }) => patterns.some((pattern) => url.match(pattern)));
    return matched ? quietly(() => wp.serialize(wp.createBlock('core/embed', { url, ...matched.attributes }))) : null;
  };

  it('know every provider the block editor’s embed variations know an address of, in its order, with its attributes', () => {
    const known = (blockEditor().getBlockVariations('core/embed') ?? []).filter(({ patterns = [] }) => patterns.length > 0);
    const described = (patterns: readonly RegExp[]) => patterns.map(String);
    expect(EMBED_PROVIDERS.map(({ slug, patterns, responsive, previewable }) => [slug, described(patterns), { providerNameSlug: slug, ...(responsive ? { responsive } : {}), ...(previewable ? {} : { previewable }) }]))
      .toEqual(known.map(({ name, patterns = [], attributes }) => [name, described(patterns), attributes]));
    expect(Object.keys(PROVIDER_ADDRESSES)).toEqual(known.map(({ name }) => name));
  });

  const embedding = media.filter(([, creation]) => creation.embeds);
  it('turn an address a provider knows into its embed where the block editor’s placeholder does (image, audio, video)', () => {
    expect(embedding.map(([title]) => title).sort()).toEqual(Object.keys(FROM_URL).sort());
  });

  it.each(embedding.flatMap(([title, creation]) => Object.entries(PROVIDER_ADDRESSES).map(([provider, url]) => [title, provider, creation, url] as const)))(
    '%s: an address of %s typed makes the embed block the block editor makes, strictly valid, kept byte for byte',
    (_title, _provider, creation, url) => {
      const { editor, at } = withPlaceholder(creation);
      expect(fillPlaceholderFromUrl(editor, at, url)).toBe(true);
      const made = savedBlocks(docToMarkup(editor.state.doc));
      expect(made).toBe(blockEditorEmbed(url));
      expect(strictlyInvalid(made)).toEqual([]);
      expect(docToMarkup(markupToDoc(made))).toBe(made);
    },
  );

  it.each(embedding)('%s: an address typed without its protocol is matched as the block editor matches it', (title, creation) => {
    // The video's and image's placeholders put https before it first; the audio's matches it as typed.
    const typed = 'youtube.com/watch?v=abc';
    const { editor, at } = withPlaceholder(creation);
    fillPlaceholderFromUrl(editor, at, typed);
    const [name, attributes] = FROM_URL[title](creation.embeds?.address(typed) ?? typed);
    expect(savedBlocks(docToMarkup(editor.state.doc))).toBe(blockEditorEmbed(creation.embeds?.address(typed) ?? typed) ?? saved(name, attributes));
  });

  it('an image’s address a provider knows that loads as an image stays an image, as the block editor’s does', () => {
    const image = media.find(([title]) => title === 'Image')?.[1];
    if (!image) throw new Error('The inserter makes an image.');
    const url = PROVIDER_ADDRESSES.imgur;
    const { editor, at } = withPlaceholder(image);
    expect(fillPlaceholderFromUrl(editor, at, url, true)).toBe(true);
    expect(savedBlocks(docToMarkup(editor.state.doc))).toBe(saved('core/image', { url, sizeSlug: 'large' }));
  });

  it.each(media)('%s: a file of its kind chosen makes the block its inserter entry makes, where the placeholder stood', (_title, creation) => {
    const chosen = ITEMS[creation.media];
    const { editor, at } = withPlaceholder(creation);
    expect(at).toBe(0);
    expect(fillPlaceholder(editor, at, [chosen])).toBe(true);
    const made = docToMarkup(editor.state.doc);
    expect(made.startsWith(creation.markup(chosen))).toBe(true);
    expect(strictlyInvalid(made)).toEqual([]);
  });

  it.each(media)('%s: one Undo brings the placeholder back', (_title, creation) => {
    const { editor, at } = withPlaceholder(creation);
    const before = docToMarkup(editor.state.doc);
    fillPlaceholder(editor, at, [ITEMS[creation.media]]);
    expect(docToMarkup(editor.state.doc)).not.toBe(before);
    editor.commands.undo();
    expect(docToMarkup(editor.state.doc)).toBe(before);
  });

  it.each(media.filter(([, creation]) => creation.media !== 'file'))('%s: a file of another kind leaves the placeholder as it is', (_title, creation) => {
    const { editor, at } = withPlaceholder(creation);
    const before = docToMarkup(editor.state.doc);
    const other = creation.media === 'audio' ? ITEMS.file : ITEMS.audio;
    expect(fillPlaceholder(editor, at, [other])).toBe(false);
    expect(docToMarkup(editor.state.doc)).toBe(before);
  });

  it('a cover takes a video too, made as the block editor’s onSelectMedia makes one over no media, the empty title in it', () => {
    const cover = media.find(([title]) => title === 'Cover')?.[1];
    if (!cover) throw new Error('The inserter makes a cover.');
    const { editor, at } = withPlaceholder(cover);
    expect(fillPlaceholder(editor, at, [ITEMS.video])).toBe(true);
    const wp = blockEditor();
    const title = wp.createBlock('core/paragraph', { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: 'center' } } });
    const expected = quietly(() => wp.serialize(wp.createBlock('core/cover', { url: ITEMS.video.source_url, id: ITEMS.video.id, dimRatio: 50, customOverlayColor: '#FFF', isUserOverlayColor: false, backgroundType: 'video', isDark: false }, [title])));
    expect(savedBlocks(docToMarkup(editor.state.doc))).toBe(expected);
  });

  const linked = (file: string, mime: string, id: number, more: object) => ({ ...item(file, mime, id), link: `http://localhost/${file}/`, alt_text: 'A "red" door', ...more }) as unknown as MediaItem;
  it.each([
    ['an image with a large size', linked('door.png', 'image/png', 61, { media_details: { sizes: { large: { source_url: 'http://localhost/uploads/2026/11/door-1024x768.png' } } } }), { mediaType: 'image', mediaUrl: 'http://localhost/uploads/2026/11/door-1024x768.png', linkDestination: 'none' }],
    ['an image without one', linked('tile.png', 'image/png', 62, {}), { mediaType: 'image', mediaUrl: 'http://localhost/uploads/2026/11/tile.png', linkDestination: 'none' }],
    ['a video', linked('clip.mp4', 'video/mp4', 63, {}), { mediaType: 'video', mediaUrl: 'http://localhost/uploads/2026/11/clip.mp4' }],
  ] as const)('media & text takes %s, made as the block editor’s attributesFromMedia sets it', (_kind, chosen, set) => {
    const mediaText = media.find(([title]) => title === 'Media & text')?.[1];
    if (!mediaText) throw new Error('The inserter makes media & text.');
    const { editor, at } = withPlaceholder(mediaText);
    expect(fillPlaceholder(editor, at, [chosen])).toBe(true);
    const wp = blockEditor();
    const attributes = { mediaAlt: chosen.alt_text, mediaId: chosen.id, mediaLink: chosen.link, ...set };
    const expected = quietly(() => wp.serialize(wp.createBlock('core/media-text', attributes, [wp.createBlock('core/paragraph', { placeholder: 'Content…' })])));
    const made = docToMarkup(editor.state.doc);
    expect(made.startsWith(expected)).toBe(true);
    expect(strictlyInvalid(made)).toEqual([]);
  });

  it('a gallery takes every image at once, in order', () => {
    const gallery = media.find(([title]) => title === 'Gallery')?.[1];
    if (!gallery?.several) throw new Error('The gallery takes several images.');
    const images = [item('one.png', 'image/png', 51), item('two.png', 'image/png', 52), ITEMS.audio];
    const { editor, at } = withPlaceholder(gallery);
    expect(fillPlaceholder(editor, at, images)).toBe(true);
    expect(docToMarkup(editor.state.doc)).toContain(gallery.several(images.slice(0, 2)));
  });
});

describe('a cover made from a colour', () => {
  let editorIsDark: CompositeIsDark;
  beforeAll(async () => {
    editorIsDark = await blockEditorCompositeIsDark();
  });
  const cover = media.find(([title]) => title === 'Cover')?.[1];
  /** Every colour of WordPress's default palette, and a theme's own of every lightness. */
  const COLOURS = [...DEFAULT_PALETTE, { slug: 'paper', colour: '#fdf6e3', name: 'Paper' }, { slug: 'slate-2', colour: '#7f7f7f', name: 'Slate' }, { slug: 'ink', colour: '#1a1a2e', name: 'Ink' }];

  it('is offered where the block editor’s placeholder shows its palette (a cover’s alone)', () => {
    expect(media.filter(([, creation]) => creation.fromColour).map(([title]) => title)).toEqual(['Cover']);
  });

  it.each(COLOURS)('$name ($colour): the cover the block editor makes of it, strictly valid, the caret in its title', (colour) => {
    if (!cover) throw new Error('The inserter makes a cover.');
    const { editor, at } = withPlaceholder(cover);
    expect(fillPlaceholderFromColour(editor, at, colour)).toBe(true);
    // The words typed at once go into its title.
    editor.commands.insertContent('Spring sale');
    const wp = blockEditor();
    const title = wp.createBlock('core/paragraph', { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: 'center' } }, content: 'Spring sale' });
    // As its onSetOverlayColor sets it on a new cover: the preset, the writer's choice, dark or light over the white behind a cover without media; the dim ratio the new cover's.
    const attributes = { overlayColor: colour.slug, isUserOverlayColor: true, isDark: editorIsDark(100, colour.colour, NO_IMAGE_COLOUR) };
    const expected = quietly(() => wp.serialize(wp.createBlock('core/cover', attributes, [title])));
    const made = savedBlocks(docToMarkup(editor.state.doc));
    expect(made).toBe(expected);
    expect(strictlyInvalid(made)).toEqual([]);
    expect(docToMarkup(markupToDoc(made))).toBe(made);
  });

  it('one Undo brings the placeholder back; a block that takes no colour is left as it is', () => {
    if (!cover) throw new Error('The inserter makes a cover.');
    const { editor, at } = withPlaceholder(cover);
    const before = docToMarkup(editor.state.doc);
    fillPlaceholderFromColour(editor, at, DEFAULT_PALETTE[0]);
    editor.commands.undo();
    expect(docToMarkup(editor.state.doc)).toBe(before);
    for (const [, creation] of media.filter(([, other]) => !other.fromColour)) {
      const other = withPlaceholder(creation);
      const untouched = docToMarkup(other.editor.state.doc);
      expect(fillPlaceholderFromColour(other.editor, other.at, DEFAULT_PALETTE[0])).toBe(false);
      expect(docToMarkup(other.editor.state.doc)).toBe(untouched);
    }
  });
});

describe('a cover showing the post’s featured image', () => {
  let editorIsDark: CompositeIsDark;
  beforeAll(async () => {
    editorIsDark = await blockEditorCompositeIsDark();
  });
  const cover = media.find(([title]) => title === 'Cover')?.[1];
  const TITLE = { placeholder: 'Write title…', fontSize: 'large', style: { typography: { textAlign: 'center' } } };
  const black = DEFAULT_PALETTE.find((colour) => colour.slug === 'black');
  /** What the block editor serialises for a cover of `attributes` holding the empty title. */
  const coverSaved = (attributes: Record<string, unknown>) => saved('core/cover', attributes, [['core/paragraph', TITLE]]);
  /** The cover just made, strictly valid, read back byte for byte. */
  const checked = (markup: string) => {
    const made = savedBlocks(markup);
    expect(strictlyInvalid(made)).toEqual([]);
    expect(docToMarkup(markupToDoc(made))).toBe(made);
    return made;
  };
  /** An editor holding a cover made in its placeholder the way `make` makes it, the caret in its title. */
  const madeCover = (make: (editor: Editor, at: number) => void) => (): Editor => {
    if (!cover) throw new Error('The inserter makes a cover.');
    const { editor, at } = withPlaceholder(cover);
    make(editor, at);
    return editor;
  };

  it('is offered in a cover’s placeholder alone, as the block editor’s', () => {
    expect(media.filter(([, creation]) => creation.offersFeaturedImage).map(([title]) => title)).toEqual(['Cover']);
  });

  it('made in the placeholder: what the block editor’s toggleUseFeaturedImage saves on a new cover, the caret in its title; one Undo brings the placeholder back', () => {
    if (!cover) throw new Error('The inserter makes a cover.');
    const { editor, at } = withPlaceholder(cover);
    const before = docToMarkup(editor.state.doc);
    expect(fillPlaceholderFromFeaturedImage(editor, at, DEFAULT_PALETTE)).toBe(true);
    expect(checked(docToMarkup(editor.state.doc))).toBe(coverSaved({ useFeaturedImage: true, dimRatio: 50, customOverlayColor: '#FFF', isUserOverlayColor: false, isDark: editorIsDark(50, '#FFF', '#FFF') }));
    editor.commands.insertContent('Spring sale');
    expect(savedBlocks(docToMarkup(editor.state.doc))).toContain('<p class="has-text-align-center has-large-font-size">Spring sale</p>');
    editor.commands.undo();
    expect(docToMarkup(editor.state.doc)).toBe(before);
    for (const [, other] of media.filter(([, creation]) => !creation.offersFeaturedImage)) {
      const made = withPlaceholder(other);
      expect(fillPlaceholderFromFeaturedImage(made.editor, made.at, DEFAULT_PALETTE)).toBe(false);
    }
  });

  /** Covers made every way the placeholder makes one, and what the block editor’s toggle saves for each switched on, then off again. */
  const SWITCHED: [string, () => Editor, Record<string, unknown>, Record<string, unknown>][] = [
    ['an image (over a dark colour)', () => {
      const editor = openEditor(coverFromImage({ ...ITEMS.image, media_details: { sizes: { large: { source_url: 'http://localhost/uploads/2026/11/door-1024x768.png' } } } } as unknown as MediaItem, '#202020'));
      editor.commands.setTextSelection(2);
      return editor;
    },
      { useFeaturedImage: true, dimRatio: 50, customOverlayColor: '#FFF', isUserOverlayColor: false, sizeSlug: 'large' },
      { dimRatio: 50, isUserOverlayColor: false, sizeSlug: 'large' }],
    ['a video', madeCover((editor, at) => fillPlaceholder(editor, at, [ITEMS.video])),
      { useFeaturedImage: true, dimRatio: 50, customOverlayColor: '#FFF', isUserOverlayColor: false },
      { dimRatio: 50, isUserOverlayColor: false }],
    ['a colour of the palette (the writer’s)', madeCover((editor, at) => fillPlaceholderFromColour(editor, at, black ?? DEFAULT_PALETTE[0])),
      { useFeaturedImage: true, dimRatio: 50, overlayColor: 'black', isUserOverlayColor: true },
      { dimRatio: 50, overlayColor: 'black', isUserOverlayColor: true }],
  ];

  it.each(SWITCHED)('a cover of %s switched to the featured image from its media bar and back: what the block editor’s toggle saves each time, one Undo each', (_kind, make, on, off) => {
    const editor = make();
    // Judged as the block editor judges it: the overlay over the white it reads for a cover without its own media.
    const darkness = (attributes: Record<string, unknown>) => ({ ...attributes, isDark: editorIsDark(50, attributes.overlayColor === 'black' ? '#000000' : '#FFF', '#FFF') });
    const original = docToMarkup(editor.state.doc);
    expect(usesFeaturedImage(editor.state)).toBe(false);
    const switchedOn = toggleFeaturedImage(editor.state, DEFAULT_PALETTE);
    if (!switchedOn) throw new Error('The cover offers the toggle.');
    editor.view.dispatch(switchedOn);
    expect(usesFeaturedImage(editor.state)).toBe(true);
    const shown = checked(docToMarkup(editor.state.doc));
    expect(shown).toBe(coverSaved(darkness(on)));
    const switchedOff = toggleFeaturedImage(editor.state, DEFAULT_PALETTE);
    if (!switchedOff) throw new Error('The cover offers the toggle back.');
    editor.view.dispatch(switchedOff);
    expect(usesFeaturedImage(editor.state)).toBe(false);
    expect(checked(docToMarkup(editor.state.doc))).toBe(coverSaved(darkness(off)));
    editor.commands.undo();
    expect(savedBlocks(docToMarkup(editor.state.doc))).toBe(shown);
    editor.commands.undo();
    expect(docToMarkup(editor.state.doc)).toBe(original);
  });

  it('is no toggle outside a cover', () => {
    const editor = openEditor(EMPTY_LINE);
    expect(usesFeaturedImage(editor.state)).toBeNull();
    expect(toggleFeaturedImage(editor.state, DEFAULT_PALETTE)).toBeNull();
  });
});

describe('the app’s patterns', () => {
  const placeholders = (doc: JSONContent): number => (doc.type === MEDIA_PLACEHOLDER_NODE ? 1 : 0) + (doc.content ?? []).reduce((sum, node) => sum + placeholders(node), 0);
  const emptyIn = (content: string) => media.reduce((sum, [, creation]) => sum + content.split(creation.empty).length - 1, 0);

  it('hold an image and a gallery to choose, each shown as its placeholder wherever it stands (in a column too)', () => {
    expect(APP_PATTERNS.filter((pattern) => emptyIn(pattern.content) > 0).map((pattern) => pattern.title)).toEqual(['Image beside text', 'Gallery with a heading']);
    for (const pattern of APP_PATTERNS) expect(placeholders(markupToDoc(pattern.content))).toBe(emptyIn(pattern.content));
  });
});
