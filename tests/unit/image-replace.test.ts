// @vitest-environment jsdom
// An image's Replace sets the picked item's alt text as the block editor's onSelectImage does
// (issue 29): `media.alt` as it is, so an item without alt text leaves the image without, the old
// image's gone. Over every form an image block is saved in here (alt text or none, a caption, each
// link destination, a size, an alignment, a width) × picked items with and without alt text (and
// with and without a caption), the saved block holds, as the block editor parses it, the item's
// alt text, and its validator accepts it strictly.
import { beforeAll, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import type { MediaItem } from '../../shared/site-types.ts';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { IMAGE_NODE } from '../../renderer/blocks/image-block.ts';
import { replacedImage } from '../../renderer/editor/image-replace.ts';
import { linkFor } from '../../renderer/editor/ImageControls.tsx';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);

beforeAll(() => {
  blockEditor();
}, 120_000);

const OLD = 'https://example.com/uploads/old.jpg';
const FORMS: Record<string, Record<string, unknown>> = {
  'with alt text': { alt: 'An old door' },
  'without alt text': {},
  'captioned': { alt: 'An old door', caption: 'The old door' },
  'linked to its file': { alt: 'An old door', linkDestination: 'media', href: OLD },
  'linked to its page': { alt: 'An old door', linkDestination: 'attachment', href: 'https://example.com/old/' },
  'linked elsewhere': { alt: 'An old door', linkDestination: 'custom', href: 'https://example.org/' },
  'at a size, centred': { alt: 'An old door', sizeSlug: 'medium', align: 'center' },
  'with a width': { alt: 'An old door', width: '240px', sizeSlug: 'large' },
};

const item = (alt: string, caption: string) => ({ id: 41, source_url: 'https://example.com/uploads/door.png', link: 'https://example.com/door/', alt_text: alt, mime_type: 'image/png', media_type: 'image', title: { rendered: 'door', raw: 'door' }, caption: { raw: caption, rendered: caption }, media_details: { sizes: { large: { source_url: 'https://example.com/uploads/door-1024x768.png', width: 1024, height: 768 } } } }) as unknown as MediaItem;
const PICKED = ['', 'A red door'].flatMap((alt) => ['', 'Seen at noon'].map((caption) => item(alt, caption)));

/** The image block saved with `attributes`, replaced by `picked` as its Replace does (ImageControls.tsx). */
function replaced(attributes: Record<string, unknown>, picked: MediaItem): string {
  const doc = schema.nodeFromJSON(markupToDoc(blockEditor().serialize([blockEditor().createBlock('core/image', { url: OLD, id: 4, ...attributes })])));
  const { tr } = EditorState.create({ schema, doc });
  doc.descendants((node, position) => {
    if (node.type.name !== IMAGE_NODE) return true;
    const destination = String(node.attrs.linkDestination ?? '') || (node.attrs.href ? 'custom' : 'none');
    tr.setNodeMarkup(position, undefined, { ...node.attrs, ...replacedImage(picked, String(node.attrs.sizeSlug ?? ''), linkFor(destination, picked, String(node.attrs.href ?? ''))) });
    return false;
  });
  expect(tr.docChanged).toBe(true);
  return docToMarkup(tr.doc.toJSON());
}

it.each(Object.entries(FORMS).flatMap(([form, attributes]) => PICKED.map((picked) => [form, picked.alt_text, picked.caption.raw, attributes, picked] as const)))('an image %s replaced by an item with alt %j and caption %j', (_form, alt, _caption, attributes, picked) => {
  const saved = replaced(attributes, picked);
  const [block] = blockEditor().parse(saved);
  expect(block.name).toBe('core/image');
  expect(block.attributes.alt ?? '').toBe(alt);
  expect(strictlyInvalid(saved)).toEqual([]);
});
