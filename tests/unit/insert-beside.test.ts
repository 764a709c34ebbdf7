// @vitest-environment jsdom
// Insert before / Insert after (renderer/editor/insert-beside.ts, Ctrl+Alt+T / Ctrl+Alt+Y): from
// every place the caret can stand and every block that can be selected in a post holding text, a
// list, a quote, columns, a gallery with its caption and a table, an empty line opens right
// before or after the writer's block, among blocks that may hold a paragraph (never among a
// gallery's images or between columns), with the caret in it; nothing else changes, and the post
// saved with the line is strictly valid for the block editor (validateBlock).
import { beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { EditorState, NodeSelection, TextSelection, type Selection } from '@tiptap/pm/state';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { galleryMarkup } from '../../renderer/blocks/gallery.ts';
import { blockBeside, lineBeside } from '../../renderer/editor/insert-beside.ts';
import type { MediaItem } from '../../shared/site-types.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

const schema = getSchema(editorExtensions);
const block = (name: string, inner: string, attributes?: Record<string, unknown>) => `<!-- wp:${name}${attributes ? ` ${JSON.stringify(attributes)}` : ''} -->\n${inner}\n<!-- /wp:${name} -->`;
const paragraph = (text: string) => block('paragraph', `<p>${text}</p>`);
const photo = (id: number) => ({ id, source_url: `http://localhost/uploads/photo-${id}.png`, alt_text: `Photo ${id}`, mime_type: 'image/png', title: { rendered: `photo-${id}` } }) as unknown as MediaItem;

const POST = [
  paragraph('Opening words.'),
  block('list', `<ul class="wp-block-list">${block('list-item', '<li>An item</li>')}</ul>`),
  block('quote', `<blockquote class="wp-block-quote">${paragraph('Quoted words.')}</blockquote>`),
  block('columns', `<div class="wp-block-columns">${block('column', `<div class="wp-block-column">${paragraph('Left')}</div>`)}\n\n${block('column', `<div class="wp-block-column">${paragraph('Right')}</div>`)}</div>`),
  galleryMarkup([photo(1), photo(2)]).replace('</figure>\n<!-- /wp:gallery -->', '<figcaption class="blocks-gallery-caption wp-element-caption">Our trip</figcaption></figure>\n<!-- /wp:gallery -->'),
  block('table', '<figure class="wp-block-table"><table><tbody><tr><td>Cell</td></tr></tbody></table></figure>'),
  paragraph('Closing words.'),
].join('\n\n');

const state = EditorState.create({ schema, doc: schema.nodeFromJSON(markupToDoc(POST)) });

/** Every selection a writer can make: the caret at each place text can take it, and each block that can be selected. */
function selections(doc: PmNode): Selection[] {
  const found: Selection[] = [];
  for (let position = 0; position <= doc.content.size; position += 1) {
    if (doc.resolve(position).parent.inlineContent) found.push(TextSelection.create(doc, position));
  }
  doc.descendants((node, position) => {
    if (NodeSelection.isSelectable(node) && node.type.isInGroup('block')) found.push(NodeSelection.create(doc, position));
    return true;
  });
  return found;
}

const emptyParagraphs = (doc: PmNode) => {
  let count = 0;
  doc.descendants((node) => {
    if (node.type.name === 'paragraph' && node.content.size === 0) count += 1;
    return true;
  });
  return count;
};

describe('a line opened before or after the writer’s block', () => {
  beforeAll(() => {
    blockEditor();
  }, 300_000);

  it('is opened in a post saved as the block editor saves it', () => {
    expect(strictlyInvalid(POST)).toEqual([]);
    expect(docToMarkup(state.doc.toJSON())).toBe(POST);
  });

  const cases = selections(state.doc).flatMap((selection) => (['before', 'after'] as const).map((side) => [`${selection.constructor.name === 'NodeSelection' ? 'block selected' : 'caret'} at ${selection.from}`, side, selection] as const));

  it.each(cases)('%s, %s: an empty line beside the block, the caret in it, nothing else changed, strictly valid', (_where, side, selection) => {
    const at = state.apply(state.tr.setSelection(selection));
    const edges = blockBeside(at);
    expect(edges).not.toBeNull();
    const tr = lineBeside(at, side);
    expect(tr).not.toBeNull();
    const next = at.apply(tr!);
    // The caret in a new empty paragraph standing where the block's edge was.
    const { $from } = next.selection;
    expect($from.parent.type.name).toBe('paragraph');
    expect($from.parent.content.size).toBe(0);
    expect($from.before()).toBe(edges![side]);
    // Among blocks that may hold a paragraph: the post, or a block holding any blocks.
    const holder = $from.node($from.depth - 1);
    expect(holder.type.name === 'doc' || !['core/gallery', 'core/columns'].includes(String(holder.attrs.name))).toBe(true);
    // Beside the block: the block itself is the line's neighbour.
    const block = at.doc.resolve(edges!.before).nodeAfter!;
    const neighbour = side === 'before' ? next.doc.resolve($from.after()).nodeAfter : next.doc.resolve($from.before()).nodeBefore;
    expect(neighbour?.eq(block)).toBe(true);
    expect(next.doc.textContent).toBe(at.doc.textContent);
    expect(emptyParagraphs(next.doc)).toBe(emptyParagraphs(at.doc) + 1);
    expect(strictlyInvalid(docToMarkup(next.doc.toJSON()))).toEqual([]);
  });
});
