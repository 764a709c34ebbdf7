// @vitest-environment jsdom
// A query loop as the writer sees it (issue 29): what each of its items shows, read from its post
// template as the block editor writes it (nested or not). A query loop written self-closing is
// editable (tests/unit/query-template.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { queryTemplateParts } from '../../renderer/blocks/dynamic-blocks.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';

beforeAll(() => {
  blockEditor();
}, 300_000);

/** The block editor's query loop holding `inner` blocks, and the markup between its comments as the editor keeps it. */
function queryInner(inner: () => WpBlock[]): string | null {
  const markup = quietly(() => blockEditor().serialize([blockEditor().createBlock('core/query', {}, inner())]));
  const [node] = markupToDoc(markup).content ?? [];
  expect(node.type).toBe('dynamicBlock');
  return typeof node.attrs?.inner === 'string' ? node.attrs.inner : null;
}

const create = (name: string, inner: WpBlock[] = []) => blockEditor().createBlock(name, {}, inner);

describe('what each item of a query loop shows', () => {
  it('is its post template\u2019s blocks in order, named as a writer would', () => {
    const parts = ['core/post-featured-image', 'core/post-title', 'core/post-date', 'core/post-excerpt', 'core/post-author-name', 'core/paragraph'];
    expect(queryTemplateParts(queryInner(() => [create('core/post-template', parts.map((name) => create(name)))]))).toEqual(['Featured image', 'Title', 'Date', 'Excerpt', 'Author name', 'Paragraph']);
  });

  it('finds the post template inside other blocks, and names another plugin\u2019s block by its name', () => {
    const inner = queryInner(() => [create('core/group', [create('core/post-template', [create('core/post-title')])]), create('core/query-pagination')]);
    expect(queryTemplateParts(inner)).toEqual(['Title']);
    expect(queryTemplateParts('<!-- wp:post-template --><!-- wp:acme/rating /--><!-- /wp:post-template -->')).toEqual(['Acme/rating']);
  });

  it('is nothing for an empty post template, and no template at all when there is none', () => {
    expect(queryTemplateParts(queryInner(() => [create('core/post-template')]))).toEqual([]);
    expect(queryTemplateParts(queryInner(() => [create('core/query-no-results')]))).toBeNull();
    expect(queryTemplateParts(null)).toBeNull();
  });
});
