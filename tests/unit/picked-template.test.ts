// @vitest-environment jsdom
// A block the inserter makes around a picked file holds what the block editor fills it with, its
// block type's template (media & text: an empty paragraph showing "Content…"), issue 29: over every
// inserter entry made from a picked file whose block type has a template, the blocks it holds, as
// the block editor parses them, are that template's, and the markup is strictly valid.
import { beforeAll, expect, it } from 'vitest';
import type { MediaItem } from '../../shared/site-types.ts';
import { CATALOGUE } from '../../renderer/editor/block-catalogue.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

beforeAll(() => {
  blockEditor();
}, 120_000);

const item = { id: 41, source_url: 'http://localhost/uploads/2026/11/door.png', alt_text: 'A door', mime_type: 'image/png', title: { rendered: 'door', raw: 'door' }, caption: { raw: '', rendered: '' }, media_details: { sizes: {} } } as unknown as MediaItem;
const templateOf = (name: string) => (blockEditor().getBlockType(name) as { template?: [string, Record<string, unknown>][] } | undefined)?.template;

const MADE = CATALOGUE.flatMap((entry) => (entry.creation.kind === 'media' && entry.creation.media === 'image' ? [[entry.title, entry.creation.markup(item)] as const] : []));

it('makes blocks with a template around a picked file', () => {
  expect(MADE.filter(([, markup]) => templateOf(blockEditor().parse(markup)[0].name)).map(([title]) => title)).toContain('Media & text');
});

it.each(MADE)('%s holds its block type’s template', (_title, markup) => {
  const [block] = blockEditor().parse(markup);
  const template = templateOf(block.name);
  if (template) expect(block.innerBlocks.map((inner) => [inner.name, inner.attributes])).toEqual(template.map(([name, attributes]) => [name, expect.objectContaining(attributes)]));
  expect(strictlyInvalid(markup)).toEqual([]);
});
