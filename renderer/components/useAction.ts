// A writer's action on the site (save, connect, delete, …) and what became of it: busy while it
// runs, its failure kept for the ErrorNotice, so no screen writes its own try/catch/finally.
import { useCallback, useState } from 'react';

export interface Action<Kind extends string> {
  /**
   * Runs `work`: the last failure goes (see `keepErrorWhileRunning`), the action is busy (as
   * `kind`, when a form has several) until `work` ends, and a failure is kept in `error`.
   * Never rejects: resolves to whether `work` succeeded.
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

export interface ActionOptions {
  /**
   * The last failure stays shown until the next attempt has succeeded, instead of going when it
   * starts. For actions started by leaving a field or choosing in a list: the notice going away
   * at the start would move what is below it under the pointer, and the click that left the
   * field would land elsewhere.
   */
  keepErrorWhileRunning?: boolean;
}

export function useAction<Kind extends string = never>({ keepErrorWhileRunning = false }: ActionOptions = {}): Action<Kind> {
  const [running, setRunning] = useState<{ kind: Kind | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (work: () => Promise<unknown>, kind?: Kind) => {
    setRunning({ kind: kind ?? null });
    if (!keepErrorWhileRunning) setError(null);
    try {
      await work();
      setError(null);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setRunning(null);
    }
  }, [keepErrorWhileRunning]);
  const reset = useCallback(() => setError(null), []);
  return { run, busy: running !== null, running: running?.kind ?? null, error, fail: setError, reset };
}
