// The unsaved-text journal: what the writer typed, kept on this computer until the site
// holds it, so a crash, a killed app or a site that stopped answering still offers it back
// on the next open. localStorage, because its writes are synchronous: the last words before
// a window closes are kept too.
import type { PostKind } from '../routing/routes.ts';

export interface JournalEntry {
  title: string;
  content: string;
  excerpt: string;
  /** When it was written (ISO 8601). */
  at: string;
}

const PREFIX = 'inkwell.journal:';

/** Sent on the window when the journal changes, so lists that name its items follow. */
export const JOURNAL_EVENT = 'inkwell:journal';
const changed = () => window.dispatchEvent(new Event(JOURNAL_EVENT));

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
    changed();
  } catch {
    // Storage full: the site's autosave is still the writer's net.
  }
}

export function clearJournal(key: string): void {
  if (localStorage.getItem(key) === null) return;
  localStorage.removeItem(key);
  changed();
}

/** Items of one kind on one site with words kept here, newest first: the list offers to open them. */
export function journalledItems(apiRoot: string, kind: PostKind): Array<JournalEntry & { id: number | null }> {
  const prefix = `${PREFIX}${apiRoot}|${kind}|`;
  const found: Array<JournalEntry & { id: number | null }> = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const entry = readJournal(key);
    const id = key.slice(prefix.length);
    if (entry) found.push({ ...entry, id: id === 'new' ? null : Number(id) });
  }
  return found.sort((a, b) => b.at.localeCompare(a.at));
}
