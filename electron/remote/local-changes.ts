// Whether a local item was changed by its writer since it last matched the remote. Its
// version moves with every write, the copy's own bookkeeping included (a parent's new slug
// gives every subpage a new version; sync links parents and rewrites media): only a new
// version whose writing differs too is an edit. Such an edit alone is sent; the rest never
// raises a conflict or a push.
import type { LocalCopy, LocalItem } from '../../server/local-copy/index.ts';
import type { MappedItem } from './store/sync-map.ts';

export function editedHere(local: LocalCopy, mapped: MappedItem, row: LocalItem): boolean {
  if (row.version === mapped.localVersion) return false;
  return mapped.localFingerprint === '' || local.writingOf(row.id) !== mapped.localFingerprint;
}

/** What a mapping keeps of the local item that now matches the remote: its version and writing. */
export function matchedLocal(local: LocalCopy, localId: number): Pick<MappedItem, 'localVersion' | 'localFingerprint'> {
  return { localVersion: local.item(localId)!.version, localFingerprint: local.writingOf(localId)! };
}
