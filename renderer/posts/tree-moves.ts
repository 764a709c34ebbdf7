// Moves in the page tree, as pure data: where a keyboard move or a drop puts a page, and
// which pages' parent and menu order change for it (the fewest writes that give that order).
import type { Post } from '../../shared/site-types.ts';

export type KeyMove = 'up' | 'down' | 'in' | 'out';

/** Where a page goes: under `parent`, at `index` among its other children. */
export interface Placement {
  parent: number;
  index: number;
}

/** One page's new place, as the site stores it. */
export interface PageChange {
  id: number;
  parent: number;
  menu_order: number;
}

/** A row of the tree as shown: the page, its depth and the parent it is shown under (0 at the top). */
export interface TreeRow {
  page: Post;
  depth: number;
  parent: number;
}

type Children = ReadonlyMap<number, readonly Post[]>;

function parentShown(children: Children, id: number): number {
  for (const [parent, pages] of children) if (pages.some((page) => page.id === id)) return parent;
  return 0;
}

/** Where a keyboard move puts the page, or null where it cannot go that way. */
export function keyPlacement(children: Children, id: number, move: KeyMove): Placement | null {
  const parent = parentShown(children, id);
  const siblings = children.get(parent) ?? [];
  const index = siblings.findIndex((page) => page.id === id);
  switch (move) {
    case 'up':
      return index > 0 ? { parent, index: index - 1 } : null;
    case 'down':
      return index < siblings.length - 1 ? { parent, index: index + 1 } : null;
    case 'in': {
      // Into the page above, as its last child.
      const above = siblings[index - 1];
      return above ? { parent: above.id, index: (children.get(above.id) ?? []).length } : null;
    }
    case 'out': {
      // Out one level: just after the page it was under.
      if (parent === 0) return null;
      const grandparent = parentShown(children, parent);
      const parentIndex = (children.get(grandparent) ?? []).findIndex((page) => page.id === parent);
      return { parent: grandparent, index: parentIndex + 1 };
    }
  }
}

/**
 * The writes that put the page at its placement: the moved page's parent (kept as it is when
 * it stays under the same page shown) and the menu order 0, 1, 2 … of its new siblings, for
 * those whose order differs.
 */
export function changesFor(children: Children, id: number, placement: Placement): PageChange[] {
  const moved = [...children.values()].flat().find((page) => page.id === id);
  if (!moved) return [];
  const staysUnder = parentShown(children, id) === placement.parent;
  const siblings = (children.get(placement.parent) ?? []).filter((page) => page.id !== id);
  siblings.splice(placement.index, 0, moved);
  const changes: PageChange[] = [];
  siblings.forEach((page, order) => {
    const parent = page.id === id && !staysUnder ? placement.parent : (page.parent ?? 0);
    if (parent !== (page.parent ?? 0) || order !== (page.menu_order ?? 0)) changes.push({ id: page.id, parent, menu_order: order });
  });
  return changes;
}

/** The rows in tree order, leaving out what is below `collapsed` (the page being dragged). */
export function treeRows(children: Children, collapsed: number | null = null): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (parent: number, depth: number) => {
    for (const page of children.get(parent) ?? []) {
      rows.push({ page, depth, parent });
      if (page.id !== collapsed) visit(page.id, depth + 1);
    }
  };
  visit(0, 0);
  return rows;
}

/**
 * Where a drop puts the dragged page: the row it was dropped over gives its place in the
 * list, and the horizontal distance dragged (in indent steps) its depth, within what the rows
 * above and below allow (the sortable-tree recipe of dnd-kit).
 */
export function dropPlacement(rows: readonly TreeRow[], activeId: number, overId: number, indentSteps: number): Placement & { depth: number } {
  const from = rows.findIndex((row) => row.page.id === activeId);
  const to = rows.findIndex((row) => row.page.id === overId);
  const moved = [...rows];
  const [active] = moved.splice(from, 1);
  moved.splice(to, 0, active);
  const above = moved[to - 1];
  const below = moved[to + 1];
  const maxDepth = above ? above.depth + 1 : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.min(maxDepth, Math.max(minDepth, active.depth + indentSteps));
  let parent = 0;
  if (above && depth > 0) {
    if (depth > above.depth) parent = above.page.id;
    else parent = moved.slice(0, to).reverse().find((row) => row.depth === depth)?.parent ?? 0;
  }
  const index = moved.slice(0, to).filter((row) => row.parent === parent && row.depth === depth).length;
  return { parent, index, depth };
}
