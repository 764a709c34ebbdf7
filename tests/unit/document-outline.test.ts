// @vitest-environment jsdom
// The list view's outline (issue 29): every block the inserter offers is listed, named and with
// its first words, blocks held in a container one level deeper, in the document's order.
import { describe, expect, it } from 'vitest';
import { documentOutline } from '../../renderer/editor/document-outline.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';
import { INSERTER_BLOCKS } from '../helpers/inserter-blocks.ts';

const openEditor = editorsForFile();
const block = (name: string, inner: string, attributes = '') => `<!-- wp:${name}${attributes} -->\n${inner}\n<!-- /wp:${name} -->`;

describe('every block the inserter offers', () => {
  it.each(INSERTER_BLOCKS)('%s is listed first, named, at the top level', (_name, markup) => {
    const outline = documentOutline(openEditor(markup).state.doc);
    expect(outline[0]).toMatchObject({ position: 0, depth: 1 });
    expect(outline[0].title).toMatch(/^[A-Z]/);
    expect(outline.every((entry) => entry.depth >= 1 && entry.title !== '')).toBe(true);
  });
});

it('names blocks with their first words, and lists the blocks of a container under it', () => {
  const column = (inner: string) => block('column', `<div class="wp-block-column">${inner}</div>`);
  const markup = [
    block('heading', '<h2 class="wp-block-heading">Where we went</h2>', ' {"level":2}'),
    block('paragraph', '<p>One two three four five six seven eight nine ten.</p>'),
    block('columns', `<div class="wp-block-columns">${column(block('paragraph', '<p>Left side</p>'))}\n\n${column(block('paragraph', '<p>Right side</p>'))}</div>`),
    block('elsewhere/widget', '<div class="widget">Kept</div>'),
  ].join('\n\n');
  const outline = documentOutline(openEditor(markup).state.doc).map(({ depth, title, words }) => [depth, title, words]);
  expect(outline).toEqual([
    [1, 'Heading 2', 'Where we went'],
    [1, 'Paragraph', 'One two three four five six seven eight…'],
    [1, 'Columns', 'Left side Right side'],
    [2, 'Column', 'Left side'],
    [3, 'Paragraph', 'Left side'],
    [2, 'Column', 'Right side'],
    [3, 'Paragraph', 'Right side'],
    [1, 'Elsewhere widget', 'Kept'],
  ]);
});

it('lists a quote\'s blocks and a list\'s items (and their nested lists) under them, an item named by its own line', () => {
  const markup = [
    block('quote', `<blockquote class="wp-block-quote">${block('paragraph', '<p>Quoted words</p>')}</blockquote>`),
    block('list', `<ul class="wp-block-list">${block('list-item', `<li>First${block('list', `<ul class="wp-block-list">${block('list-item', '<li>Inner</li>')}</ul>`)}</li>`)}\n\n${block('list-item', '<li>Second</li>')}</ul>`),
  ].join('\n\n');
  const outline = documentOutline(openEditor(markup).state.doc).map(({ depth, title, words }) => [depth, title, words]);
  expect(outline).toEqual([
    [1, 'Quote', 'Quoted words'],
    [2, 'Paragraph', 'Quoted words'],
    [1, 'List', 'First Inner Second'],
    [2, 'List item', 'First'],
    [3, 'List', 'Inner'],
    [4, 'List item', 'Inner'],
    [2, 'List item', 'Second'],
  ]);
});
