// The unsent-edits journal: the writer's edits to an item (every field, text or settings),
// kept on this computer until the site holds them, so a crash, a killed app or a site that
// stopped answering still offers them back on the next open. One journal per item; a new
// item not yet created has a local id of its own. Texts offered back, dismissed or typed over
// are never deleted: they stay in a list of recovered versions the editor shows.
// localStorage, because its writes are synchronous: the last words before a window closes are kept too.
import type { PostKind } from '../routing/routes.ts';
import type { Edits } from './edit-record.ts';
import type { TextVersion } from './text-version.ts';
import type { Held } from './pattern-edits.ts';

/** An item on a site: its id, or the local id of a new item not yet created (`new-…`). */
export type ItemKey = number | string;

export interface JournalEntry extends TextVersion {
  /** The edits, field by field, over the version the editor had loaded. */
  fields: Edits;
  /** When it was written (ISO 8601). */
  at: string;
  /** The changes to synced patterns the post shows in place, by pattern id (pattern-edits.ts). */
  patterns?: Record<number, Held>;
}

export type RecoveredState = 'offered' | 'dismissed' | 'restored';

/** A version the site may not hold, kept here until the writer chose, and after. */
export interface RecoveredVersion extends JournalEntry {
  /** Unique within the site's list. */
  key: string;
  kind: PostKind;
  item: string;
  source: 'journal' | 'autosave';
  state: RecoveredState;
}

const PREFIX = 'inkwell.journal:';
const RECOVERED = 'inkwell.recovered:';
/** The oldest versions the writer already chose about go first beyond this many per site. */
const RECOVERED_LIMIT = 60;

/** Sent on the window when the journal changes, so lists that name its items follow. */
const JOURNAL_EVENT = 'inkwell:journal';
const changed = () => window.dispatchEvent(new Event(JOURNAL_EVENT));

/** A local id for a new item, so two new items never share a journal. */
export const newLocalId = (): string => `new-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const isLocalId = (item: ItemKey): item is string => typeof item === 'string';

export function journalKey(apiRoot: string, kind: PostKind, item: ItemKey): string {
  return `${PREFIX}${apiRoot}|${kind}|${item}`;
}

function parsed<T>(stored: string | null): T | null {
  if (stored === null) return null;
  try {
    return JSON.parse(stored) as T;
  } catch {
    return null;
  }
}

export function readJournal(key: string): JournalEntry | null {
  const entry = parsed<JournalEntry>(localStorage.getItem(key));
  // Entries written before the journal kept every field held the text alone.
  return entry && { ...entry, fields: entry.fields ?? { title: entry.title, content: entry.content, excerpt: entry.excerpt } };
}

function store(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    changed();
    return true;
  } catch {
    // Storage full: the site's autosave is still the writer's net.
    return false;
  }
}

export function writeJournal(key: string, entry: Omit<JournalEntry, 'at'>): void {
  store(key, { ...entry, at: new Date().toISOString() });
}

export function clearJournal(key: string): void {
  if (localStorage.getItem(key) === null) return;
  localStorage.removeItem(key);
  changed();
}

/** The recovered versions of a site as stored (a string: equal while they are unchanged), for a view to follow cheaply. */
export const storedRecovered = (apiRoot: string): string | null => localStorage.getItem(RECOVERED + apiRoot);

export function readRecovered(apiRoot: string): RecoveredVersion[] {
  return parsed<RecoveredVersion[]>(storedRecovered(apiRoot)) ?? [];
}

function writeRecovered(apiRoot: string, versions: RecoveredVersion[]): void {
  // Beyond the limit, versions the writer chose about go first, the oldest first; offers stay.
  const excess = versions.length - RECOVERED_LIMIT;
  const settled = versions.filter((version) => version.state !== 'offered').sort((a, b) => a.at.localeCompare(b.at)).slice(0, Math.max(0, excess));
  store(RECOVERED + apiRoot, versions.filter((version) => !settled.includes(version)));
}

const sameText = (a: TextVersion, b: TextVersion) => a.title === b.title && a.content === b.content && a.excerpt === b.excerpt;

/** Keeps a version (once: the same text of the same item is not kept twice) and returns the list's entry. */
export function keepRecovered(apiRoot: string, version: Omit<RecoveredVersion, 'key'>): RecoveredVersion {
  const versions = readRecovered(apiRoot);
  const same = versions.find((kept) => kept.kind === version.kind && kept.item === version.item && sameText(kept, version) && JSON.stringify([kept.fields, kept.patterns]) === JSON.stringify([version.fields, version.patterns]));
  if (same) return same;
  const kept = { ...version, key: `${version.at}|${Math.random().toString(36).slice(2, 8)}` };
  writeRecovered(apiRoot, [...versions, kept]);
  return kept;
}

export function markRecovered(apiRoot: string, key: string, state: RecoveredState): void {
  writeRecovered(apiRoot, readRecovered(apiRoot).map((version) => (version.key === key ? { ...version, state } : version)));
}

/** The versions of one item among those `stored` (storedRecovered), newest first. */
export function recoveredIn(stored: string | null, kind: PostKind, item: ItemKey): RecoveredVersion[] {
  return (parsed<RecoveredVersion[]>(stored) ?? []).filter((version) => version.kind === kind && version.item === String(item)).sort((a, b) => b.at.localeCompare(a.at));
}

/** The versions of one item, newest first. */
export const recoveredOf = (apiRoot: string, kind: PostKind, item: ItemKey): RecoveredVersion[] => recoveredIn(storedRecovered(apiRoot), kind, item);

/** Calls `onChange` whenever the journal or its recovered versions change (here or in another window); returns the unsubscribe. */
export function onJournalChange(onChange: () => void): () => void {
  window.addEventListener(JOURNAL_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(JOURNAL_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** A new item got its id: its journal and recovered versions follow it. */
export function moveItem(apiRoot: string, kind: PostKind, from: string, to: number): void {
  const entry = readJournal(journalKey(apiRoot, kind, from));
  clearJournal(journalKey(apiRoot, kind, from));
  if (entry) store(journalKey(apiRoot, kind, to), entry);
  const versions = readRecovered(apiRoot);
  if (versions.some((version) => version.kind === kind && version.item === from)) {
    writeRecovered(apiRoot, versions.map((version) => (version.kind === kind && version.item === from ? { ...version, item: String(to) } : version)));
  }
}

/** Items of one kind on one site with words kept here and not yet chosen about, newest first: the list offers to open them. */
export function journalledItems(apiRoot: string, kind: PostKind): Array<JournalEntry & { item: ItemKey }> {
  const prefix = `${PREFIX}${apiRoot}|${kind}|`;
  const found = new Map<string, JournalEntry & { item: ItemKey }>();
  const add = (item: string, entry: JournalEntry) => {
    const known = found.get(item);
    if (!known || known.at < entry.at) found.set(item, { ...entry, item: /^\d+$/.test(item) ? Number(item) : item });
  };
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const entry = readJournal(key);
    if (entry) add(key.slice(prefix.length), entry);
  }
  for (const version of readRecovered(apiRoot)) if (version.kind === kind && version.source === 'journal' && version.state === 'offered') add(version.item, version);
  return [...found.values()].sort((a, b) => b.at.localeCompare(a.at));
}
