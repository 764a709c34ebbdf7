// Writes remote items into the local copy through its door (server/local-copy), so the
// site's rules of statuses, dates, slugs, terms and rendering apply as to any write, and
// keeps the id mapping. An item edited or deleted locally since it last matched the remote
// is left alone and reported: pull never overwrites local work, saved or only autosaved
// (conflicts are push's part), unless the remote holds that very edit (a write of ours
// whose answer was lost).
import type { LocalCopy, LocalItem } from '../../../server/local-copy/index.ts';
import { fingerprint, isVersion, localFields, mappedVersion, text, type RemoteItem } from '../client/remote-item.ts';
import type { ItemKind, MappedItem, SyncMap } from '../store/sync-map.ts';
import { TAXONOMIES } from './term-mirror.ts';
import { editedHere, matchedLocal } from '../merge/local-changes.ts';
import { remoteBaseOf } from '../merge/merge-fields.ts';

export type ConflictReason = 'edited_locally' | 'deleted_locally';

export type Outcome =
  | { outcome: 'created' | 'updated' | 'trashed' | 'unchanged' | 'deleted' }
  | { outcome: 'conflict'; reason: ConflictReason };

/** Whether the remote item has exactly the local item's title, content, excerpt and status. */
function sameWriting(local: LocalItem, item: RemoteItem): boolean {
  return local.title === text(item.title) && local.content === text(item.content) && local.excerpt === text(item.excerpt) && local.status === item.status;
}

export class LocalMirror {
  constructor(
    private readonly local: LocalCopy,
    private readonly map: SyncMap,
  ) {}

  /** Parent and terms as the local copy can take them: a parent not pulled yet waits for linkParents. */
  private references(kind: ItemKind, item: RemoteItem): Record<string, unknown> {
    if (kind === 'page') return { parent: item.parent ? this.map.item('page', item.parent)?.localId ?? 0 : 0 };
    // Terms the remote would not show (never linked) are left out rather than refused.
    return Object.fromEntries(TAXONOMIES.map(({ field, taxonomy }) => {
      const ids = (item[field] ?? []).flatMap((id) => this.map.localTermOf(taxonomy, id) ?? []);
      return [field, this.local.knownTerms(taxonomy, ids)];
    }));
  }

  private record(kind: ItemKind, item: RemoteItem, localId: number): void {
    this.map.putItem({
      kind, remoteId: item.id, localId, remoteModifiedGmt: item.modified_gmt, remoteFingerprint: fingerprint(item), remoteStatus: item.status,
      remoteAuthor: item.author ?? 0, remoteParent: item.parent ?? 0, remoteFeaturedMedia: item.featured_media ?? 0,
      ...matchedLocal(this.local, localId), remoteBase: JSON.stringify(remoteBaseOf(item)),
    });
  }

  /** `overwrite`: the user chose the remote version over local edits (a resolved conflict). */
  async apply(kind: ItemKind, item: RemoteItem, overwrite = false): Promise<Outcome> {
    const mapped = this.map.item(kind, item.id);
    const local = mapped ? this.local.item(mapped.localId) : undefined;
    if (mapped && !overwrite) {
      if (isVersion(item, mappedVersion(mapped))) return { outcome: 'unchanged' };
      if (!local) return { outcome: 'conflict', reason: 'deleted_locally' };
      if (this.local.unsavedAutosave(local)) return { outcome: 'conflict', reason: 'edited_locally' };
      if (editedHere(this.local, mapped, local)) {
        // The local edit is there already: a write of ours whose answer was lost.
        if (!sameWriting(local, item)) return { outcome: 'conflict', reason: 'edited_locally' };
        this.record(kind, item, local.id);
        return { outcome: 'unchanged' };
      }
    }
    // The local copy's door takes its own routes' fields, and checks them.
    const fields: Record<string, unknown> = { ...localFields(item, kind, this.local.metaKeys), ...this.references(kind, item) };
    const trashed = item.status === 'trash';
    // The remote does not say what a trashed item was before: a new copy is a draft in the trash.
    if (!trashed) fields.status = item.status;
    else if (!local) fields.status = 'draft';
    const localId = await this.local.save(kind, fields, local?.id);
    const trashedNow = trashed && local?.status !== 'trash';
    if (trashedNow) await this.local.trash(kind, localId);
    // Local lists show when the remote last changed the item, not when it was pulled.
    this.local.keepModified(localId, item.modified, item.modified_gmt);
    this.record(kind, item, localId);
    return { outcome: !local ? 'created' : trashedNow ? 'trashed' : 'updated' };
  }

  /**
   * Writes `fields` (media ids and URLs made local) into an item that still matches the
   * remote, keeping its modified date and its standing as unedited.
   */
  async retouch(mapped: MappedItem, fields: Record<string, unknown>): Promise<void> {
    const local = this.local.item(mapped.localId)!;
    await this.local.save(mapped.kind, fields, local.id);
    this.local.keepModified(local.id, local.modified, local.modified_gmt);
    this.map.putItem({ ...mapped, ...matchedLocal(this.local, local.id) });
  }

  /** The remote item is gone (deleted, or no longer visible to this account). */
  async removeGone(mapped: MappedItem): Promise<Outcome> {
    const local = this.local.item(mapped.localId);
    if (local && (editedHere(this.local, mapped, local) || this.local.unsavedAutosave(local))) return { outcome: 'conflict', reason: 'edited_locally' };
    if (local) {
      // Deleting a page moves its children up, here as on the remote: no local edit of theirs.
      const children = mapped.kind === 'page'
        ? this.local.childPages(local.id).flatMap((row) => {
          const child = this.map.itemByLocalId(row.id);
          return child && !editedHere(this.local, child, row) ? [child] : [];
        })
        : [];
      await this.local.remove(mapped.kind, local.id);
      for (const child of children) {
        this.map.putItem({ ...child, remoteParent: mapped.remoteParent, ...matchedLocal(this.local, child.localId) });
      }
    }
    this.map.removeItem(mapped.kind, mapped.remoteId);
    return { outcome: 'deleted' };
  }

  /**
   * Pages pulled before their parent get it once the parent is here. A parent the local
   * site refuses is told to `failed`.
   */
  async linkParents(failed: (mapped: MappedItem, error: unknown) => void): Promise<void> {
    for (const mapped of this.map.items('page')) {
      const parent = mapped.remoteParent ? this.map.item('page', mapped.remoteParent) : undefined;
      const local = this.local.item(mapped.localId);
      if (!parent || !local || editedHere(this.local, mapped, local) || local.parent === parent.localId) continue;
      try {
        this.local.linkParent(local.id, parent.localId);
        this.map.putItem({ ...mapped, ...matchedLocal(this.local, local.id) });
      } catch (error) {
        failed(mapped, error);
      }
    }
  }
}
