// How the writing screen is laid out, as the writer left it: the settings panel shown or
// hidden (hidden at first on narrow windows, so the text keeps a comfortable column), focus
// mode (only the text), and the address of the list the writer came from.
import { useCallback, useEffect, useState } from 'react';
import { href, type PostKind } from '../routing/routes.ts';
import { lastListAddress } from '../posts/list-address.ts';

const SETTINGS_KEY = 'inkwell.settingsPanel';
/** Below this width the side panel would squeeze the text under 40 characters a line. */
const ROOM_FOR_SETTINGS_PX = 1100;

function initialSettings(): boolean {
  const kept = localStorage.getItem(SETTINGS_KEY);
  return kept === null ? window.innerWidth >= ROOM_FOR_SETTINGS_PX : kept === 'open';
}

export function useWritingView() {
  const [settingsOpen, setSettingsOpen] = useState(initialSettings);
  const [focusMode, setFocusMode] = useState(false);
  const toggleSettings = useCallback(() => setSettingsOpen((open) => {
    localStorage.setItem(SETTINGS_KEY, open ? 'closed' : 'open');
    return !open;
  }), []);
  const toggleFocus = useCallback(() => setFocusMode((on) => !on), []);
  // Focus mode hides the app's own menus too, which live outside this screen.
  useEffect(() => {
    if (focusMode) document.documentElement.dataset.focusMode = 'on';
    else delete document.documentElement.dataset.focusMode;
    return () => { delete document.documentElement.dataset.focusMode; };
  }, [focusMode]);
  const listAddress = useCallback((kind: PostKind) => lastListAddress(kind) ?? href({ screen: 'list', kind }), []);
  return { settingsOpen: settingsOpen && !focusMode, focusMode, toggleSettings, toggleFocus, listAddress };
}
