// Which nodes of classic content each of its lists (or quotes) as written was read as: the site's
// paragraph forming splits a list where a rule stands first in an item (a list, the rule, the
// item's words, a list), which the raw handler reads as the one list written (raw-list.ts).
import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { classicNode } from './classic-block.ts';
import { htmlBody } from './html-nodes.ts';
import { nodeMarkup } from './serialize-blocks.ts';
import { BULLET_LIST_NODE, ORDERED_LIST_NODE } from './list-block.ts';
import { QUOTE_NODE } from './quote-block.ts';

/** An element as written and how many nodes in a row classic content was read as from it; `after`: the whitespace the raw handler is given after it, where known. */
export type WrittenRun = { html: string; count: number; after?: string };

/** The node types classic content reads an element of `elementOf` alone as. */
const typesReadOf = (html: string): string[] => (classicNode(html, true).content ?? []).map((node) => node.type ?? '');

/** The run `html` (an element as written) was read as, where the nodes of `nodes` from `at` are those nodes; else null. */
export function runReadAs(nodes: readonly ProseMirrorNode[], at: number, html: string): WrittenRun | null {
  const types = typesReadOf(html);
  return types.every((type, offset) => nodes[at + offset]?.type.name === type) ? { html, count: types.length } : null;
}

/**
 * Each element of `elements` (those written in the HTML `nodes` were read from, in order) whose tag
 * `elementOf` names for a node type, by the index of the first of the nodes read from it: the
 * element read alone says which nodes those are. None where they do not line up.
 */
export function runsAsWritten(nodes: readonly ProseMirrorNode[], elements: readonly Element[], elementOf: Readonly<Record<string, string>>): ReadonlyMap<number, WrittenRun> {
  const written = elements.filter((element) => Object.values(elementOf).includes(element.tagName));
  const runs = new Map<number, WrittenRun>();
  let next = 0;
  for (let index = 0; index < nodes.length; index++) {
    if (!Object.hasOwn(elementOf, nodes[index].type.name)) continue;
    const element = written[next++];
    if (element?.tagName !== elementOf[nodes[index].type.name]) return new Map();
    const run = runReadAs(nodes, index, element.outerHTML);
    if (!run) return new Map();
    runs.set(index, run);
    index += run.count - 1;
  }
  return next === written.length ? runs : new Map();
}

/** The element a list of classic content is read from, by node type. */
export const LIST_ELEMENT_OF: Readonly<Record<string, string>> = { [BULLET_LIST_NODE]: 'UL', [ORDERED_LIST_NODE]: 'OL' };

/** The element a top-level list or quote of classic content is read from, by node type. */
const ELEMENT_OF: Readonly<Record<string, string>> = { ...LIST_ELEMENT_OF, [QUOTE_NODE]: 'BLOCKQUOTE' };

/** The children of a node, or the nodes of a fragment, in order. */
export const childrenOf = (parent: { forEach(each: (child: ProseMirrorNode) => void): void }): ProseMirrorNode[] => {
  const children: ProseMirrorNode[] = [];
  parent.forEach((child) => children.push(child));
  return children;
};

/**
 * The HTML as written of each list and quote at the top of a Classic block whose paragraphs hold
 * no sources of their own (a list not set apart by blank lines), by the index of the first node
 * read from it: the elements of its HTML as it stands (the writer's edits in it).
 */
export function topLevelAsWritten(classic: ProseMirrorNode): ReadonlyMap<number, WrittenRun> {
  if (typeof classic.attrs.source !== 'string') return new Map();
  const nodes = childrenOf(classic);
  const runs = runsAsWritten(nodes, [...htmlBody(nodeMarkup(classic.toJSON() as JSONContent)).children], ELEMENT_OF);
  if (classic.attrs.autop !== true) return runs;
  // (Paragraph forming, which the block editor's parser runs on a classic post before the raw handler, ends an element more follows with a newline.)
  return new Map([...runs].map(([index, run]) => [index, index + run.count < nodes.length ? { ...run, after: '\n' } : run]));
}
