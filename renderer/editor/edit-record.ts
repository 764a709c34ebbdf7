// The one edit record of an item the editor holds: the item as the site last gave it (the
// base, with its version) and the writer's edits, field by field, as the block editor's data
// layer keeps a persisted record and its edits. Saves send the edits alone; a conflict's
// resolution becomes the new base and cuts the undo history, so Undo never brings back a
// version the writer threw away. Plain values and functions: the saver and tests drive it;
// the editor's one store (editor-store.ts) holds it, through the saver, with the rest of the screen.
import type { Edits, FieldName, ItemFields } from './post-fields.ts';

export type { Edits, FieldName, ItemFields };

/** The fields a site's autosave keeps beside a live item (its other fields wait for a save). */
export const TEXT_FIELDS = ['title', 'content', 'excerpt'] as const satisfies readonly FieldName[];

/** How many steps Undo goes back. */
const HISTORY_LIMIT = 200;

export interface EditRecord {
  readonly base: ItemFields;
  /** The base's version (ETag), the precondition of the next write. */
  readonly version: string | null;
  /** The writer's changes: only fields whose value differs from the base. */
  readonly edits: Edits;
  /** Values the site's autosave of the item holds (not the item itself). */
  readonly autosaved: Edits;
  readonly past: readonly Edits[];
  readonly future: readonly Edits[];
  /** The one field the last step changed, so typing in it makes one Undo step. */
  readonly lastField: FieldName | null;
}

/** Equality of plain data (strings, numbers, booleans, arrays, objects), key order aside. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

const entries = (edits: Edits) => Object.entries(edits) as Array<[FieldName, ItemFields[FieldName]]>;

/** The changes that differ from `base`. */
function differing(base: ItemFields, edits: Edits): Edits {
  const kept: Edits = {};
  for (const [field, value] of entries(edits)) if (!sameValue(base[field], value)) Object.assign(kept, { [field]: value });
  return kept;
}

export function openRecord(base: ItemFields, version: string | null): EditRecord {
  return { base, version, edits: {}, autosaved: {}, past: [], future: [], lastField: null };
}

/** The item as the writer sees it now. */
export const currentOf = (record: EditRecord): ItemFields => ({ ...record.base, ...record.edits });

export const hasEdits = (record: EditRecord): boolean => Object.keys(record.edits).length > 0;

/** Edits the site holds nowhere yet (not in the item, not in its autosave). */
export function unsentOf(record: EditRecord): Edits {
  const unsent: Edits = {};
  for (const [field, value] of entries(record.edits)) {
    if (!(Object.hasOwn(record.autosaved, field) && sameValue(record.autosaved[field], value))) Object.assign(unsent, { [field]: value });
  }
  return unsent;
}

export interface EditOptions {
  /** False: not an Undo step of its own (the document's own history covers content). */
  history?: boolean;
}

/** The writer changed fields. Consecutive changes of one field make one Undo step. */
export function edit(record: EditRecord, changes: Edits, { history = true }: EditOptions = {}): EditRecord {
  const edits = differing(record.base, { ...record.edits, ...changes });
  if (sameValue(edits, record.edits)) return record;
  if (!history) return { ...record, edits };
  const fields = Object.keys(changes) as FieldName[];
  const field = fields.length === 1 ? fields[0] : null;
  const sameStep = field !== null && field === record.lastField;
  const past = sameStep ? record.past : [...record.past, record.edits].slice(-HISTORY_LIMIT);
  return { ...record, edits, past, future: [], lastField: field };
}

/** The edits of a step of the history, with the `keep` fields as they are now (the document has its own history). */
function restoring(record: EditRecord, edits: Edits, keep: readonly FieldName[]): Edits {
  const kept: Edits = { ...edits };
  for (const field of keep) {
    delete kept[field];
    if (Object.hasOwn(record.edits, field)) Object.assign(kept, { [field]: record.edits[field] });
  }
  return differing(record.base, kept);
}

export function undo(record: EditRecord, keep: readonly FieldName[] = []): EditRecord {
  const previous = record.past.at(-1);
  if (!previous) return record;
  return { ...record, edits: restoring(record, previous, keep), past: record.past.slice(0, -1), future: [record.edits, ...record.future], lastField: null };
}

export function redo(record: EditRecord, keep: readonly FieldName[] = []): EditRecord {
  const next = record.future[0];
  if (!next) return record;
  return { ...record, edits: restoring(record, next, keep), past: [...record.past, record.edits], future: record.future.slice(1), lastField: null };
}

/**
 * The site stored `sent` and answered with `answer`. An edit it fulfilled takes the site's
 * spelling of it (a slug, a date); one made while the save was on its way stays an edit.
 */
export function saved(record: EditRecord, sent: Edits, answer: ItemFields, version: string | null): EditRecord {
  const left: Edits = {};
  for (const [field, value] of entries(record.edits)) {
    if (!(Object.hasOwn(sent, field) && sameValue(sent[field], value))) Object.assign(left, { [field]: value });
  }
  return { ...record, base: answer, version, edits: differing(answer, left), autosaved: {} };
}

/** An autosave that changed the item itself (the author's own draft): what it sent is the base now. */
export function autosavedInPlace(record: EditRecord, sent: Edits, version: string | null): EditRecord {
  return saved(record, sent, { ...record.base, ...sent }, version ?? record.version);
}

/** An autosave kept beside the item: the site holds these values, though not as the item. */
export function autosavedAside(record: EditRecord, sent: Edits): EditRecord {
  const kept: Edits = {};
  for (const field of TEXT_FIELDS) if (Object.hasOwn(sent, field)) Object.assign(kept, { [field]: sent[field] });
  return { ...record, autosaved: { ...record.autosaved, ...kept } };
}

/** "Use the other version": the site's version is the base, and nothing before it can be undone. */
export function takeTheirs(theirs: ItemFields, version: string | null): EditRecord {
  return openRecord(theirs, version);
}

/**
 * "Keep my version": the writer's text (title, content, excerpt: what the dialog compared)
 * and their other edits go over the site's version, which becomes the base.
 */
export function keepMine(record: EditRecord, theirs: ItemFields, version: string | null): EditRecord {
  const mine = currentOf(record);
  const text: Edits = {};
  for (const field of TEXT_FIELDS) Object.assign(text, { [field]: mine[field] });
  return { ...openRecord(theirs, version), edits: differing(theirs, { ...text, ...record.edits }) };
}
