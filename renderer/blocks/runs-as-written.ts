// Which nodes of classic content each of its lists (or quotes) as written was read as: the site's
// paragraph forming splits a list where a rule stands first in an item (a list, the rule, the
// item's words, a list), which the raw handler reads as the one list written (raw-list.ts).
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { classicNode } from './classic-block.ts';

/** An element as written and how many nodes in a row classic content was read as from it; `after`: the whitespace the raw handler is given after it, where known. */
export type WrittenRun = { html: string; count: number; after?: string };

/** The node types classic content reads an element of `elementOf` alone as. */
const typesReadOf = (html: string): string[] => (classicNode(html, true).content ?? []).map((node) => node.type ?? '');

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
    const types = typesReadOf(element.outerHTML);
    if (!types.every((type, at) => nodes[index + at]?.type.name === type)) return new Map();
    runs.set(index, { html: element.outerHTML, count: types.length });
    index += types.length - 1;
  }
  return next === written.length ? runs : new Map();
}
