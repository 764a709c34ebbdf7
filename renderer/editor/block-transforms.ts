// The block toolbar's "Transform to" menu (issue 29), as the block editor's block switcher: the
// transforms the block editor offers for the writer's block, or the blocks a selection spans (each
// declared by a block's own module: BlockDefinition.transforms), each making what the block editor
// makes of them. The block is the innermost one among blocks (insert-beside.ts); they are replaced in
// one step, so Undo brings them back as they were, and the blocks around them are not touched.
import { closeHistory } from '@tiptap/pm/history';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { BlockTransform, WrittenSource } from '../blocks/block-definition.ts';
import { DEFINED_CARRIED, DEFINED_TRANSFORMS } from '../blocks/defined-blocks.ts';
import { markupToDoc } from '../blocks/block-markup.ts';
import { carriedBySupports } from '../blocks/carried-by-supports.ts';
import { nodeMarkup } from '../blocks/serialize-blocks.ts';
import { splitBlocks } from '../blocks/split-blocks.ts';
import { blockBeside, holdsBlocks } from './insert-beside.ts';
import { selectBlock } from './block-options.ts';
import { REMOVED_NAMES } from './safe-blocks.ts';

/** A transform offered for the writer's blocks, with the markup it makes. */
interface Offered { to: string; title: string; markup: string }

/** The block a node is written as, with its markup, or null for what is not one block (classic HTML). */
function writtenBlock(node: PmNode): WrittenSource | null {
  const source = nodeMarkup(node.toJSON());
  const pieces = splitBlocks(source);
  return pieces.length === 1 && pieces[0].kind === 'block' ? { block: pieces[0].block, source } : null;
}

/**
 * The transforms offered for one block, or several selected at once (those the block editor makes of several,
 * `several`, for blocks all of the kind they turn, or any): those declared for their kind, then those of any
 * block to the blocks it has none of its own to (the block editor takes a block's own first: a quote grouped is
 * its blocks in a group, not the quote); never to its own kind.
 */
function transformsOf(blocks: readonly WrittenSource[]): Offered[] {
  const names = new Set(blocks.map(({ block }) => block.blockName ?? ''));
  const [name] = names;
  // A block's own transform of one block alone does not stand in the way of any block's for several.
  const own = names.size === 1 ? (DEFINED_TRANSFORMS[name] ?? []).filter((transform) => blocks.length === 1 || transform.several) : [];
  const declared: readonly BlockTransform[] = [...own, ...(DEFINED_TRANSFORMS['*'] ?? []).filter(({ to }) => !own.some((transform) => transform.to === to))];
  return declared.flatMap(({ to, title, make, several, carriesAnchor }) => {
    const markup = names.has(to) ? null : blocks.length === 1 ? make(blocks[0].block, blocks[0].source) : (several?.(blocks) ?? null);
    // What the block editor carries beside the transform (a class, a name, the anchor it hands on), added in one place.
    return markup === null ? [] : [{ to, title, markup: carriedBySupports(blocks.map(({ block }) => block), markup, carriesAnchor ?? false, DEFINED_CARRIED) }];
  });
}

/** The blocks the selection spans among the same blocks, when more than one. */
function spannedBlocks(state: EditorState) {
  const { $from, $to } = state.selection;
  const range = $from.blockRange($to, holdsBlocks);
  return range && range.endIndex - range.startIndex > 1 ? range : null;
}

/** How many blocks the selection spans (1 within one block): the block toolbar draws its menu again when it changes. */
export function spannedCount(state: EditorState): number {
  const range = spannedBlocks(state);
  return range ? range.endIndex - range.startIndex : 1;
}

/** The writer's blocks (the one the selection is in, or those it spans among the same blocks) with their edges, or null when it is in none. */
function writersBlocks(state: EditorState): { before: number; after: number; nodes: PmNode[]; blocks: WrittenSource[] } | null {
  const spanned = spannedBlocks(state);
  const edges = spanned ? { before: spanned.start, after: spanned.end } : blockBeside(state);
  if (!edges) return null;
  const nodes: PmNode[] = [];
  state.doc.nodesBetween(edges.before, edges.after, (node, position) => {
    if (position >= edges.before && position + node.nodeSize <= edges.after) nodes.push(node);
    return false;
  });
  const blocks = nodes.map(writtenBlock);
  return nodes.length > 0 && blocks.every((block) => block !== null) ? { ...edges, nodes, blocks: blocks as WrittenSource[] } : null;
}

/** The transforms offered for the writer's blocks (its titles and the blocks they make). */
export function transformsAt(state: EditorState): { to: string; title: string }[] {
  const at = writersBlocks(state);
  return at ? transformsOf(at.blocks).map(({ to, title }) => ({ to, title })) : [];
}

/** The writer's blocks turned into `to`, the first block made selected; null when that is not offered for them. */
export function transformBlock(state: EditorState, to: string): Transaction | null {
  const at = writersBlocks(state);
  const offered = at && transformsOf(at.blocks).find((transform) => transform.to === to);
  if (!at || !offered) return null;
  const made = (markupToDoc(offered.markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  // The first block made stands where the writer's first did, with the spacing read before it.
  const [first, ...rest] = made;
  const placed = 'gap' in first.attrs ? first.type.create({ ...first.attrs, gap: at.nodes[0].attrs.gap ?? null }, first.content, first.marks) : first;
  // The blocks are turned, not removed: no "Removed …" notice.
  const tr = closeHistory(state.tr.replaceWith(at.before, at.after, [placed, ...rest])).setMeta(REMOVED_NAMES, []);
  return selectBlock(tr, at.before);
}
