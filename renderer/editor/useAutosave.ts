// Autosave: a few seconds after typing stops, the text goes to the site's autosaves
// route; a save state tells the writer where their words are.
import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'autosaving' | 'autosaved' | 'failed';

export const AUTOSAVE_DELAY_MS = 3000;

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  autosaving: 'Autosaving…',
  autosaved: 'Autosaved (not yet saved)',
  failed: 'Not saved: see the message above',
};

export function useAutosave(autosave: () => Promise<void>) {
  const [state, setState] = useState<SaveState>('saved');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(autosave);
  latest.current = autosave;

  const changed = useCallback(() => {
    setState('unsaved');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setState('autosaving');
      latest.current().then(
        () => setState((current) => (current === 'autosaving' ? 'autosaved' : current)),
        () => setState('failed'),
      );
    }, AUTOSAVE_DELAY_MS);
  }, []);

  /** Stops a pending autosave (a full save is about to happen). */
  const cancel = useCallback(() => clearTimeout(timer.current), []);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Leaving with unsaved words asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (state === 'unsaved' || state === 'autosaving') event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  return { state, setState, changed, cancel };
}
