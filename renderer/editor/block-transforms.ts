// The block toolbar's "Transform to" menu (issue 29), as the block editor's block switcher: the
// transforms the block editor offers for the writer's block (each declared by a block's own module:
// BlockDefinition.transforms), each making what the block editor makes of it. The block is the
// innermost one among blocks (insert-beside.ts); it is replaced in one step, so Undo brings it back
// as it was, and the blocks around it are not touched.
import { closeHistory } from '@tiptap/pm/history';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import type { BlockTransform } from '../blocks/block-definition.ts';
import { DEFINED_TRANSFORMS } from '../blocks/defined-blocks.ts';
import { markupToDoc } from '../blocks/block-markup.ts';
import { nodeMarkup } from '../blocks/serialize-blocks.ts';
import { splitBlocks, type ParsedBlock } from '../blocks/split-blocks.ts';
import { blockBeside } from './insert-beside.ts';
import { selectBlock } from './block-options.ts';
import { REMOVED_NAMES } from './safe-blocks.ts';

/** A transform offered for the writer's block, with the markup it makes. */
interface Offered { to: string; title: string; markup: string }

/** The block a node is written as, with its markup, or null for what is not one block (classic HTML). */
function writtenBlock(node: PmNode): { block: ParsedBlock; source: string } | null {
  const source = nodeMarkup(node.toJSON());
  const pieces = splitBlocks(source);
  return pieces.length === 1 && pieces[0].kind === 'block' ? { block: pieces[0].block, source } : null;
}

/**
 * The transforms offered for `block`: those declared for its name, then those of any block to the blocks
 * it has none of its own to (the block editor takes a block's own first: a quote grouped is its blocks in
 * a group, not the quote); never to its own kind.
 */
export function transformsOf(block: ParsedBlock, source: string): Offered[] {
  const name = block.blockName ?? '';
  const own = DEFINED_TRANSFORMS[name] ?? [];
  const declared: readonly BlockTransform[] = [...own, ...(DEFINED_TRANSFORMS['*'] ?? []).filter(({ to }) => !own.some((transform) => transform.to === to))];
  return declared.flatMap(({ to, title, make }) => {
    const markup = to === name ? null : make(block, source);
    return markup === null ? [] : [{ to, title, markup }];
  });
}

/** The writer's block with its edges, or null when the selection is in none. */
function writersBlock(state: EditorState): { before: number; after: number; node: PmNode; block: ParsedBlock; source: string } | null {
  const edges = blockBeside(state);
  const node = edges && state.doc.nodeAt(edges.before);
  const written = node && writtenBlock(node);
  return edges && node && written ? { ...edges, node, ...written } : null;
}

/** The transforms offered for the writer's block (its titles and the blocks they make). */
export function transformsAt(state: EditorState): { to: string; title: string }[] {
  const at = writersBlock(state);
  return at ? transformsOf(at.block, at.source).map(({ to, title }) => ({ to, title })) : [];
}

/** The writer's block turned into `to`, the new block selected; null when that is not offered for it. */
export function transformBlock(state: EditorState, to: string): Transaction | null {
  const at = writersBlock(state);
  const offered = at && transformsOf(at.block, at.source).find((transform) => transform.to === to);
  if (!at || !offered) return null;
  const made = (markupToDoc(offered.markup).content ?? []).map((json) => state.schema.nodeFromJSON(json));
  // The first block made stands where the writer's did, with the spacing read before it.
  const [first, ...rest] = made;
  const placed = 'gap' in first.attrs ? first.type.create({ ...first.attrs, gap: at.node.attrs.gap ?? null }, first.content, first.marks) : first;
  // The block is turned, not removed: no "Removed …" notice.
  const tr = closeHistory(state.tr.replaceWith(at.before, at.after, [placed, ...rest])).setMeta(REMOVED_NAMES, []);
  return selectBlock(tr, at.before);
}
