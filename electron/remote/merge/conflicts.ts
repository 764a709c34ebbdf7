// Items changed on both sides since they last matched, as the app shows them side by side
// (the local side with the words of an unsaved autosave, which are what the writer last
// saw), and the three ways out: keep the local version (sent over the remote one, guarded
// by the remote version the user saw), keep the remote version (written over the local
// one), or keep both (the local version becomes a new local draft, sent as a new item at
// the next sync, and the item takes the remote version).
import type { LocalCopy, LocalItem } from '../../../server/local-copy/index.ts';
import { ConflictStore, type StoredConflict } from '../store/conflict-store.ts';
import { ConflictChangedError, RemoteSiteError } from '../client/errors.ts';
import { openRun, recordPushed, type RunState, type RunOptions } from '../run.ts';
import { sendChange } from '../push/push.ts';
import { isStale } from '../client/remote-items.ts';
import { localFields, text, versionOf, type RemoteItem } from '../client/remote-item.ts';
import type { ItemKind } from '../store/sync-map.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import type { ConflictChoice, ConflictPicks, ConflictSide, SyncConflict } from '../../../shared/connected-sites.ts';
import { conflictFields } from './conflict-fields.ts';
import { mergeItem } from './merge-item.ts';

/** A conflict as the app shows it: one shape for the engine and the app (shared/). */
export type SyncConflictView = SyncConflict;

const GONE: ConflictSide = { title: '', content: '', excerpt: '', status: 'deleted', modified_gmt: '' };

function remoteSide(item: RemoteItem | null): ConflictSide {
  if (!item) return GONE;
  return { title: text(item.title), content: text(item.content), excerpt: text(item.excerpt), status: item.status, modified_gmt: item.modified_gmt };
}

/**
 * The local version as the writer last saw it: with the words of an unsaved autosave (what
 * the editor offers for restore), marked so. Sync counts such words as a local change, so a
 * pull never silently builds over them, and a conflict shows them.
 */
function localSide(local: LocalCopy, row: LocalItem | undefined): ConflictSide {
  if (!row) return GONE;
  const autosave = local.unsavedAutosave(row);
  const shown = autosave ?? row;
  return { title: shown.title, content: shown.content, excerpt: shown.excerpt, status: row.status, modified_gmt: shown.modified_gmt, autosaved: autosave !== undefined };
}

export function listConflicts(workspace: RemoteWorkspace): SyncConflictView[] {
  const { local } = workspace;
  return new ConflictStore(workspace.map.db).all().map((conflict) => ({
    id: conflict.id, reason: conflict.reason, fields: conflictFields(local, workspace.map, conflict.fields), kind: conflict.kind, localId: conflict.localId, remoteId: conflict.remoteId,
    local: localSide(local, local.item(conflict.localId)), remote: remoteSide(conflict.remote), foundAt: conflict.foundAt,
  }));
}

/** Unsaved autosaved words become the item's saved version first: the version the user chose is the one shown. */
async function saveUnsavedWords(ctx: RunState, kind: ItemKind, row: LocalItem): Promise<LocalItem> {
  const { local } = ctx.workspace;
  const autosave = local.unsavedAutosave(row);
  if (!autosave) return row;
  await local.save(kind, { title: autosave.title, content: autosave.content, excerpt: autosave.excerpt }, row.id);
  return local.item(row.id)!;
}

/**
 * The local version over the remote one, guarded by the remote version the user saw: the
 * merge, with this computer's side (or the one picked) for what both changed; what only the
 * site changed stays (a category or status changed there is never put back).
 */
async function keepLocal(ctx: RunState, conflict: StoredConflict, shown: LocalItem, picks: ConflictPicks): Promise<void> {
  const { map } = ctx.workspace;
  const row = await saveUnsavedWords(ctx, conflict.kind, shown);
  const mapped = map.item(conflict.kind, conflict.remoteId);
  if (!conflict.remote || !mapped) {
    // Gone there: unmapped here, it is created anew at the next sync.
    if (mapped) map.removeItem(conflict.kind, conflict.remoteId);
    return;
  }
  const merged = await mergeItem(ctx, mapped, conflict.remote, picks);
  if (merged === 'stale') throw new ConflictChangedError();
  if (merged === 'merged') return;
  const result = await sendChange(ctx, mapped, row, versionOf(conflict.remote));
  if (isStale(result)) {
    ctx.conflicts.save(conflict.kind, row.id, conflict.remoteId, result.current);
    throw new ConflictChangedError();
  }
  recordPushed(ctx, conflict.kind, row.id, row.version, result);
}

/**
 * The remote version over the local one; a remote deletion moves the local item to the
 * trash, and so does an item this account may no longer edit (the site keeps it; this
 * account's copy of it would never sync again).
 */
async function keepRemote(ctx: RunState, conflict: StoredConflict, row: LocalItem | undefined): Promise<void> {
  if (conflict.remote && conflict.reason === 'changed') {
    await ctx.mirror.apply(conflict.kind, conflict.remote, true);
    return;
  }
  if (row && row.status !== 'trash') await ctx.workspace.local.trash(conflict.kind, row.id);
  ctx.workspace.map.removeItem(conflict.kind, conflict.remoteId);
}

/** A new local draft with the local version's content, terms, media and parent: no mapping, so the next sync creates it. */
async function copyAsDraft(ctx: RunState, kind: ItemKind, row: LocalItem): Promise<void> {
  const item = await ctx.outgoing.read(kind, row.id);
  const fields = localFields(item, kind, ctx.workspace.local.metaKeys);
  // The copy gets its own slug from its title.
  delete fields.slug;
  const references = kind === 'post' ? { categories: item.categories ?? [], tags: item.tags ?? [] } : { parent: item.parent ?? 0 };
  await ctx.workspace.local.save(kind, { ...fields, ...references, status: 'draft', featured_media: item.featured_media ?? 0 });
}

/** `picks`: with `local`, the side of each field or block changed on both sides (unpicked: this computer's). */
export async function resolveConflict(workspace: RemoteWorkspace, conflictId: number, choice: ConflictChoice, options: RunOptions = {}, picks: ConflictPicks = {}): Promise<void> {
  const ctx = openRun(workspace, options);
  const conflict = ctx.conflicts.get(conflictId);
  if (!conflict) throw new Error(`There is no conflict ${conflictId} to resolve (was it resolved already?).`);
  const { local } = workspace;
  const row = local.item(conflict.localId);
  if (choice === 'local') {
    if (!row) throw new Error('The local version no longer exists: keep the site\'s version instead.');
    if (conflict.reason === 'not_allowed') throw new RemoteSiteError('not_allowed', 'The site does not let this account edit this item any more, so this computer\'s version cannot be sent over it: choose "Keep both" to send it as a new draft.', 403);
    await keepLocal(ctx, conflict, row, picks);
  } else {
    if (choice === 'both' && row) await copyAsDraft(ctx, conflict.kind, await saveUnsavedWords(ctx, conflict.kind, row));
    await keepRemote(ctx, conflict, row && local.item(row.id));
  }
  ctx.conflicts.remove(conflict.id);
}
