// Keyboard shortcuts as the writer's keyboard labels them (⌘ and ⌥ on a Mac), for tooltips, and
// as `aria-keyshortcuts` names them for screen readers.
const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Ctrl+Alt+T" as the writer's keyboard labels it. */
export const keys = (shortcut: string) => (MAC ? shortcut.replace(/Ctrl\+/g, '⌘').replace(/Alt\+/g, '⌥').replace(/Shift\+/g, '⇧') : shortcut);

/** "Ctrl+Alt+T" as `aria-keyshortcuts` names it. */
export const ariaKeys = (shortcut: string) => shortcut.replace(/Ctrl/g, MAC ? 'Meta' : 'Control');
