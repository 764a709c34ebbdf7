// @vitest-environment jsdom
// The gallery's older forms (issue 29): its images as a list (`<ul>`) or, oldest, as figures in
// a `<div>`, before galleries held image blocks. Generated from every deprecated save of the
// block editor's gallery over link kinds, columns, crops, captions, alignments and sizes (with the
// class WordPress adds to a save's root that does not write it): each one the block editor
// migrates is read as an editable gallery of image blocks, saved untouched byte for byte, and on
// its first edit saved as the block editor migrates it (the same markup, with the edit), which
// its strict validator accepts.
import { beforeAll, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { GALLERY_ATTRIBUTES, currentGallery } from '../../renderer/blocks/older-gallery.ts';
import { splitBlocks } from '../../renderer/blocks/split-blocks.ts';
import { blockEditor, quietly } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

interface Attribute { source?: string; default?: unknown }
interface Version { attributes: Record<string, Attribute> }
interface WpApi {
  getBlockType(name: string): { attributes: Record<string, Attribute>; deprecated: Version[] };
  getSaveContent(type: unknown, attributes: Record<string, unknown>, inner: unknown[]): string;
  parse(markup: string): unknown[];
  serialize(blocks: unknown[]): string;
}

const IMAGES = [
  { url: 'https://example.com/a.jpg', alt: 'A "quoted" one', id: '11', link: 'https://example.com/?attachment_id=11', fullUrl: 'https://example.com/a-full.jpg', caption: 'First <em>one</em>' },
  { url: 'https://example.com/b.jpg', alt: '', id: '12', link: 'https://example.com/?attachment_id=12' },
  { url: 'https://example.com/c.png', alt: 'C' },
];
const SETTINGS: Record<string, unknown>[] = [
  {}, { columns: 2 }, { linkTo: 'media' }, { linkTo: 'file' }, { linkTo: 'attachment', imageCrop: false }, { linkTo: 'post' },
  { caption: 'Gallery <strong>caption</strong>', align: 'wide' }, { className: 'is-style-rounded', sizeSlug: 'medium' }, { align: 'full', columns: 3 },
];

const wp = () => blockEditor() as unknown as WpApi;

interface Form { name: string; markup: string }

/** Every deprecated gallery save over the settings, as WordPress wrote it into a post. */
function olderGalleries(): Form[] {
  const type = wp().getBlockType('core/gallery');
  return type.deprecated.flatMap((version, index) =>
    SETTINGS.flatMap((settings) => {
      const defaults = Object.fromEntries(Object.entries(version.attributes).filter(([, attribute]) => attribute.default !== undefined).map(([name, attribute]) => [name, attribute.default]));
      const attributes: Record<string, unknown> = { ...defaults, images: IMAGES, ids: [11, 12], ...settings };
      let html: string;
      try {
        html = quietly(() => wp().getSaveContent({ ...type, ...version }, attributes, []));
      } catch {
        return [];
      }
      // The class, alignment and className a save without the block's props got from WordPress's hooks.
      if (!/^<[a-z]+ class="wp-block-gallery/.test(html)) {
        const added = ['wp-block-gallery', ...(settings.align ? [`align${String(settings.align)}`] : []), ...(settings.className ? [String(settings.className)] : [])].join(' ');
        html = html.replace(/^<([a-z]+) class="([^"]*)"/, (_, tag: string, classes: string) => `<${tag} class="${[classes.trim(), added].filter(Boolean).join(' ')}"`);
      }
      const comment = Object.fromEntries(Object.entries({ ids: [11, 12], ...settings }).filter(([name]) => (version.attributes[name] && !version.attributes[name].source) || name === 'className' || name === 'align'));
      return [{ name: `deprecation ${index} ${JSON.stringify(settings)}`, markup: `<!-- wp:gallery ${JSON.stringify(comment)} -->\n${html}\n<!-- /wp:gallery -->` }];
    }),
  );
}

/** The forms the block editor migrates (it keeps the others as read: the newest older form, and the galleries it finds invalid). */
let migrated: (Form & { expected: string })[] = [];

