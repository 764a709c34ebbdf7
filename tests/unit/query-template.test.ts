// @vitest-environment jsdom
// A query loop's post template edited in place (issue 29): each part an item can show added,
// every part removed, parts reordered and each part's settings set, written as the block editor
// writes the same query loop, which its strict validator accepts; the rest of the query loop
// stays as read. A query loop written self-closing is editable: untouched it stays byte for
// byte, its first edit saves it as the block editor migrates it, empty (no post template), and
// started blank it holds the block editor's first post template.
import { beforeAll, describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { DYNAMIC_BLOCKS, newDynamicBlock, withSetting, type Setting } from '../../renderer/blocks/dynamic-blocks.ts';
import { TEMPLATE_PARTS, setTemplateBlock, templateBlocks, withFirstTemplate, withTemplateBlocks, type TemplateBlock } from '../../renderer/blocks/query-template.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

beforeAll(() => {
  blockEditor();
}, 300_000);

const wp = () => blockEditor();
const NEW_QUERY = newDynamicBlock('core/query');

/** The query loop read from `markup` (its only block), its inner markup changed by `edit`, and saved. */
function savedWithInner(markup: string, edit: (inner: string | null) => string): string {
  const doc = markupToDoc(markup);
  const [query] = doc.content ?? [];
  expect(query.type).toBe('dynamicBlock');
  const inner = typeof query.attrs?.inner === 'string' ? query.attrs.inner : null;
  return docToMarkup({ ...doc, content: [{ ...query, attrs: { ...query.attrs, inner: edit(inner) } } as JSONContent] });
}

/** What the block editor saves for a new query loop whose post template holds these blocks. */
function blockEditorQuery(parts: { name: string; attributes?: Record<string, unknown> }[]): string {
  return quietly(() => {
    const [made] = wp().parse(NEW_QUERY);
    const template = wp().createBlock('core/post-template', {}, parts.map(({ name, attributes }) => wp().createBlock(name, attributes ?? {})));
    return wp().serialize([wp().createBlock('core/query', made.attributes, [template])]);
  });
}

/** The new query loop's template blocks, as the editor reads them. */
const held = (): TemplateBlock[] => templateBlocks(markupToDoc(NEW_QUERY).content?.[0].attrs?.inner as string) ?? [];
const named = (blocks: TemplateBlock[]) => blocks.map((block) => ({ name: block.name, attributes: block.attributes }));

function expectWrittenAsBlockEditor(written: string, parts: { name: string; attributes?: Record<string, unknown> }[]): void {
  expect(written).toBe(blockEditorQuery(parts));
  expect(strictlyInvalid(written)).toEqual([]);
}

describe('a query loop\'s post template', () => {
  it('reads the blocks each item shows, settable where they are the site\'s', () => {
    expect(held().map(({ name, settable }) => [name, settable])).toEqual([['core/post-title', true], ['core/post-date', true]]);
  });

  it.each(TEMPLATE_PARTS.map(({ name }) => name))('takes %s added to each item', (name) => {
    const blocks = [...held(), setTemplateBlock(name, {})];
    expectWrittenAsBlockEditor(savedWithInner(NEW_QUERY, (inner) => withTemplateBlocks(inner, blocks)), named(blocks));
  }, 60_000);

  it('takes each part removed, and all of them', () => {
    const blocks = held();
    for (const index of blocks.keys()) {
      const left = blocks.filter((_, other) => other !== index);
      expectWrittenAsBlockEditor(savedWithInner(NEW_QUERY, (inner) => withTemplateBlocks(inner, left)), named(left));
    }
    expectWrittenAsBlockEditor(savedWithInner(NEW_QUERY, (inner) => withTemplateBlocks(inner, [])), []);
  });

  it('takes its parts reordered, each kept as read', () => {
    const reversed = [...held()].reverse();
    const written = savedWithInner(NEW_QUERY, (inner) => withTemplateBlocks(inner, reversed));
    expectWrittenAsBlockEditor(written, named(reversed));
    for (const block of reversed) expect(written).toContain(block.source);
  });

  it.each(TEMPLATE_PARTS.map(({ name }) => name).filter((name) => DYNAMIC_BLOCKS[name].settings.length > 0))('takes each value of each setting of %s', (name) => {
    const values = (setting: Setting): unknown[] => (setting.kind === 'boolean' ? [true, false] : setting.kind === 'number' ? [setting.min, setting.max] : setting.kind === 'text' ? ['Go & <see>', ''] : setting.choices.map(([value]) => value));
    for (const setting of DYNAMIC_BLOCKS[name].settings) {
      for (const value of values(setting)) {
        const attributes = withSetting(name, {}, setting.path, value);
        const blocks = [setTemplateBlock(name, attributes)];
        expectWrittenAsBlockEditor(savedWithInner(NEW_QUERY, (inner) => withTemplateBlocks(inner, blocks)), [{ name, attributes }]);
      }
    }
  }, 120_000);

  it('rewrites only the post template: the query\'s own HTML and the blocks beside the template stay as read', () => {
    const markup = quietly(() => wp().serialize([wp().createBlock('core/query', { queryId: 7, query: { perPage: 3, postType: 'page', inherit: false } }, [
      wp().createBlock('core/group', {}, [wp().createBlock('core/post-template', {}, [wp().createBlock('core/post-title', { isLink: true })])]),
      wp().createBlock('core/query-pagination', {}, [wp().createBlock('core/query-pagination-next')]),
    ] as WpBlock[])]));
    const before = markupToDoc(markup).content?.[0].attrs?.inner as string;
    const written = savedWithInner(markup, (inner) => withTemplateBlocks(inner, [...(templateBlocks(inner) ?? []), setTemplateBlock('core/post-excerpt', {})]));
    expect(written).toBe(markup.replace('<!-- wp:post-title {"isLink":true} /-->', '<!-- wp:post-title {"isLink":true} /-->\n\n<!-- wp:post-excerpt /-->'));
    expect(before).toContain('wp:query-pagination');
    expect(strictlyInvalid(written)).toEqual([]);
  });
});

describe('a query loop written self-closing', () => {
  // Its first form, holding no blocks: the block editor migrates it (its deprecations) and, its edit showing a pattern chooser, saves it empty, with no post template.
  for (const markup of ['<!-- wp:query /-->', '<!-- wp:query {"queryId":3,"query":{"perPage":3,"postType":"post","inherit":false}} /-->', '<!-- wp:query {"tagName":"section","className":"news"} /-->']) {
    it(`${markup}: editable, untouched byte for byte, and saved empty on its first edit as the block editor saves it`, () => {
      const doc = markupToDoc(markup);
      expect(doc.content?.map((node) => node.type)).toEqual(['dynamicBlock']);
      expect(docToMarkup(doc)).toBe(markup);
      const [query] = doc.content ?? [];
      const attributes = withSetting('core/query', (query.attrs?.blockAttributes ?? {}) as Record<string, unknown>, 'query.perPage', 4);
      const written = docToMarkup({ ...doc, content: [{ ...query, attrs: { ...query.attrs, blockAttributes: attributes } }] });
      const expected = quietly(() => {
        const [read] = wp().parse(markup);
        return wp().serialize([{ ...read, attributes: withSetting('core/query', read.attributes, 'query.perPage', 4) }]);
      });
      expect(written).toBe(expected);
      expect(written).not.toContain('wp:post-template');
      expect(strictlyInvalid(written)).toEqual([]);
    });

    it(`${markup}: started blank, holds the block editor's first post template (each item's title and date)`, () => {
      const doc = markupToDoc(markup);
      const [query] = doc.content ?? [];
      const started = withFirstTemplate(query.attrs?.inner as string);
      expect(started).not.toBeNull();
      const written = docToMarkup({ ...doc, content: [{ ...query, attrs: { ...query.attrs, inner: started } }] });
      const expected = quietly(() => {
        const [read] = wp().parse(markup);
        const template = wp().createBlock('core/post-template', {}, held().map(({ name, attributes }) => wp().createBlock(name, attributes)));
        return wp().serialize([{ ...read, innerBlocks: [template] }]);
      });
      expect(written).toBe(expected);
      expect(strictlyInvalid(written)).toEqual([]);
      expect(withFirstTemplate(started)).toBeNull();
    });
  }
});
