// A toolbar button that opens a menu below it, as the block editor's dropdown menus do: the
// arrow keys move along its items (Home and End to the ends), Enter or Space chooses one, Escape
// or Tab closes it and puts the keyboard back on the button. A click keeps the writer's selection
// in the text; choosing an item closes the menu unless it opens a panel in its place.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './toolbar-icons.tsx';
import { ariaKeys, keys } from './shortcut-keys.ts';

export interface MenuItem {
  label: string;
  /** For a format: whether it applies to the selection (a checkbox item). */
  checked?: boolean;
  shortcut?: string;
  /** It opens a panel in the menu's place (the menu stays open). */
  opensPanel?: boolean;
  run(): void;
}

interface Props {
  label: string;
  icon: string;
  items: readonly MenuItem[];
  /** What shows in the menu's place while an item's panel is open (the Highlight's colours). */
  panel?: ReactNode;
  /** Fields below the items (a block's settings the toolbar had no room for), reached with Tab. */
  extra?: ReactNode;
  onClose?(): void;
}

export function MenuButton({ label, icon, items, panel, extra, onClose }: Props) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  /** Closed by a key that gives the keyboard back to the button (Escape). */
  const backToButton = useRef(false);
  // In the commit that shows the menu, before any other key is read: an Escape pressed at once
  // went to the button, which left the menu open and the keyboard in the text.
  useLayoutEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>(panel ? 'select, button' : '[role^="menuitem"], summary, select, input, button')?.focus();
  }, [open, panel]);
  // Once the menu is gone the keyboard is on the button, whatever the menu's removal or a
  // re-render of the toolbar around it did to the focus meanwhile.
  useLayoutEffect(() => {
    if (open || !backToButton.current) return;
    backToButton.current = false;
    if (document.activeElement !== button.current) button.current?.focus();
  }, [open]);
  // Subscribed again each render while open, so it closes with the current callbacks.
  useEffect(() => {
    if (!open) return undefined;
    // A click anywhere else closes it, as a menu does.
    const outside = (event: MouseEvent) => {
      if (!button.current?.parentElement?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  });
  const close = (toButton: boolean) => {
    backToButton.current = toButton;
    setOpen(false);
    onClose?.();
    if (toButton) button.current?.focus();
  };
  /** The menu's keys, on the button as in the menu while it is open (a key may reach the button before the menu has the keyboard). */
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (!open) return;
    // Tab moves between a panel's fields (and on to the fields below the items); from the menu's items alone it leaves.
    if (event.key === 'Escape' || (event.key === 'Tab' && !panel && !extra)) {
      if (event.key === 'Escape') event.preventDefault();
      event.stopPropagation();
      close(event.key === 'Escape');
      return;
    }
    if (panel || !(event.target as HTMLElement).matches('[role^="menuitem"]')) return;
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 }[event.key];
    if (next === undefined || entries.length === 0) return;
    event.preventDefault();
    entries[(next + entries.length) % entries.length].focus();
  };
  return (
    <span className="menu-button" onKeyDown={onKeyDown}>
      <button type="button" ref={button} className="icon-button" aria-label={label} aria-haspopup="menu" aria-expanded={open} data-tooltip={open ? undefined : label}
        onMouseDown={(event) => event.preventDefault()} onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(event) => { if (event.key === 'ArrowDown' && !open) { event.preventDefault(); setOpen(true); } }}><Icon name={icon} /></button>
      {open && (
        <div className="menu-popover" ref={menu}>
          {panel ?? (
            items.length > 0 && <div role="menu" aria-label={label}>
              {items.map((item) => (
                <button key={item.label} type="button" role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'} aria-checked={item.checked} tabIndex={-1}
                  aria-keyshortcuts={item.shortcut && ariaKeys(item.shortcut)} onMouseDown={(event) => event.preventDefault()}
                  onClick={() => { item.run(); if (!item.opensPanel) close(false); }}>
                  <span className="menu-check" aria-hidden="true">{item.checked ? '✓' : ''}</span>
                  <span className="menu-label">{item.label}</span>
                  {item.shortcut && <span className="menu-shortcut">{keys(item.shortcut)}</span>}
                </button>
              ))}
            </div>
          )}
          {!panel && extra}
        </div>
      )}
    </span>
  );
}
