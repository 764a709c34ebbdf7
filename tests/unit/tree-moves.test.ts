// The page tree's moves: where a keyboard move or a drop puts a page, and the writes it takes.
import { describe, expect, it } from 'vitest';
import type { Post } from '../../shared/site-types.ts';
import { childrenOf } from '../../renderer/posts/useAllPages.ts';
import { changesFor, dropPlacement, keyPlacement, treeRows } from '../../renderer/posts/tree-moves.ts';

const page = (id: number, parent: number, menu_order: number) => ({ id, parent, menu_order, title: { raw: `P${id}` } }) as unknown as Post;

// 1 About (2 Team, 3 History), 4 Contact, 5 Legal; 9 hangs under a page not shown (8).
const pages = [page(1, 0, 0), page(2, 1, 0), page(3, 1, 1), page(4, 0, 1), page(5, 0, 2), page(9, 8, 3)];
const children = childrenOf(pages);
const move = (id: number, how: Parameters<typeof keyPlacement>[2]) => {
  const placement = keyPlacement(children, id, how);
  return placement && changesFor(children, id, placement);
};

describe('keyboard moves', () => {
  it('moves a page up and down among its siblings, writing only the orders that change', () => {
    expect(move(3, 'up')).toEqual([{ id: 3, parent: 1, menu_order: 0 }, { id: 2, parent: 1, menu_order: 1 }]);
    expect(move(4, 'down')).toEqual([{ id: 5, parent: 0, menu_order: 1 }, { id: 4, parent: 0, menu_order: 2 }]);
    expect(move(2, 'up')).toBeNull();
    expect(move(3, 'down')).toBeNull();
  });

  it('moves a page into the page above as its last child, and out one level after its parent', () => {
    expect(move(4, 'in')).toEqual([{ id: 4, parent: 1, menu_order: 2 }]);
    expect(move(2, 'out')).toEqual([{ id: 2, parent: 0, menu_order: 1 }, { id: 4, parent: 0, menu_order: 2 }, { id: 5, parent: 0, menu_order: 3 }, { id: 9, parent: 8, menu_order: 4 }]);
    expect(move(1, 'in')).toBeNull();
    expect(move(1, 'out')).toBeNull();
  });

  it('keeps the real parent of a page shown at the top because its parent is not in view', () => {
    expect(move(9, 'up')).toEqual([{ id: 9, parent: 8, menu_order: 2 }, { id: 5, parent: 0, menu_order: 3 }]);
  });
});

describe('drops', () => {
  const rows = treeRows(children);

  it('drops a page between others at the depth the drag allows', () => {
    // Contact dragged up over History, a step to the right: a child of About before History.
    expect(dropPlacement(rows, 4, 3, 1)).toMatchObject({ parent: 1, index: 1, depth: 1 });
    // Over Team without the step right: still a child of About (a top page cannot go between two children).
    expect(dropPlacement(rows, 4, 2, 0)).toMatchObject({ parent: 1, index: 0, depth: 1 });
    // Team dragged far left over Contact: at the top, after Contact.
    expect(dropPlacement(rows, 2, 4, -3)).toMatchObject({ parent: 0, index: 2, depth: 0 });
  });

  it('cannot put a page below itself: its own rows are folded while it is dragged', () => {
    const folded = treeRows(children, 1);
    expect(folded.map((row) => row.page.id)).toEqual([1, 4, 5, 9]);
    // Dragged over Contact and far right: under Contact, never under Team or History.
    expect(dropPlacement(folded, 1, 4, 5)).toMatchObject({ parent: 4, index: 0, depth: 1 });
  });
});
