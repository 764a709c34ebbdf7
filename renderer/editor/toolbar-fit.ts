// The block toolbar keeps one line of one height whatever the block and the window (so a click
// that selects a block never moves the text under the pointer), and its end (Insert before /
// after, Options) stays inside the writing column. What does not fit is folded, as the block
// editor's toolbar does on narrow widths: first the block's title and the words of its colour
// buttons go (their swatches stay; the words stay for screen readers), then the block's settings
// into the Options menu, the least used first (a text's size, its colours, a block's colours, the
// text's alignment), then the others from the last, so a block's own main setting (a details
// block open, a group's alignment) stays on the line longest. Measured before the browser paints,
// so the writer never sees the toolbar overflow.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** How far the toolbar is folded: 0 shows everything, 1 hides the words (the title, the colour buttons'), n > 1 folds n - 1 settings (foldedKeys). */
export interface ToolbarFit { wordsHidden: boolean; folded: number }

const fitOf = (step: number): ToolbarFit => ({ wordsHidden: step > 0, folded: Math.max(0, step - 1) });

/** The settings that fold first, by the start of their key: the least used first. */
const LEAST_USED = ['font-size', 'text-colours', 'colours-', 'text-align'];
const rankOf = (key: string) => {
  const at = LEAST_USED.findIndex((start) => key.startsWith(start));
  return at < 0 ? LEAST_USED.length : at;
};

/** The keys of the `count` settings (of those with `keys`, in the toolbar's order) folded into the Options menu. */
export function foldedKeys(keys: readonly string[], count: number): Set<string> {
  const order = keys.map((key, index) => ({ key, index })).sort((a, b) => rankOf(a.key) - rankOf(b.key) || b.index - a.index);
  return new Set(order.slice(0, count).map(({ key }) => key));
}

/** Whether the toolbar's last child (its end) reaches past the toolbar's own box. */
function overflows(bar: HTMLElement): boolean {
  const end = bar.lastElementChild;
  if (!end) return false;
  return end.getBoundingClientRect().right > bar.getBoundingClientRect().right + 0.5;
}

/**
 * The fold that lets the toolbar in `bar` keep its line, for what it shows now (`shown`: a new
 * value starts over from everything shown) with `settings` foldable settings.
 */
export function useToolbarFit(bar: RefObject<HTMLElement | null>, shown: unknown, settings: number): ToolbarFit {
  const [width, setWidth] = useState(0);
  const [fit, setFit] = useState({ shown, width, step: 0 });
  const step = fit.shown === shown && fit.width === width ? fit.step : 0;
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return undefined;
    // A new width (the window, a side panel opened) starts the fold over.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [bar]);
  useLayoutEffect(() => {
    const element = bar.current;
    // One step more each time, before paint, until the end is inside or all is folded.
    if (element && step < settings + 1 && overflows(element)) setFit({ shown, width, step: step + 1 });
    else if (fit.step !== step || fit.shown !== shown || fit.width !== width) setFit({ shown, width, step });
  });
  return fitOf(step);
}
