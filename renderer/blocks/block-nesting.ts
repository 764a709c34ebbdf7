// Which block may stand in which (the block editor's rules, from its block types' `parent` and
// their inner blocks' `allowedBlocks`): a column only in columns, a button only in buttons, a
// list item only in a list; columns hold only columns, buttons only buttons, a list only its
// items, a list item only a nested list, a gallery only images; the query loop's and the comments'
// blocks only in (`parent`) or somewhere inside (`ancestor`) theirs, as their block.json says.
// Any other block goes in the document or in any block holding blocks (a group, a column, a
// quote, details, a cover …). tests/unit/block-nesting.test.ts holds these to the block library.
import type { Node as PmNode, ResolvedPos } from '@tiptap/pm/model';
import type { Nesting, NestingRule } from './block-definition.ts';
import { QUOTE_NAME, QUOTE_NODE } from './quote-block.ts';
import { HEADING_NAME, HEADING_NODE } from './heading-block.ts';
import { PARAGRAPH_NAME, PARAGRAPH_NODE } from './paragraph-block.ts';
import { BULLET_LIST_NODE, LIST_ITEM_NAME, LIST_ITEM_NODE, LIST_NAME, ORDERED_LIST_NODE } from './list-block.ts';
import { IMAGE_BLOCK, IMAGE_NODE } from './image-block.ts';
import { GALLERY_BLOCK } from './gallery.ts';

/**
 * Editor nodes named as the block editor names their blocks (a block holding blocks, a button: by
 * their own name). A block defined in a module of its own (code, table, preformatted …) goes by its
 * node's name, and its module alone may name its block: its rules come from its definition (nestsAs).
 */
const BLOCK_NAMES: Readonly<Record<string, string>> = {
  [PARAGRAPH_NODE]: PARAGRAPH_NAME, [HEADING_NODE]: HEADING_NAME, [BULLET_LIST_NODE]: LIST_NAME, [ORDERED_LIST_NODE]: LIST_NAME, [LIST_ITEM_NODE]: LIST_ITEM_NAME,
  [QUOTE_NODE]: QUOTE_NAME, [IMAGE_NODE]: IMAGE_BLOCK,
};

/** A block's name as the block editor knows it: a kept block's from its markup. */
export function blockNameOf(node: PmNode): string {
  if (node.type.name === 'unknownBlock') return /^<!-- wp:([a-z0-9/-]+)/.exec(String(node.attrs.markup))?.[1]?.replace(/^(?!.*\/)/, 'core/') ?? '';
  if (typeof node.attrs.name === 'string' && node.attrs.name) return node.attrs.name;
  return BLOCK_NAMES[node.type.name] ?? node.type.name;
}

/** Blocks that stand only in these parents (their block type's `parent`; defined blocks' added by nestsAs). */
export const ONLY_IN: Record<string, NestingRule> = {
  [LIST_ITEM_NAME]: { names: [LIST_NAME], why: 'A list item goes only in a list.' },
  'core/social-link': { names: ['core/social-links'], why: 'A social link goes only in social links.' },
  'core/comment-template': { names: ['core/comments'], why: 'A comment template goes only in comments.' },
  'core/comments-pagination': { names: ['core/comments'], why: 'Comments pagination goes only in comments.' },
  'core/comments-pagination-previous': { names: ['core/comments-pagination'], why: 'Older comments go only in comments pagination.' },
  'core/comments-pagination-numbers': { names: ['core/comments-pagination'], why: 'Comments page numbers go only in comments pagination.' },
  'core/comments-pagination-next': { names: ['core/comments-pagination'], why: 'Newer comments go only in comments pagination.' },
  'core/query-pagination-previous': { names: ['core/query-pagination'], why: 'Previous page goes only in a pagination.' },
  'core/query-pagination-numbers': { names: ['core/query-pagination'], why: 'Page numbers go only in a pagination.' },
  'core/query-pagination-next': { names: ['core/query-pagination'], why: 'Next page goes only in a pagination.' },
};

const inComment = (what: string): NestingRule => ({ names: ['core/comment-template'], why: `${what} goes only inside a comment template.` });
const inQuery = (what: string): NestingRule => ({ names: ['core/query'], why: `${what} goes only inside a query loop.` });

/** Blocks that stand only somewhere inside one of these (their block type's `ancestor`). */
export const ONLY_INSIDE: Readonly<Record<string, NestingRule>> = {
  'core/comment-author-avatar': inComment('A comment author\'s avatar'),
  'core/comment-author-name': inComment('A comment author'),
  'core/comment-content': inComment('A comment text'),
  'core/comment-date': inComment('A comment date'),
  'core/comment-edit-link': inComment('A comment edit link'),
  'core/comment-reply-link': inComment('A comment reply link'),
  'core/comments-title': { names: ['core/comments'], why: 'A comments title goes only inside comments.' },
  'core/post-template': inQuery('A post template'),
  'core/query-no-results': inQuery('No results'),
  'core/query-pagination': inQuery('A pagination'),
  'core/query-total': inQuery('A query total'),
};

