// @vitest-environment jsdom
// A block made around a library item picked first takes the item's caption, as the block editor's
// image, audio and video blocks set it from `media.caption` (issue 29): over every block the
// inserter makes from a picked file (an image, a gallery, an audio, a video, a cover, media & text)
// × the item's caption (none, words, words with formats and a line break), each image, audio and
// video block in what is made holds, as the block editor parses it, the item's caption (an image's
// line breaks as <br>, onSelectImage), none where the item has none, and the markup is strictly valid.
import { beforeAll, expect, it } from 'vitest';
import type { MediaItem } from '../../shared/site-types.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

beforeAll(() => {
  blockEditor();
}, 120_000);

const CAPTIONED = new Set(['core/image', 'core/audio', 'core/video']);
const FILES = { image: ['door.png', 'image/png'], audio: ['song.mp3', 'audio/mpeg'], video: ['clip.mp4', 'video/mp4'] } as const;
const item = (kind: keyof typeof FILES, caption: string) => {
  const [file, mime] = FILES[kind];
  return { id: 41, source_url: `http://localhost/uploads/2026/11/${file}`, alt_text: 'A door', mime_type: mime, title: { rendered: file, raw: file }, caption: { raw: caption, rendered: caption }, media_details: { sizes: {} } } as unknown as MediaItem;
};

const MADE = CATALOGUE.flatMap((entry) => (entry.creation.kind === 'media' && entry.creation.media !== 'file' ? [[entry.title, entry.creation.media, entry.creation.markup] as const] : []));
const CAPTIONS = ['', 'The door', 'The <em>red</em> door\nat noon'];

type Parsed = ReturnType<ReturnType<typeof blockEditor>['parse']>[number];
const captionsIn = (blocks: Parsed[]): [string, string][] => blocks.flatMap((block) => [...(CAPTIONED.has(block.name) ? [[block.name, String(block.attributes.caption ?? '')] as [string, string]] : []), ...captionsIn(block.innerBlocks)]);

it('makes blocks around every kind of picked file', () => {
  expect(MADE.map(([, media]) => media)).toEqual(expect.arrayContaining(['image', 'audio', 'video']));
});

it.each(MADE.flatMap(([title, media, markup]) => CAPTIONS.map((caption) => [title, media, caption, markup] as const)))('%s from a picked %s captioned %j', (_title, media, caption, markup) => {
  const made = markup(item(media, caption));
  const expected = media === 'image' ? caption.replace(/\n/g, '<br>') : caption;
  for (const [name, held] of captionsIn(blockEditor().parse(made))) expect(held, name).toBe(expected);
  expect(strictlyInvalid(made)).toEqual([]);
});
