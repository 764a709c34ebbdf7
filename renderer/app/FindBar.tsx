// Find in page in the desktop window (Ctrl/Cmd+F, from the native menu): Chromium's own find,
// asked through the preload bridge, with next, previous, a count, and Escape to close. In
// browser mode there is no bridge and the browser's own find is left alone.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DesktopBridge, FindResult } from '../../shared/desktop-bridge.ts';

function countText(result: FindResult | null, text: string): string {
  if (text === '' || result === null) return '';
  return result.matches === 0 ? 'No matches' : `${result.activeMatchOrdinal} of ${result.matches}`;
}

function FindBar({ bridge, onClose }: { bridge: DesktopBridge; onClose(): void }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<FindResult | null>(null);
  // Chromium finds text inside text fields too, this one included: while a find runs, the field is a
  // password field, which find skips (it is switched back when the answer comes).
  const [finding, setFinding] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => bridge.onFoundInPage((found) => {
    setResult(found);
    if (found.finalUpdate) setFinding(false);
  }), [bridge]);
  useEffect(() => () => bridge.stopFindInPage(), [bridge]);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const find = (value: string, forward: boolean, newSearch: boolean) => {
    if (value === '') {
      bridge.stopFindInPage();
      setResult(null);
      setFinding(false);
      return;
    }
    setFinding(true);
    bridge.findInPage(value, { forward, newSearch });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      find(text, !event.shiftKey, false);
    } else if (event.key === 'Escape') {
      // Only the find bar closes, not a dialog under it.
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div className="find-bar" role="search" aria-label="Find in page">
      <input
        ref={input}
        type={finding ? 'password' : 'text'}
        aria-label="Find in page"
        placeholder="Find in page"
        value={text}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          setText(event.target.value);
          find(event.target.value, true, true);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="find-count" role="status" aria-live="polite">{countText(result, text)}</span>
      <button type="button" aria-label="Previous match" title="Previous match (Shift+Enter)" disabled={!result?.matches} onClick={() => find(text, false, false)}>↑</button>
      <button type="button" aria-label="Next match" title="Next match (Enter)" disabled={!result?.matches} onClick={() => find(text, true, false)}>↓</button>
      <button type="button" aria-label="Close find" title="Close (Escape)" onClick={onClose}>×</button>
    </div>
  );
}

/** The find bar, opened by the native menu's Find in Page; nothing in browser mode. */
export function FindInPage() {
  const bridge = typeof window === 'undefined' ? undefined : window.inkwell;
  const [open, setOpen] = useState(0);
  useEffect(() => bridge?.onMenuCommand((command) => {
    // Each Ctrl/Cmd+F opens the bar, or brings the caret back to it with the text selected.
    if (command === 'find') setOpen((times) => times + 1);
  }), [bridge]);
  if (!bridge || open === 0) return null;
  return <FindBar key={open} bridge={bridge} onClose={() => setOpen(0)} />;
}
