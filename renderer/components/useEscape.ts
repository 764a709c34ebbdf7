import { useEffect } from 'react';

/** Calls `onEscape` when the Escape key is pressed while the component is shown (dialogs). */
export function useEscape(onEscape: () => void): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => event.key === 'Escape' && onEscape();
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onEscape]);
}
