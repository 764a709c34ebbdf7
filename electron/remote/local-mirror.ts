// Writes remote items into the local copy through the local site's own routes, so its
// rules of statuses, dates, slugs, terms and rendering apply as to any write, and keeps
// the id mapping. An item edited or deleted locally since it last matched the remote is
// left alone and reported: pull never overwrites local work, saved or only autosaved
// (conflicts are push's part), unless the remote holds that very edit (a write of ours
// whose answer was lost).
import type { Site } from '../../server/site.ts';
import { childrenOf, getPost, updatePost, type PostRow } from '../../server/store/posts.ts';
import { knownTerms } from '../../server/store/terms.ts';
import { LocalWriter } from './local-writer.ts';
import { fingerprint, isVersion, localFields, mappedVersion, ROUTE_BASE, text, type RemoteItem } from './remote-item.ts';
import type { ItemKind, MappedItem, SyncMap } from './sync-map.ts';
import { TAXONOMIES } from './term-mirror.ts';
import { unsavedAutosave } from './unsaved-autosave.ts';
import { api } from '../../shared/api-routes.ts';

export type ConflictReason = 'edited_locally' | 'deleted_locally';

export type Outcome =
  | { outcome: 'created' | 'updated' | 'trashed' | 'unchanged' | 'deleted' }
  | { outcome: 'conflict'; reason: ConflictReason };

/** Whether the remote item has exactly the local item's title, content, excerpt and status. */
function sameWriting(local: PostRow, item: RemoteItem): boolean {
  return local.title === text(item.title) && local.content === text(item.content) && local.excerpt === text(item.excerpt) && local.status === item.status;
}

export class LocalMirror {
  private readonly writer: LocalWriter;
  private readonly metaKeys: string[];

  constructor(
    private readonly site: Site,
    private readonly map: SyncMap,
  ) {
    this.writer = new LocalWriter(site);
    this.metaKeys = Object.keys(site.context.deployment.postMeta);
  }

  private async write(method: string, route: string, body: Record<string, unknown> = {}, query: Record<string, unknown> = {}): Promise<{ id: number }> {
    return this.writer.call(method, route, { body, query });
  }

  /** Parent and terms as the local copy can take them: a parent not pulled yet waits for linkParents. */
  private references(kind: ItemKind, item: RemoteItem): Record<string, unknown> {
    if (kind === 'page') return { parent: item.parent ? this.map.item('page', item.parent)?.localId ?? 0 : 0 };
    const { store } = this.site.context;
    // Terms the remote would not show (never linked) are left out rather than refused.
    return Object.fromEntries(TAXONOMIES.map(({ field, taxonomy }) => {
      const ids = (item[field] ?? []).flatMap((id) => this.map.localTermOf(taxonomy, id) ?? []);
      return [field, knownTerms(store, taxonomy, ids)];
    }));
  }

  private record(kind: ItemKind, item: RemoteItem, localId: number): void {
    this.map.putItem({
      kind, remoteId: item.id, localId, remoteModifiedGmt: item.modified_gmt, remoteFingerprint: fingerprint(item), remoteStatus: item.status,
      remoteAuthor: item.author, remoteParent: item.parent ?? 0, remoteFeaturedMedia: item.featured_media ?? 0,
      localVersion: getPost(this.site.context.store, localId)!.version,
    });
  }

  /** `overwrite`: the user chose the remote version over local edits (a resolved conflict). */
  async apply(kind: ItemKind, item: RemoteItem, overwrite = false): Promise<Outcome> {
    const { store } = this.site.context;
    const mapped = this.map.item(kind, item.id);
    const local = mapped ? getPost(store, mapped.localId) : undefined;
    if (mapped && !overwrite) {
      if (isVersion(item, mappedVersion(mapped))) return { outcome: 'unchanged' };
      if (!local) return { outcome: 'conflict', reason: 'deleted_locally' };
      if (unsavedAutosave(store, local)) return { outcome: 'conflict', reason: 'edited_locally' };
      if (local.version !== mapped.localVersion) {
        // The local edit is there already: a write of ours whose answer was lost.
        if (!sameWriting(local, item)) return { outcome: 'conflict', reason: 'edited_locally' };
        this.record(kind, item, local.id);
        return { outcome: 'unchanged' };
      }
    }
    const fields = { ...localFields(item, kind, this.metaKeys), ...this.references(kind, item) };
    const trashed = item.status === 'trash';
    // The remote does not say what a trashed item was before: a new copy is a draft in the trash.
    if (!trashed) fields.status = item.status;
    else if (!local) fields.status = 'draft';
    const base = ROUTE_BASE[kind];
    let localId: number;
    if (local) {
      await this.write('POST', api.post(base, local.id), fields);
      localId = local.id;
    } else {
      localId = (await this.write('POST', api.posts(base), fields)).id;
    }
    const trashedNow = trashed && local?.status !== 'trash';
    if (trashedNow) await this.write('DELETE', api.post(base, localId));
    // Local lists show when the remote last changed the item, not when it was pulled.
    updatePost(store, localId, { modified: item.modified, modified_gmt: item.modified_gmt });
    this.record(kind, item, localId);
    return { outcome: !local ? 'created' : trashedNow ? 'trashed' : 'updated' };
  }

  /**
   * Writes `fields` (media ids and URLs made local) into an item that still matches the
   * remote, keeping its modified date and its standing as unedited.
   */
  async retouch(mapped: MappedItem, fields: Record<string, unknown>): Promise<void> {
    const { store } = this.site.context;
    const local = getPost(store, mapped.localId)!;
    await this.write('POST', api.post(ROUTE_BASE[mapped.kind], local.id), fields);
    updatePost(store, local.id, { modified: local.modified, modified_gmt: local.modified_gmt });
    this.map.putItem({ ...mapped, localVersion: getPost(store, local.id)!.version });
  }

  /** The remote item is gone (deleted, or no longer visible to this account). */
  async removeGone(mapped: MappedItem): Promise<Outcome> {
    const { store } = this.site.context;
    const local = getPost(store, mapped.localId);
    if (local && (local.version !== mapped.localVersion || unsavedAutosave(store, local))) return { outcome: 'conflict', reason: 'edited_locally' };
    if (local) {
      // Deleting a page moves its children up, here as on the remote: no local edit of theirs.
      const children = mapped.kind === 'page'
        ? childrenOf(store, local.id, 'page').flatMap((row) => {
          const child = this.map.itemByLocalId(row.id);
          return child && child.localVersion === row.version ? [child] : [];
        })
        : [];
      await this.write('DELETE', api.post(ROUTE_BASE[mapped.kind], local.id), {}, { force: true });
      for (const child of children) {
        this.map.putItem({ ...child, remoteParent: mapped.remoteParent, localVersion: getPost(store, child.localId)!.version });
      }
    }
    this.map.removeItem(mapped.kind, mapped.remoteId);
    return { outcome: 'deleted' };
  }

  /** Pages pulled before their parent get it once the parent is here. */
  linkParents(): void {
    const { store } = this.site.context;
    for (const mapped of this.map.items('page')) {
      const parent = mapped.remoteParent ? this.map.item('page', mapped.remoteParent) : undefined;
      const local = getPost(store, mapped.localId);
      if (!parent || !local || local.version !== mapped.localVersion || local.parent === parent.localId) continue;
      updatePost(store, local.id, { parent: parent.localId });
      this.map.putItem({ ...mapped, localVersion: getPost(store, local.id)!.version });
    }
  }
}
