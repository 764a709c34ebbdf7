// Which block may stand in which (the block editor's rules, from its block types' `parent` and
// their inner blocks' `allowedBlocks`): a column only in columns, a button only in buttons, a
// list item only in a list; columns hold only columns, buttons only buttons, a list only its
// items, a list item only a nested list, a gallery only images. Any other block goes in the
// document or in any block holding blocks (a group, a column, a quote, details, a cover …).
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Nesting, NestingRule } from './block-definition.ts';

/**
 * Editor nodes named as the block editor names their blocks (a block holding blocks, a button: by
 * their own name). A block defined in a module of its own (code, table, preformatted …) goes by its
 * node's name, and its module alone may name its block: its rules come from its definition (nestsAs).
 */
const BLOCK_NAMES: Readonly<Record<string, string>> = {
  paragraph: 'core/paragraph', heading: 'core/heading', bulletList: 'core/list', orderedList: 'core/list', listItem: 'core/list-item',
  blockquote: 'core/quote', image: 'core/image', embed: 'core/embed',
};

/** A block's name as the block editor knows it: a kept block's from its markup. */
export function blockNameOf(node: PmNode): string {
  if (node.type.name === 'unknownBlock') return /^<!-- wp:([a-z0-9/-]+)/.exec(String(node.attrs.markup))?.[1]?.replace(/^(?!.*\/)/, 'core/') ?? '';
  if (typeof node.attrs.name === 'string' && node.attrs.name) return node.attrs.name;
  return BLOCK_NAMES[node.type.name] ?? node.type.name;
}

/** Blocks that stand only in these parents. */
const ONLY_IN: Record<string, NestingRule> = {
  'core/list-item': { names: ['core/list'], why: 'A list item goes only in a list.' },
  'core/social-link': { names: ['core/social-links'], why: 'A social link goes only in social links.' },
};

/** Parents that hold only these blocks. */
const HOLDS_ONLY: Record<string, NestingRule> = {
  'core/list': { names: ['core/list-item'], why: 'A list holds only list items.' },
  'core/list-item': { names: ['core/list'], why: 'A list item holds only a nested list.' },
  'core/gallery': { names: ['core/image'], why: 'A gallery holds only images.' },
  'core/social-links': { names: ['core/social-link'], why: 'Social links hold only social links.' },
};

/** The rules of the blocks defined in modules of their own (BlockDefinition.nesting), set by defined-blocks.ts, which cannot be imported from here (it would close a circle through the editor's extensions). */
export function nestsAs(rules: Readonly<Record<string, Nesting>>): void {
  for (const [name, { onlyIn, holdsOnly }] of Object.entries(rules)) {
    if (onlyIn) ONLY_IN[name] = onlyIn;
    if (holdsOnly) HOLDS_ONLY[name] = holdsOnly;
  }
}

/** Whether a block holding blocks holds blocks of one kind only (columns, buttons, a gallery …). */
export const holdsOneKind = (node: PmNode): boolean => node.type.name === 'blockContainer' && Object.hasOwn(HOLDS_ONLY, String(node.attrs.name));

/** The nodes whose children are blocks a writer moves: the document, and blocks holding blocks. */
const HOLDERS = new Set(['doc', 'blockContainer', 'blockquote', 'bulletList', 'orderedList', 'listItem']);

export const holdsBlocks = (node: PmNode): boolean => HOLDERS.has(node.type.name);

/**
 * Why the block editor does not let `parent` hold `block`, in the writer's words, or null when
 * it does (the document is no block's parent by name).
 */
export function refusal(parent: PmNode, block: PmNode): string | null {
  if (!holdsBlocks(parent)) return 'Blocks cannot go there.';
  const parentName = parent.type.name === 'doc' ? '' : blockNameOf(parent);
  const name = blockNameOf(block);
  const only = ONLY_IN[name];
  if (only && !only.names.includes(parentName)) return only.why;
  const allowed = HOLDS_ONLY[parentName];
  return allowed && !allowed.names.includes(name) ? allowed.why : null;
}
