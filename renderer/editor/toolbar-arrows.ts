// The block toolbar's controls in the arrows' reach, as the block editor's toolbars are (the ARIA
// toolbar pattern): Left and Right move along them, Home and End to its ends. A field that has
// a use for the arrows (a text or number field, a select) keeps them, and Tab moves on from it as
// before; so does an open menu or colour panel, whose own keys come first.
import type { KeyboardEvent } from 'react';

/** The toolbar's controls a key reaches, on its line (not those in an open menu or panel). */
export const TOOLBAR_CONTROLS = 'button, input, select, summary';
const KEEPS_ARROWS = 'input:not([type="checkbox"]):not([type="radio"]), select, textarea';
const IN_A_PANEL = '.menu-popover, .colour-menu-panel';

/** The toolbar's controls on its line, in order. */
export const lineControls = (toolbar: ParentNode): HTMLElement[] =>
  [...toolbar.querySelectorAll<HTMLElement>(TOOLBAR_CONTROLS)].filter((control) => !control.closest(IN_A_PANEL) && control.getClientRects().length > 0);

/** Moves the keyboard along the toolbar for an arrow, Home or End pressed on one of its controls; whether it did. */
export function arrowAlong(toolbar: HTMLElement, event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const target = event.target as HTMLElement;
  if (target.matches(KEEPS_ARROWS) || target.closest(IN_A_PANEL)) return false;
  const controls = lineControls(toolbar);
  const at = controls.indexOf(target);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: controls.length - 1 }[event.key];
  if (at < 0 || next === undefined) return false;
  controls[Math.min(Math.max(next, 0), controls.length - 1)].focus();
  return true;
}
