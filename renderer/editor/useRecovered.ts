// The versions of one item kept on this computer (journal.ts), followed as the journal changes: the
// editor's bar names them only when there are some. The editor is drawn again as the writer types, so
// the stored list is compared as stored and read again only when it changed.
import { useMemo, useSyncExternalStore } from 'react';
import type { PostKind } from '../routing/routes.ts';
import { onJournalChange, recoveredIn, storedRecovered, type ItemKey, type RecoveredVersion } from './journal.ts';

export function useRecovered(apiRoot: string, kind: PostKind, item: ItemKey): RecoveredVersion[] {
  const stored = useSyncExternalStore(onJournalChange, () => storedRecovered(apiRoot));
  return useMemo(() => recoveredIn(stored, kind, item), [stored, kind, item]);
}
