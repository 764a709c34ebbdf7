// @vitest-environment jsdom
// The blocks a menu, the comments, a pagination (and a query loop, beside its post template)
// hold, set one by one (issue 29): for every block of these families the block editor makes, a
// holder made by the block editor holding every block that goes in it (at every depth) is saved
// untouched byte for byte, and each setting of each block it holds, set to each of its values,
// is saved as the block editor's serializer writes the same holder with that block so set,
// which its strict validator accepts. Prints how many of the blocks held with settings were set
// only with their holder as a whole before (all of them) and now (none).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkup, markupToDoc } from '../../renderer/blocks/block-markup.ts';
import { DYNAMIC_BLOCKS, withSetting, type Setting } from '../../renderer/blocks/dynamic-blocks.ts';
import { SET_ELSEWHERE, heldBlocks, withHeldBlockSet } from '../../renderer/blocks/held-blocks.ts';
import { blockEditor, quietly, type WpBlock } from '../helpers/block-editor.ts';
import { strictlyInvalid } from '../helpers/strict-validity.ts';

beforeAll(() => {
  blockEditor();
}, 300_000);

const wp = () => blockEditor();

/** The block library's blocks a holder takes (its block type's allowedBlocks, and a submenu's links, which its edit allows), with those made in it (their inserter's parent): the dynamic ones. */
const SUBMENU_TAKES = ['core/navigation-link', 'core/navigation-submenu'];
function madeIn(holder: string): string[] {
  const allowed = (wp().getBlockType(holder) as { allowedBlocks?: string[] } | undefined)?.allowedBlocks ?? (holder === 'core/navigation-submenu' ? SUBMENU_TAKES : []);
  return [...new Set([...Object.keys(DYNAMIC_BLOCKS).filter((name) => DYNAMIC_BLOCKS[name].parent === holder), ...allowed])].filter((name) => Object.hasOwn(DYNAMIC_BLOCKS, name));
}

/** The holders of the families: a menu, the comments, a pagination, a query loop (its post template's parts are set by query-template.ts), and every block holding blocks inside them. */
const HOLDERS = ['core/navigation', 'core/comments', 'core/query-pagination', 'core/query'];

/** A tree of the block with every block made in it (each once; a block of its own name not again inside it), as the block editor creates it. */
interface Tree { name: string; attributes: Record<string, unknown>; inner: Tree[] }
function tree(name: string, above: string[] = []): Tree {
  return { name, attributes: {}, inner: !DYNAMIC_BLOCKS[name].holdsBlocks ? [] : madeIn(name).filter((inner) => !above.includes(inner) && inner !== name && !DYNAMIC_BLOCKS[inner].madeInner).map((inner) => tree(inner, [...above, name])) };
}

/** The tree with the block at `index` (its place among the blocks heldBlocks lists: under the root, in document order, none inside those set elsewhere) given `attributes`. */
function withAttributesAt(root: Tree, index: number, attributes: Record<string, unknown>): Tree {
  let at = -1;
  const skipped = SET_ELSEWHERE[root.name] ?? [];
  const visit = (node: Tree): Tree => {
    at += 1;
    const mine = at === index;
    const inner = skipped.includes(node.name) ? node.inner : node.inner.map(visit);
    return { ...node, attributes: mine ? attributes : node.attributes, inner };
  };
  return { ...root, inner: root.inner.map(visit) };
}

const created = (node: Tree): WpBlock => wp().createBlock(node.name, node.attributes, node.inner.map(created));
const serialized = (root: Tree) => quietly(() => wp().serialize([created(root)]));

function valuesOf(setting: Setting): unknown[] {
  if (setting.kind === 'boolean') return [true, false];
  if (setting.kind === 'number') return [setting.min, setting.max];
  if (setting.kind === 'text') return ['Go & <see> "there"', ''];
  return setting.choices.map(([value]) => value);
}

const rows: string[] = [];

it.each(HOLDERS)('saves each block %s holds as the block editor does, once each of its settings is set', (holder) => {
  const root = tree(holder);
  const markup = serialized(root);
  const doc = markupToDoc(markup);
  const [node] = doc.content ?? [];
  expect(node.type).toBe('dynamicBlock');
  expect(docToMarkup(doc)).toBe(markup);
  const inner = String(node.attrs?.inner);
  const held = heldBlocks(holder, inner);
  const problems: string[] = [];
  let settings = 0;
  for (const [index, block] of held.entries()) {
    if (!block.settable) continue;
    for (const setting of DYNAMIC_BLOCKS[block.name].settings) {
      for (const value of valuesOf(setting)) {
        settings++;
        const attributes = withSetting(block.name, block.attributes, setting.path, value);
        const written = docToMarkup({ ...doc, content: [{ ...node, attrs: { ...node.attrs, inner: withHeldBlockSet(inner, block, attributes), source: null, canonical: null } } as JSONContent] });
        const expected = serialized(withAttributesAt(root, index, attributes));
        if (written !== expected) problems.push(`${block.name} ${setting.path} = ${JSON.stringify(value)}: wrote ${written}, the block editor ${expected}`);
        const invalid = strictlyInvalid(written);
        if (invalid.length > 0) problems.push(`${block.name} ${setting.path} = ${JSON.stringify(value)}: invalid for the block editor: ${invalid.join(', ')}`);
      }
    }
  }
  expect(problems).toEqual([]);
  const withSettings = held.filter((block) => DYNAMIC_BLOCKS[block.name]?.settings.length > 0);
  const wholeNow = withSettings.filter((block) => !block.settable).length;
  // Before, the editor set these blocks only with their holder as a whole (its settings, its inner markup kept as read).
  rows.push(`${holder} | ${held.length} | ${withSettings.length} | ${withSettings.length} | ${wholeNow} | ${settings}`);
  expect(wholeNow).toBe(0);
}, 120_000);

afterAll(() => {
  console.log(['blocks held by | blocks held | with settings | set only as a whole before | now | settings checked', ...rows.sort()].join('\n'));
});
