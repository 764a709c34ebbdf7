// Classic content copied carries what Convert to blocks reads of it as written (classic-convert.ts), which its
// nodes on the clipboard do not hold (a node's source never travels: block-source.ts), so that a paste among blocks
// makes of it what Convert makes: a Classic block's whole content is copied as that block, marked with its markup
// as it stands (read again where pasted); of a part of it, each whole list or quote classic content read as several
// nodes (a list split around a `[caption]` it holds: the list, the caption, the words after it, a list) carries
// its HTML as written on the first of them (runs-as-written.ts). A part of it cut at a node's words (not within
// one block's words) is copied as a Classic block holding the part, marked with the HTML the block editor's Classic
// block copies of that selection (classic-cut.ts), which a paste among blocks makes blocks of as the block editor's
// paste does. A paste into classic content drops the marks.
import type { Attribute, JSONContent } from '@tiptap/core';
import { Fragment, Slice, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';
import { ClassicBlock, dataAttribute } from './nodes.ts';
import { nodeMarkup } from './serialize-blocks.ts';
import { classicNode, commentedClassic } from './classic-block.ts';
import { BULLET_LIST_NODE, ORDERED_LIST_NODE } from './list-block.ts';
import { QUOTE_NODE } from './quote-block.ts';
import { childrenOf, runReadAs, topLevelAsWritten, type WrittenRun } from './runs-as-written.ts';
import { classicCut } from './classic-cut.ts';

const WRITTEN_AS = 'writtenAs';
const COPIED = 'copied';
const CUT = 'cut';

const copyMark = (name: string): Attribute => ({ ...dataAttribute<string | null>(name, null, (value) => value), keepOnSplit: false });

/** On a copy only, a Classic block copied whole: its markup as it stands; one holding a part copied: the HTML of that part as the block editor's Classic block copies it. */
export const COPIED_ATTRIBUTES: Record<string, Attribute> = { [COPIED]: copyMark(COPIED), [CUT]: copyMark(CUT) };

/** The node types a run starts with: a top-level list or quote of classic content. */
export const WRITTEN_AS_TYPES = [BULLET_LIST_NODE, ORDERED_LIST_NODE, QUOTE_NODE];

/** On a copy only: the HTML as written of the run the node starts, and the whitespace after it (`{ html, after }` as JSON). */
export const WRITTEN_AS_ATTRIBUTES: Record<string, Attribute> = { [WRITTEN_AS]: copyMark(WRITTEN_AS) };

const withWrittenAs = (node: ProseMirrorNode, value: string | null) => node.type.create({ ...node.attrs, [WRITTEN_AS]: value }, node.content, node.marks);

/** The Classic block of `doc` one of `nodes` is a child of (the very node), or null. */
function classicHolding(doc: ProseMirrorNode, nodes: readonly ProseMirrorNode[]): ProseMirrorNode | null {
  let found: ProseMirrorNode | null = null;
  doc.descendants((node) => {
    if (found) return false;
    if (node.type.name !== ClassicBlock.name) return true;
    if (childrenOf(node).some((child) => nodes.includes(child))) found = node;
    return false;
  });
  return found;
}

/**
 * A copy as the nodes of the Classic block it stands in, where it does: a selection's copy holds the nodes around it
 * (the Classic block, those it stands in), open, which the copy of part of a block's nodes does not.
 */
function withinClassic(copy: Slice): Slice {
  let slice = copy;
  while (slice.openStart > 0 && slice.openEnd > 0 && slice.content.childCount === 1) {
    const only = slice.content.firstChild as ProseMirrorNode;
    if (only.isTextblock) return copy;
    slice = new Slice(only.content, slice.openStart - 1, slice.openEnd - 1);
    if (only.type.name === ClassicBlock.name) return slice;
  }
  return copy;
}

/**
 * A copied slice as it is marked (see the top of this file): the Classic block it is the whole content of, marked with
 * its markup, or each whole run of a Classic block's nodes it holds marked with the HTML that run was read from.
 */
export function copiedClassic(copy: Slice, state: EditorState): Slice {
  const { doc, selection } = state;
  const slice = withinClassic(copy);
  const copied = childrenOf(slice.content);
  const classic = classicHolding(doc, copied);
  const children = classic ? childrenOf(classic) : [];
  if (classic && children.length === copied.length && children.every((child, index) => copied[index] === child)) {
    return new Slice(Fragment.from(classic.type.create({ ...classic.attrs, [COPIED]: nodeMarkup(classic.toJSON() as JSONContent) }, classic.content)), 0, 0);
  }
  // A copy of the selection (a copy of other nodes is marked as below): words of one block of it are copied as the
  // words alone, as the block editor's paste makes them of the HTML its Classic block copies of them; more, cut.
  const { $from, $to } = selection;
  const ofSelection = doc.slice(selection.from, selection.to, true).eq(copy);
  const inClassic = [...Array($from.depth).keys()].some((depth) => $from.node(depth).type.name === ClassicBlock.name);
  if (ofSelection && inClassic && $from.parent === $to.parent && $from.parent.isTextblock) return doc.slice(selection.from, selection.to);
  const cut = ofSelection ? classicCut(doc, selection.from, selection.to) : null;
  if (cut !== null) return new Slice(Fragment.from(doc.type.schema.nodes[ClassicBlock.name].create({ [CUT]: cut }, slice.content)), slice.openStart + 1, slice.openEnd + 1);
  if (!classic) return slice;
  let marked = false;
  for (const [index, { html, count, after }] of topLevelAsWritten(classic)) {
    const first = copied.indexOf(children[index]);
    if (first < 0 || !children.slice(index, index + count).every((child, offset) => copied[first + offset] === child)) continue;
    copied[first] = withWrittenAs(copied[first], JSON.stringify({ html, after }));
    marked = true;
  }
  return marked ? new Slice(Fragment.fromArray(copied), slice.openStart, slice.openEnd) : slice;
}

/** The Classic block a pasted one copied whole stands for, read again from its markup (with its paragraph forming and comment); null for any other node. */
export function classicCopied(node: ProseMirrorNode, schema: Schema): ProseMirrorNode | null {
  const markup: unknown = node.attrs[COPIED];
  if (node.type.name !== ClassicBlock.name || typeof markup !== 'string') return null;
  const { autop, commentBefore, commentAfter } = node.attrs as { autop: boolean; commentBefore: string; commentAfter: string };
  if (!markup.startsWith(commentBefore) || !markup.endsWith(commentAfter)) return null;
  // (Written with its comment, it is read as the comments' HTML, the spacing inside them too.)
  const read = commentAfter ? commentedClassic(markup.slice(commentBefore.trimEnd().length, markup.length - commentAfter.trimStart().length), markup) : classicNode(markup, autop);
  return read && schema.nodeFromJSON(read);
}

/** The HTML a pasted Classic block holding a part copied carries (see copiedClassic), or null. */
export function cutOf(slice: Slice): string | null {
  const only = slice.content.childCount === 1 ? slice.content.firstChild : null;
  const cut: unknown = only?.type.name === ClassicBlock.name ? only.attrs[CUT] : null;
  return typeof cut === 'string' ? cut : null;
}

/** The HTML as written a pasted node carries, if any. */
function writtenAs(node: ProseMirrorNode): { html: string; after?: string } | null {
  const value: unknown = node.attrs[WRITTEN_AS];
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    const { html, after } = (parsed ?? {}) as Record<string, unknown>;
    return typeof html === 'string' ? { html, ...(typeof after === 'string' ? { after } : {}) } : null;
  } catch {
    return null;
  }
}

