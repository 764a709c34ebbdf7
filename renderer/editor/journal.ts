// The unsaved-text journal: what the writer typed, kept on this computer until the site
// holds it, so a crash, a killed app or a site that stopped answering still offers it back
// on the next open. localStorage, because its writes are synchronous: the last words before
// a window closes are kept too.
import type { PostKind } from '../app/routes.ts';

export interface JournalEntry {
  title: string;
  content: string;
  excerpt: string;
  /** When it was written (ISO 8601). */
  at: string;
}

const PREFIX = 'inkwell.journal:';

/** One entry per site and item; a new item not yet created has one entry of its own. */
export function journalKey(apiRoot: string, kind: PostKind, id: number | null): string {
  return `${PREFIX}${apiRoot}|${kind}|${id ?? 'new'}`;
}

export function readJournal(key: string): JournalEntry | null {
  const stored = localStorage.getItem(key);
  if (stored === null) return null;
  try {
    return JSON.parse(stored) as JournalEntry;
  } catch {
    return null;
  }
}

export function writeJournal(key: string, entry: Omit<JournalEntry, 'at'>): void {
  try {
    localStorage.setItem(key, JSON.stringify({ ...entry, at: new Date().toISOString() }));
  } catch {
    // Storage full: the site's autosave is still the writer's net.
  }
}

export function clearJournal(key: string): void {
  localStorage.removeItem(key);
}
