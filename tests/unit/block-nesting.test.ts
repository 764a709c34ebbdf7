// @vitest-environment jsdom
// Where a block may stand (issue 29): the rules of block-nesting.ts are the block library's own
// block.json data, checked for every block of the query loop's and the comments' families and
// for every block a rule names (`parent`, `ancestor`, `allowedBlocks`, compared as sets). Then
// each rule applied: every one of those blocks, read at the top level, moves among its
// neighbours (the block editor checks only a change of parent) and is refused, with a reason
// and nothing changed, when moved into a group, where its parent or ancestor is not.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { HOLDS_ONLY, ONLY_IN, ONLY_INSIDE } from '../../renderer/blocks/block-nesting.ts';
import { blockMovedTo, moveRefusal } from '../../renderer/blocks/move-block.ts';
import { documentOutline } from '../../renderer/editor/document-outline.ts';
import { editorsForFile } from '../helpers/editors-for-file.ts';

interface BlockJson { name: string; parent?: string[]; ancestor?: string[]; allowedBlocks?: string[] }

/** Every block type's block.json in the installed block library (those still experimental too). */
function blockLibraryTypes(): Map<string, BlockJson> {
  const source = join(dirname(createRequire(import.meta.url).resolve('@wordpress/block-library/package.json')), 'src');
  const types = new Map<string, BlockJson>();
  for (const folder of readdirSync(source)) {
    try {
      const type = JSON.parse(readFileSync(join(source, folder, 'block.json'), 'utf8')) as BlockJson;
      types.set(type.name, type);
    } catch {
      // A folder without a block type (shared code).
    }
  }
  return types;
}

const TYPES = blockLibraryTypes();
const QUERY_AND_COMMENTS = /^core\/(query|post-template|comments?)($|-)/;
const FAMILY = [...TYPES.keys()].filter((name) => QUERY_AND_COMMENTS.test(name)).sort();
const RULED = [...new Set([...FAMILY, ...Object.keys(ONLY_IN), ...Object.keys(ONLY_INSIDE), ...Object.keys(HOLDS_ONLY)])].sort();
const asSet = (names: readonly string[] | undefined) => (names ? [...names].sort() : null);

it('covers the query loop\'s and the comments\' families', () => {
  expect(FAMILY).toEqual(expect.arrayContaining(['core/query', 'core/post-template', 'core/query-pagination-next', 'core/comments', 'core/comment-template', 'core/comment-author-avatar', 'core/comments-pagination']));
});

describe.each(RULED)('%s', (name) => {
  it('stands where its block.json says: parent, ancestor and the blocks it holds', () => {
    const type = TYPES.get(name);
    expect(type, name).toBeDefined();
    expect(asSet(ONLY_IN[name]?.names), 'parent').toEqual(asSet(type!.parent));
    expect(asSet(ONLY_INSIDE[name]?.names), 'ancestor').toEqual(asSet(type!.ancestor));
    expect(asSet(HOLDS_ONLY[name]?.names), 'allowedBlocks').toEqual(asSet(type!.allowedBlocks));
  });
});

const openEditor = editorsForFile();
const GROUP = '<!-- wp:group {"layout":{"type":"constrained"}} -->\n<div class="wp-block-group"><!-- wp:paragraph -->\n<p>Held</p>\n<!-- /wp:paragraph --></div>\n<!-- /wp:group -->';
const PARAGRAPH = '<!-- wp:paragraph -->\n<p>After</p>\n<!-- /wp:paragraph -->';
/** The family's blocks with a parent or an ancestor, each as the block editor writes one alone. */
const CONFINED = FAMILY.filter((name) => TYPES.get(name)!.parent || TYPES.get(name)!.ancestor);

describe.each(CONFINED)('a %s read at the top level', (name) => {
  const alone = `<!-- wp:${name.replace(/^core\//, '')} /-->`;

  it('moves among its neighbours, and is refused into a group, saying why, nothing changed', () => {
    const editor = openEditor([alone, GROUP, PARAGRAPH].join('\n\n'));
    const entries = documentOutline(editor.state.doc);
    const [block, group] = entries;
    expect(entries.map((entry) => entry.depth)).toEqual([1, 1, 2, 1]);
    const intoGroup = entries[2].end;
    expect(moveRefusal(editor.state, block.position, intoGroup)).toMatch(/ go(es)? only (inside|in) /);
    expect(blockMovedTo(editor.state, block.position, intoGroup)).toBeNull();
    expect(group.holds).toBe(true);
    const moved = blockMovedTo(editor.state, block.position, entries[3].end);
    expect(moved).not.toBeNull();
    editor.view.dispatch(moved!.tr);
    expect(documentOutline(editor.state.doc).map((entry) => entry.words)[2]).toBe('After');
  });
});