/** Parents that hold only these blocks (their block type's `allowedBlocks`; defined blocks' added by nestsAs). */
export const HOLDS_ONLY: Record<string, NestingRule> = {
  [LIST_NAME]: { names: [LIST_ITEM_NAME], why: 'A list holds only list items.' },
  [LIST_ITEM_NAME]: { names: [LIST_NAME], why: 'A list item holds only a nested list.' },
  [GALLERY_BLOCK]: { names: [IMAGE_BLOCK], why: 'A gallery holds only images.' },
  'core/social-links': { names: ['core/social-link'], why: 'Social links hold only social links.' },
  'core/comments-pagination': { names: ['core/comments-pagination-previous', 'core/comments-pagination-numbers', 'core/comments-pagination-next'], why: 'Comments pagination holds only its links and page numbers.' },
  'core/query-pagination': { names: ['core/query-pagination-previous', 'core/query-pagination-numbers', 'core/query-pagination-next'], why: 'A pagination holds only its links and page numbers.' },
};

/**
 * Blocks the block editor keeps when their last block leaves (a group, a column, details, a
 * cover, media & text show an empty place to add one); columns, buttons, a list, a gallery and a
 * quote are never left empty. Defined blocks' added by nestsAs.
 */
const MAY_STAND_EMPTY = new Set<string>();

/** The blocks (as saved) the block editor fills a block of each name with while it holds none (Nesting.template). */
const TEMPLATES = new Map<string, string>();

/** The blocks (as saved) the block editor fills an empty block of this name with, or null for none. */
export const emptyTemplate = (name: string): string | null => TEMPLATES.get(name) ?? null;

/** Whether the block editor keeps a block of this name when its last block leaves. */
export const standsEmpty = (name: string): boolean => MAY_STAND_EMPTY.has(name);

export const mayStandEmpty = (node: PmNode): boolean => node.type.name === 'blockContainer' && standsEmpty(blockNameOf(node));

/** Whether a block holding blocks holds none: nothing, or text of its own alone (a details summary). */
export function holdsNoBlock(node: PmNode): boolean {
  let none = true;
  node.forEach((child) => {
    none &&= child.type.name === 'richPart';
  });
  return none;
}

/** The rules of the blocks defined in modules of their own (BlockDefinition.nesting), set by defined-blocks.ts, which cannot be imported from here (it would close a circle through the editor's extensions). */
export function nestsAs(rules: Readonly<Record<string, Nesting>>): void {
  for (const [name, { onlyIn, holdsOnly, standsEmpty, template }] of Object.entries(rules)) {
    if (template) TEMPLATES.set(name, template);
    if (onlyIn) ONLY_IN[name] = onlyIn;
    if (holdsOnly) HOLDS_ONLY[name] = holdsOnly;
    if (standsEmpty) MAY_STAND_EMPTY.add(name);
  }
}

/** Whether a block holding blocks holds blocks of one kind only (columns, buttons, a gallery …). */
export const holdsOneKind = (node: PmNode): boolean => node.type.name === 'blockContainer' && Object.hasOwn(HOLDS_ONLY, String(node.attrs.name));

/** The nodes whose children are blocks a writer moves: the document, and blocks holding blocks. */
const HOLDERS = new Set(['doc', 'blockContainer', QUOTE_NODE, BULLET_LIST_NODE, ORDERED_LIST_NODE, LIST_ITEM_NODE]);

export const holdsBlocks = (node: PmNode): boolean => HOLDERS.has(node.type.name);

/**
 * Why the block editor does not let `block` stand at `$at` (in its parent, among its ancestors),
 * in the writer's words, or null when it does (the document is no block's parent by name).
 */
export function refusal($at: ResolvedPos, block: PmNode): string | null {
  const parent = $at.parent;
  if (!holdsBlocks(parent)) return 'Blocks cannot go there.';
  const parentName = parent.type.name === 'doc' ? '' : blockNameOf(parent);
  const name = blockNameOf(block);
  const only = ONLY_IN[name];
  if (only && !only.names.includes(parentName)) return only.why;
  const inside = ONLY_INSIDE[name];
  const ancestors = Array.from({ length: $at.depth }, (_, depth) => blockNameOf($at.node(depth + 1)));
  if (inside && !inside.names.some((ancestor) => ancestors.includes(ancestor))) return inside.why;
  const allowed = HOLDS_ONLY[parentName];
  return allowed && !allowed.names.includes(name) ? allowed.why : null;
}
