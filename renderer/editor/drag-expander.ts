// A drag held inside a collapsed row of the list view shows that row's blocks after a moment,
// so that the block can be dropped among them, as the block editor's list view does
// (useListViewDropZone: a drop inside a collapsed block expands it once the drag has stayed
// there for its throttle's 500 ms; a drag passing over it, or refused there, expands nothing).
import type { Zone } from './list-view-places.ts';

/** How long a drag stays inside a collapsed block before its blocks show: the block editor's. */
export const EXPAND_DELAY_MS = 500;

/** Whether a drop in `zone` of a row waits to expand it: inside a block whose blocks are hidden (`open` false), where the block may go (`why` ''). */
export const expandsWhenHeld = (zone: Zone, open: boolean, why: string | null): boolean => zone === 'inside' && !open && why === '';

/** The row a drag waits on (by its block's position), told at each move of the drag: `hold(null)` when it is on no such row, `stop()` when the drag ends. */
export interface DragExpander { hold(position: number | null): void; stop(): void }

/** Calls `expand` with a row's position once the drag has been held on it for EXPAND_DELAY_MS without moving to another. */
export function dragExpander(expand: (position: number) => void): DragExpander {
  let waiting: { position: number; timer: ReturnType<typeof setTimeout> } | null = null;
  const stop = () => {
    if (waiting) clearTimeout(waiting.timer);
    waiting = null;
  };
  return {
    hold(position) {
      if (waiting?.position === position) return;
      stop();
      if (position === null) return;
      const timer = setTimeout(() => {
        waiting = null;
        expand(position);
      }, EXPAND_DELAY_MS);
      waiting = { position, timer };
    },
    stop,
  };
}
