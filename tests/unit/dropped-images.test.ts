// @vitest-environment jsdom
// Files dropped or pasted on a post (renderer/editor/dropped-files.ts): at every place a drop can
// land in a post holding text, a gallery with its caption, columns and a table, the saved post is
// strictly valid for the block editor (validateBlock), holds every block it held, and the files in
// the order dropped: one image as an image block, several as a gallery, dropped on a gallery inside
// it; with any other file among them, each file the block of its kind (file, audio, video, image).
// Dropped inside a paragraph's words, the paragraph is split there, the files between its halves.
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState, type NodeSelection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { galleryDropPoint, galleryMarkup } from '../../renderer/blocks/gallery.ts';
import { pickedImageMarkup as imageBlock } from '../../renderer/blocks/image-block.ts';
import { audioMarkup as audioBlock } from '../../renderer/blocks/audio-block.ts';
import { videoMarkup as videoBlock } from '../../renderer/blocks/video-block.ts';
import { fileMarkup as fileBlock } from '../../renderer/blocks/file-block.ts';
import { placeDroppedFiles } from '../../renderer/editor/dropped-files.ts';
import type { MediaItem } from '../../shared/site-types.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);
const upload = (id: number, name: string, mime: string) => ({ id, source_url: `http://localhost/uploads/2026/11/${name}`, alt_text: '', mime_type: mime, title: { rendered: name } }) as unknown as MediaItem;
const item = (id: number) => ({ ...upload(id, `photo-${id}.png`, 'image/png'), alt_text: `Photo ${id}` });
/** A file of each kind that is no image, with the block it makes. */
const OTHER_KINDS = [
  { file: upload(20, 'report.pdf', 'application/pdf'), block: 'file', markup: fileBlock },
  { file: upload(21, 'minutes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), block: 'file', markup: fileBlock },
  { file: upload(22, 'notes.txt', 'text/plain'), block: 'file', markup: fileBlock },
  { file: upload(23, 'talk.mp3', 'audio/mpeg'), block: 'audio', markup: audioBlock },
  { file: upload(24, 'clip.mp4', 'video/mp4'), block: 'video', markup: videoBlock },
];
const block = (name: string, inner: string, attributes?: Record<string, unknown>) => `<!-- wp:${name}${attributes ? ` ${JSON.stringify(attributes)}` : ''} -->\n${inner}\n<!-- /wp:${name} -->`;
const paragraph = (text: string) => block('paragraph', `<p>${text}</p>`);

const GALLERY = galleryMarkup([item(1), item(2)]).replace('</figure>\n<!-- /wp:gallery -->', '<figcaption class="blocks-gallery-caption wp-element-caption">Our trip</figcaption></figure>\n<!-- /wp:gallery -->');
const POST = [
  paragraph('Before the pictures.'),
  paragraph(''),
  GALLERY,
  block('columns', `<div class="wp-block-columns">${block('column', `<div class="wp-block-column">${paragraph('Left')}</div>`)}\n\n${block('column', `<div class="wp-block-column">${paragraph('Right')}</div>`)}</div>`),
  block('table', '<figure class="wp-block-table"><table><tbody><tr><td>Cell</td></tr></tbody></table></figure>'),
  paragraph('After.'),
].join('\n\n');

const ids = (markup: string) => [...markup.matchAll(/wp-image-(\d+)/g)].map((match) => Number(match[1]));
const blockNames = (markup: string) => [...markup.matchAll(/<!-- wp:([\w/-]+)/g)].map((match) => match[1]);
const stateOf = (markup: string) => EditorState.create({ schema, doc: schema.nodeFromJSON(markupToDoc(markup)) });
/** The post's words in order, less those of the file blocks a drop adds (their name and "Download"). */
const wordsOf = (doc: PmNode) => {
  let words = '';
  doc.descendants((node) => {
    if (node.isText) words += node.text;
    return !(node.type.name === 'richBlock' && node.attrs.name === 'core/file');
  });
  return words;
};
/** Whether `position` is inside a paragraph's words (not at its start or end): a drop there splits it. */
const inWords = (state: EditorState, position: number) => {
  const $position = state.doc.resolve(position);
  return $position.parent.type.name === 'paragraph' && $position.parentOffset > 0 && $position.parentOffset < $position.parent.content.size;
};

describe('images dropped on a post', () => {
  // The block editor loads once (some seconds), for validateBlock.
  beforeAll(() => {
    blockEditor();
  }, 120_000);

  it('is as the block editor saves it before anything is dropped', () => {
    expect(strictlyInvalid(POST)).toEqual([]);
    expect(docToMarkup(stateOf(POST).doc.toJSON())).toBe(POST);
  });

  const state = stateOf(POST);
  const positions = Array.from({ length: state.doc.content.size + 1 }, (_, position) => position);
  const dropped = [[item(7)], [item(7), item(8), item(9)]];

  it.each(dropped.flatMap((items) => positions.map((position) => [items.length, position, items] as const)))('%i image(s) dropped at %i: strictly valid, nothing lost, in order', (_count, position, items) => {
    const tr = placeDroppedFiles(state, position, items);
    expect(tr).not.toBeNull();
    const next = state.apply(tr!);
    const saved = docToMarkup(next.doc.toJSON());
    expect(strictlyInvalid(saved)).toEqual([]);
    // Every block still there; the words too, in order.
    expect(next.doc.textContent).toBe(state.doc.textContent);
    const before = blockNames(POST);
    const after = blockNames(saved);
    const added = galleryDropPoint(state.doc, position) !== null ? items.map(() => 'image') : items.length === 1 ? ['image'] : ['gallery', ...items.map(() => 'image')];
    // The empty paragraph at the drop is taken by the new block; a paragraph dropped in is split in two.
    const emptyTaken = !saved.includes(paragraph('')) ? ['paragraph'] : [];
    const halves = inWords(state, position) ? ['paragraph'] : [];
    expect(after.length).toBe(before.length + added.length + halves.length - emptyTaken.length);
    // The dropped images, in order, and the gallery's images before them still there.
    const newIds = ids(saved).filter((id) => id >= 7);
    expect(newIds).toEqual(items.map((dropped) => dropped.id));
    expect(ids(saved).filter((id) => id < 7)).toEqual([1, 2]);
  });

  it('makes one image an image block and several a gallery in an empty paragraph', () => {
    const empty = stateOf(`${paragraph('Words.')}\n\n${paragraph('')}`);
    const inEmpty = empty.doc.child(0).nodeSize + 1;
    expect(docToMarkup(empty.apply(placeDroppedFiles(empty, inEmpty, [item(7)])!).doc.toJSON())).toBe(`${paragraph('Words.')}\n\n${imageBlock(item(7))}`);
    expect(docToMarkup(empty.apply(placeDroppedFiles(empty, inEmpty, [item(7), item(8)])!).doc.toJSON())).toBe(`${paragraph('Words.')}\n\n${galleryMarkup([item(7), item(8)])}`);
  });

  it('puts images dropped on a gallery between its images, never after its caption', () => {
    const gallery = stateOf(GALLERY);
    const inside = (position: number) => docToMarkup(gallery.apply(placeDroppedFiles(gallery, position, [item(7)])!).doc.toJSON());
    // Before the first image, between the two, and from the caption: last of the images.
    expect(ids(inside(1))).toEqual([7, 1, 2]);
    expect(ids(inside(1 + gallery.doc.child(0).child(0).nodeSize))).toEqual([1, 7, 2]);
    const caption = gallery.doc.child(0).nodeSize - 3;
    expect(ids(inside(caption))).toEqual([1, 2, 7]);
    expect(inside(caption)).toContain('<figcaption class="blocks-gallery-caption wp-element-caption">Our trip</figcaption></figure>');
  });

  const mixed = [item(7), ...OTHER_KINDS.map((kind) => kind.file), item(8)];
  const mediaIds = (markup: string) => [...markup.matchAll(/<!-- wp:(?:image|file|audio|video) \{"id":(\d+)/g)].map((match) => Number(match[1]));

  it.each(OTHER_KINDS.map((kind) => [kind.file.mime_type, kind] as const))('a %s file dropped in an empty paragraph makes its block, as the inserter makes it', (_mime, kind) => {
    const empty = stateOf(`${paragraph('Words.')}\n\n${paragraph('')}`);
    const saved = docToMarkup(empty.apply(placeDroppedFiles(empty, empty.doc.child(0).nodeSize + 1, [kind.file])!).doc.toJSON());
    expect(saved).toBe(`${paragraph('Words.')}\n\n${kind.markup(kind.file)}`);
    expect(blockNames(saved)).toEqual(['paragraph', kind.block]);
    expect(strictlyInvalid(saved)).toEqual([]);
  });

  it.each(positions.map((position) => [position]))('files of every kind dropped together at %i: each its own block, in order, strictly valid, nothing lost', (position) => {
    const next = state.apply(placeDroppedFiles(state, position, mixed)!);
    const saved = docToMarkup(next.doc.toJSON());
    expect(strictlyInvalid(saved)).toEqual([]);
    expect(wordsOf(next.doc)).toBe(wordsOf(state.doc));
    // Never into the gallery: the images stand alone, beside the other files.
    expect(mediaIds(saved).filter((id) => id >= 7)).toEqual(mixed.map((file) => file.id));
    expect(ids(saved).filter((id) => id < 7)).toEqual([1, 2]);
    expect(saved.match(/<!-- wp:gallery /g)).toHaveLength(1);
    for (const kind of OTHER_KINDS) expect(saved).toContain(kind.markup(kind.file));
  });

  it('splits a paragraph dropped inside its words and puts the files between its halves; at its start or end, before or after it', () => {
    const words = 'Before the pictures.';
    const aligned = block('paragraph', `<p class="has-text-align-center">${words}</p>`, { align: 'center' });
    const post = stateOf(`${aligned}\n\n${paragraph('After.')}`);
    const dropAt = (offset: number, items: MediaItem[]) => docToMarkup(post.apply(placeDroppedFiles(post, 1 + offset, items)!).doc.toJSON());
    // A split edits both halves: the older align attribute is migrated as the block editor migrates it.
    const half = (text: string) => block('paragraph', `<p class="has-text-align-center">${text}</p>`, { style: { typography: { textAlign: 'center' } } });
    const middle = 'Before the'.length;
    // The second half is a new paragraph with the first's look (as Enter splits it).
    expect(dropAt(middle, [item(7)])).toBe([half('Before the'), imageBlock(item(7)), half(' pictures.'), paragraph('After.')].join('\n\n'));
    expect(dropAt(middle, [item(7), item(8)])).toBe([half('Before the'), galleryMarkup([item(7), item(8)]), half(' pictures.'), paragraph('After.')].join('\n\n'));
    expect(dropAt(0, [item(7)])).toBe([imageBlock(item(7)), aligned, paragraph('After.')].join('\n\n'));
    expect(dropAt(words.length, [item(7)])).toBe([aligned, imageBlock(item(7)), paragraph('After.')].join('\n\n'));
    // The first new block is selected, so its settings are at hand.
    const split = post.apply(placeDroppedFiles(post, 1 + middle, [item(7)])!);
    // After the first half: its words and its two ends.
    expect(split.selection.from).toBe(middle + 2);
    expect((split.selection as NodeSelection).node.type.name).toBe('imageBlock');
  });

  /** A post of every block of text a drop splits: a heading, verse, preformatted text, a quote's paragraphs and a list's items. */
  const TEXTS = [
    block('heading', '<h2 class="wp-block-heading">A heading here</h2>'),
    block('verse', '<pre class="wp-block-verse">Roses are red\nviolets blue</pre>'),
    block('preformatted', '<pre class="wp-block-preformatted">Kept   as typed</pre>'),
    block('quote', `<blockquote class="wp-block-quote">${paragraph('Quoted first')}\n\n${paragraph('Quoted second')}<cite>Someone</cite></blockquote>`),
    block('list', `<ul class="wp-block-list">${block('list-item', '<li>First item</li>')}\n\n${block('list-item', '<li>Second item</li>')}</ul>`),
    paragraph('Last.'),
  ].join('\n\n');
  const texts = stateOf(TEXTS);
  /** The words of `doc` before its first node of `type`. */
  const wordsBefore = (doc: PmNode, type: string) => {
    let words = '';
    let found = false;
    doc.descendants((node) => {
      if (found || node.type.name === type) return !(found = true);
      if (node.isText) words += node.text;
      return true;
    });
    return words;
  };

  it('is as the block editor saves the post of every block of text', () => {
    expect(strictlyInvalid(TEXTS)).toEqual([]);
    expect(docToMarkup(texts.doc.toJSON())).toBe(TEXTS);
  });

  it.each(Array.from({ length: texts.doc.content.size + 1 }, (_, position) => [position]))('an image dropped at %i among blocks of text: split there when inside words, strictly valid, nothing lost', (position) => {
    const next = texts.apply(placeDroppedFiles(texts, position, [item(7)])!);
    const saved = docToMarkup(next.doc.toJSON());
    expect(strictlyInvalid(saved)).toEqual([]);
    expect(next.doc.textContent).toBe(texts.doc.textContent);
    expect(ids(saved)).toEqual([7]);
    const $position = texts.doc.resolve(position);
    const inText = $position.parent.isTextblock && $position.parentOffset > 0 && $position.parentOffset < $position.parent.content.size;
    // Inside words, the image stands exactly where it was dropped in the text.
    if (inText) expect(wordsBefore(next.doc, 'imageBlock')).toBe(texts.doc.textBetween(0, position));
  });

  it('keeps a heading a heading, verse verse and a list a list on both sides of a split', () => {
    const middleOf = (words: string) => {
      let at = -1;
      texts.doc.descendants((node, position) => {
        if (at < 0 && node.isText && node.text?.includes(words)) at = position + node.text.indexOf(words) + 2;
      });
      return at;
    };
    const dropAt = (words: string) => docToMarkup(texts.apply(placeDroppedFiles(texts, middleOf(words), [item(7)])!).doc.toJSON());
    expect(dropAt('A heading')).toContain(`${block('heading', '<h2 class="wp-block-heading">A </h2>')}\n\n${imageBlock(item(7))}\n\n${block('heading', '<h2 class="wp-block-heading">heading here</h2>')}`);
    expect(dropAt('violets')).toContain(`${imageBlock(item(7))}\n\n${block('verse', '<pre class="wp-block-verse">olets blue</pre>')}`);
    expect(dropAt('Second item')).toContain(`<li>Se</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->\n\n${imageBlock(item(7))}\n\n<!-- wp:list -->`);
    expect(dropAt('Quoted first')).toContain(`${paragraph('Qu')}\n\n${imageBlock(item(7))}\n\n${paragraph('oted first')}`);
  });

  it('drops nothing when no image was uploaded', () => {
    expect(placeDroppedFiles(state, 1, [])).toBeNull();
  });
});