/** The nodes a paste holds at its top, the HTML as written they carry dropped (a Classic block copied whole kept, marked), and the runs those marks name, by the index of each run's first node (a mark whose nodes do not line up with its HTML names none). */
export function pastedRuns(content: Fragment): { nodes: ProseMirrorNode[]; runs: ReadonlyMap<number, WrittenRun> } {
  const nodes = childrenOf(content);
  const runs = new Map<number, WrittenRun>();
  nodes.forEach((node, index) => {
    const written = writtenAs(node);
    const run = written && runReadAs(nodes, index, written.html);
    if (run) runs.set(index, { ...run, ...(written.after === undefined ? {} : { after: written.after }) });
  });
  return { nodes: nodes.map((node) => (writtenAs(node) ? withWrittenAs(node, null) : node)), runs };
}

/** Whether a node carries a mark. */
const isMarked = (node: ProseMirrorNode) => [WRITTEN_AS, COPIED, CUT].some((name) => node.attrs[name] !== undefined && node.attrs[name] !== null);

/** A pasted fragment without the marks, however deep, a Classic block copied whole its nodes (a paste into classic content keeps its nodes as they are; a part's Classic block the paste's fitting opens there). */
export function withoutCopyMarks(content: Fragment): Fragment {
  let marked = false;
  content.descendants((node) => !(marked ||= isMarked(node)));
  if (!marked) return content;
  const nodes: ProseMirrorNode[] = [];
  content.forEach((node) => {
    const inner = node.isLeaf ? node : node.copy(withoutCopyMarks(node.content));
    if (typeof node.attrs[COPIED] === 'string') nodes.push(...childrenOf(inner));
    else nodes.push(isMarked(inner) ? withWrittenAs(inner, null) : inner);
  });
  return Fragment.fromArray(nodes);
}
