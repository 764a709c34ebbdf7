// What the writing screen listens for on its window: Ctrl/Cmd+S and the menu's Save, find and
// replace, Undo/Redo of the settings; leaving in any way (a link, Back, another site, closing
// the window) sends what the site does not hold yet and journals it, closing with words unsent
// asks first; and the window's title names the item.
import { useEffect } from 'react';
import { SAVE_EVENT } from './save-event.ts';
import type { EditorStore } from './editor-store.ts';

/** Focus where Ctrl+Z is the text's own (a text field, the document): elsewhere it undoes the record's settings. */
const typingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type)));

function onEditorKey(store: EditorStore, event: KeyboardEvent): void {
  const key = event.key.toLowerCase();
  const command = (event.ctrlKey || event.metaKey) && !event.altKey;
  // Ctrl/Cmd+S alone: Ctrl+Shift+S is strikethrough, and must not save.
  if (command && !event.shiftKey && key === 's') {
    event.preventDefault();
    void store.save();
  }
  // Ctrl/Cmd+H: find and replace in the post (Ctrl+F stays the window's find in page).
  if (command && !event.shiftKey && key === 'h') {
    event.preventDefault();
    store.openFind();
  }
  // Undo and Redo of the settings, where the focus is not in a text (which has its own).
  if (command && !typingTarget(event.target) && (key === 'z' || key === 'y')) {
    event.preventDefault();
    if (key === 'y' || event.shiftKey) store.redoSettings();
    else store.undoSettings();
  }
}

export function useEditorWindow(store: EditorStore, title: string): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => onEditorKey(store, event);
    const onMenuSave = () => void store.save();
    const onLeavePage = () => store.writeJournalNow();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (store.beforeUnload()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener(SAVE_EVENT, onMenuSave);
    window.addEventListener('pagehide', onLeavePage);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(SAVE_EVENT, onMenuSave);
      window.removeEventListener('pagehide', onLeavePage);
      window.removeEventListener('beforeunload', onBeforeUnload);
      store.close();
    };
  }, [store]);

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => () => { document.title = 'Inkwell'; }, []);
}
