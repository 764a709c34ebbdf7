// @vitest-environment jsdom
// Dynamic blocks (latest posts, a query loop, the site's title …): each one the block editor
// saves is read as an editable block and saved untouched byte for byte; each of its settings,
// set to each of its values in the editor, is saved as the block editor saves the block with
// that value, which its strict validator accepts. Their declared attributes and defaults are
// the block editor's. Each says in words what the site shows where the editor cannot read it.
import { expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { editorExtensions } from '../../renderer/blocks/extensions.ts';
import { DYNAMIC_BLOCKS, withSetting, type Setting } from '../../renderer/blocks/dynamic-blocks.ts';
import { linkOf, menuLinks } from '../../renderer/blocks/navigation-blocks.ts';
import { dynamicNote } from '../../renderer/editor/dynamic-notes.ts';
import { blockEditor } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

interface WpBlock { name: string }
interface WpApi {
  getBlockType(name: string): { attributes: Record<string, { default?: unknown }> };
  createBlock(name: string, attributes?: Record<string, unknown>, inner?: WpBlock[]): WpBlock;
  serialize(blocks: WpBlock[]): string;
}

const schema = getSchema(editorExtensions);
const wp = () => blockEditor() as unknown as WpApi;

/** The block as the block editor saves it with these attributes (a query loop with a post template of a title and a date, others holding blocks with none). */
function savedByBlockEditor(name: string, attributes: Record<string, unknown>): string {
  const inner = name === 'core/query' ? [wp().createBlock('core/post-template', {}, [wp().createBlock('core/post-title'), wp().createBlock('core/post-date')])] : [];
  return wp().serialize([wp().createBlock(name, attributes, inner)]);
}

/** Each value a setting offers the writer. */
function valuesOf(setting: Setting): unknown[] {
  if (setting.kind === 'boolean') return [true, false];
  if (setting.kind === 'number') return [setting.min, Math.round((setting.min + setting.max) / 2), setting.max];
  if (setting.kind === 'text') return ['https://example.com/me?a=1&b=<2>', ''];
  return setting.choices.map(([value]) => value);
}

it.each(Object.keys(DYNAMIC_BLOCKS))('declares the attributes of %s in the block editor\'s order, with its defaults', (name) => {
  const declared = wp().getBlockType(name).attributes;
  expect(Object.keys(DYNAMIC_BLOCKS[name].attributes)).toEqual(Object.keys(declared));
  expect(Object.fromEntries(Object.entries(DYNAMIC_BLOCKS[name].attributes).filter(([, value]) => value !== undefined))).toEqual(Object.fromEntries(Object.entries(declared).filter(([, type]) => type.default !== undefined).map(([key, type]) => [key, type.default])));
}, 120_000);

it.each(Object.keys(DYNAMIC_BLOCKS))('reads %s as an editable block, and saves each value of each setting as the block editor does', (name) => {
  const problems: string[] = [];
  const cases = [{ label: 'as made', attributes: {} as Record<string, unknown> }, ...DYNAMIC_BLOCKS[name].settings.flatMap((setting) => valuesOf(setting).map((value) => ({ label: `${setting.path} = ${JSON.stringify(value)}`, attributes: withSetting(name, {}, setting.path, value) })))];
  for (const { label, attributes } of cases) {
    // Read with the block editor's markup for its defaults, then set in the editor.
    const markup = savedByBlockEditor(name, {});
    const doc = schema.nodeFromJSON(markupToDoc(markup)).toJSON() as JSONContent;
    const block = doc.content?.[0];
    if (block?.type !== 'dynamicBlock') {
      problems.push(`${label}: not read as a dynamic block`);
      continue;
    }
    if (docToMarkup(doc) !== markup) problems.push(`${label}: changed with no edit`);
    const held = (block.attrs?.blockAttributes ?? {}) as Record<string, unknown>;
    const set = Object.entries(attributes).reduce((next, [key, value]) => withSetting(name, next, key, value), held);
    const edited = { ...doc, content: [{ ...block, attrs: { ...block.attrs, blockAttributes: set, source: null, canonical: null } }] };
    const written = docToMarkup(edited);
    const expected = savedByBlockEditor(name, attributes);
    if (written !== expected) problems.push(`${label}: wrote ${written}, the block editor ${expected}`);
    const invalid = strictlyInvalid(written);
    if (invalid.length > 0) problems.push(`${label}: invalid for the block editor: ${invalid.join(', ')}`);
  }
  expect(problems).toEqual([]);
}, 120_000);

it.each(Object.keys(DYNAMIC_BLOCKS))('says in words what the site shows for %s, for each value of each setting', (name) => {
  const cases = [{}, ...DYNAMIC_BLOCKS[name].settings.flatMap((setting) => valuesOf(setting).map((value) => withSetting(name, {}, setting.path, value)))];
  for (const attributes of cases) {
    const note = dynamicNote(name, attributes, DYNAMIC_BLOCKS[name].madeInner ?? null);
    expect(note.trim()).not.toBe('');
    expect(note).not.toMatch(/undefined|null|NaN|\[object/);
    // One made in another says what it shows there (a comment's author, a term's name).
    if (DYNAMIC_BLOCKS[name].parent) expect(note).not.toBe('Made by the site when the page is shown.');
  }
});

it.each(Object.keys(DYNAMIC_BLOCKS).filter((name) => DYNAMIC_BLOCKS[name].holdsBlocks))('holds the blocks of %s as read, and saves them so with each setting changed', (name) => {
  const inner = [wp().createBlock('core/paragraph', { content: 'Held <em>words</em> & more' }), wp().createBlock('core/separator')];
  const saved = (attributes: Record<string, unknown>) => wp().serialize([wp().createBlock(name, attributes, inner)]);
  const markup = saved({});
  const doc = schema.nodeFromJSON(markupToDoc(markup)).toJSON() as JSONContent;
  const block = doc.content?.[0];
  expect(block?.type).toBe('dynamicBlock');
  expect(docToMarkup(doc)).toBe(markup);
  for (const setting of DYNAMIC_BLOCKS[name].settings) {
    for (const value of valuesOf(setting)) {
      const attributes = withSetting(name, {}, setting.path, value);
      const edited = { ...doc, content: [{ ...block, attrs: { ...block?.attrs, blockAttributes: attributes, source: null, canonical: null } }] };
      const written = docToMarkup(edited);
      expect(written, `${setting.path} = ${JSON.stringify(value)}`).toBe(saved(attributes));
      expect(strictlyInvalid(written)).toEqual([]);
    }
  }
}, 120_000);

it('reads a menu\'s links as read, in order: a home link to the site, a submenu with its links, a page list standing for the pages', () => {
  const menu = '<!-- wp:home-link /-->\n<!-- wp:navigation-link {"label":"Tea \\u0026amp; cake","url":"https://example.com/tea"} /-->\n<!-- wp:navigation-submenu {"label":"More"} -->\n<!-- wp:navigation-link {"label":"Deeper"} /-->\n<!-- /wp:navigation-submenu -->\n<!-- wp:page-list /-->';
  expect(menuLinks(menu, 'https://site.test/')).toEqual([
    { label: 'Home', url: 'https://site.test/', links: [] },
    { label: 'Tea & cake', url: 'https://example.com/tea', links: [] },
    { label: 'More', url: null, links: [{ label: 'Deeper', url: null, links: [] }] },
    { label: 'The site\'s pages', url: null, links: [] },
  ]);
  expect(linkOf('core/navigation-link', {}, null, null)).toEqual([{ label: '(no label yet)', url: null, links: [] }]);
});
