// Whether a local item was changed by its writer since it last matched the remote. Its
// version moves with every write, the copy's own bookkeeping included (a parent's new slug
// gives every subpage a new version; sync links parents and rewrites media): only a new
// version whose writing differs from the mapping's base is an edit. Such an edit alone is
// sent; the rest never raises a conflict or a push.
import type { LocalCopy, LocalItem } from '../../../server/local-copy/index.ts';
import type { MappedItem } from '../store/sync-map.ts';

/** The local item's writing as a mapping keeps it ('' once the item is gone). */
export function writingText(local: LocalCopy, localId: number): string {
  const writing = local.writing(localId);
  return writing ? JSON.stringify(writing) : '';
}

export function editedHere(local: LocalCopy, mapped: MappedItem, row: LocalItem): boolean {
  if (row.version === mapped.localVersion) return false;
  return mapped.localBase === '' || writingText(local, row.id) !== mapped.localBase;
}

/** What a mapping keeps of the local item that now matches the remote: its version and writing. */
export function matchedLocal(local: LocalCopy, localId: number): Pick<MappedItem, 'localVersion' | 'localBase'> {
  return { localVersion: local.item(localId)!.version, localBase: writingText(local, localId) };
}