beforeAll(() => {
  migrated = quietly(() => olderGalleries().flatMap((form) => {
    const expected = wp().serialize(wp().parse(form.markup));
    return expected !== form.markup && /<ul|<div/.test(form.markup) ? [{ ...form, expected }] : [];
  }));
}, 300_000);

it('knows the order in which the block editor writes a gallery\'s attributes', () => {
  expect(Object.keys(wp().getBlockType('core/gallery').attributes)).toEqual(GALLERY_ATTRIBUTES);
});

it('migrates every `<ul>` and `<div>` gallery the block editor migrates, exactly as it does', () => {
  expect(migrated.length).toBeGreaterThan(40);
  const differing = migrated.filter((form) => {
    const pieces = splitBlocks(form.markup);
    return pieces[0].kind !== 'block' || currentGallery(pieces[0].block) !== form.expected;
  });
  expect(differing.map((form) => form.name)).toEqual([]);
});

/** The document with the first image's alt text changed (the writer's edit). */
function withAltEdited(doc: JSONContent): JSONContent {
  const [gallery] = doc.content ?? [];
  const [first, ...rest] = gallery.content ?? [];
  return { ...doc, content: [{ ...gallery, content: [{ ...first, attrs: { ...first.attrs, alt: 'Inkwelled' } }, ...rest] }] };
}

it('reads each as an editable gallery of images, untouched byte for byte, and writes the migrated form on its first edit', () => {
  const problems: string[] = [];
  for (const form of migrated) {
    const doc = markupToDoc(form.markup);
    const [gallery] = doc.content ?? [];
    if (gallery?.type !== 'blockContainer' || !gallery.content?.every((node) => node.type === 'imageBlock' || node.type === 'captionPart')) {
      problems.push(`${form.name}: not an editable gallery of images`);
      continue;
    }
    if (docToMarkup(doc) !== form.markup) problems.push(`${form.name}: changed with no edit`);
    const written = docToMarkup(withAltEdited(doc));
    const alt = /alt="([^"]*)"/.exec(form.expected)?.[1] ?? '';
    const expected = form.expected.replace(`alt="${alt}"`, 'alt="Inkwelled"');
    if (written !== expected) problems.push(`${form.name}: wrote ${written}\nthe block editor ${expected}`);
    const invalid = strictlyInvalid(written);
    if (invalid.length > 0) problems.push(`${form.name}: invalid for the block editor: ${invalid.join(', ')}`);
  }
  expect(problems).toEqual([]);
}, 120_000);

it('keeps a gallery as written where the migration would not know all it says', () => {
  const item = '<li class="blocks-gallery-item"><figure><img src="https://example.com/a.jpg" alt="" data-id="1" class="wp-image-1"/></figure></li>';
  for (const markup of [
    `<!-- wp:gallery {"ids":[1],"anchor":"here"} -->\n<figure class="wp-block-gallery columns-1 is-cropped" id="here"><ul class="blocks-gallery-grid">${item}</ul></figure>\n<!-- /wp:gallery -->`,
    `<!-- wp:gallery {"ids":[1],"linkTo":"custom"} -->\n<figure class="wp-block-gallery columns-1 is-cropped"><ul class="blocks-gallery-grid">${item}</ul></figure>\n<!-- /wp:gallery -->`,
    `<!-- wp:gallery {"ids":[1]} -->\n<figure class="wp-block-gallery columns-1 is-cropped has-unknown-class"><ul class="blocks-gallery-grid">${item}</ul></figure>\n<!-- /wp:gallery -->`,
    `<!-- wp:gallery {"ids":[1],"linkTo":"media"} -->\n<figure class="wp-block-gallery columns-1 is-cropped"><ul class="blocks-gallery-grid">${item.replace('<img', '<a href="https://elsewhere.example/"><img').replace('/></figure>', '/></a></figure>')}</ul></figure>\n<!-- /wp:gallery -->`,
  ]) {
    const [piece] = splitBlocks(markup);
    expect(piece.kind === 'block' && currentGallery(piece.block)).toBe(null);
  }
});
