// A writer's action on the site (save, connect, delete, …) and what became of it: busy while it
// runs, its failure kept for the ErrorNotice, so no screen writes its own try/catch/finally.
import { useCallback, useState } from 'react';

export interface Action<Kind extends string> {
  /**
   * Runs `work`: the last failure goes, the action is busy (as `kind`, when a form has several)
   * until `work` ends, and a failure is kept in `error`. Never rejects: resolves to whether
   * `work` succeeded.
   */
  run(work: () => Promise<unknown>, kind?: Kind): Promise<boolean>;
  busy: boolean;
  /** Which of the form's actions is under way, or null. */
  running: Kind | null;
  /** The last failure, shown by ErrorNotice in the site's own words. */
  error: unknown;
  /** Shows a failure that came from elsewhere (a poll, a stream) the same way. */
  fail(error: unknown): void;
  /** Dismisses the failure. */
  reset(): void;
}

export function useAction<Kind extends string = never>(): Action<Kind> {
  const [running, setRunning] = useState<{ kind: Kind | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (work: () => Promise<unknown>, kind?: Kind) => {
    setRunning({ kind: kind ?? null });
    setError(null);
    try {
      await work();
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setRunning(null);
    }
  }, []);
  const reset = useCallback(() => setError(null), []);
  return { run, busy: running !== null, running: running?.kind ?? null, error, fail: setError, reset };
}
