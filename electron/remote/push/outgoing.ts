// What a local item sends to the remote: its fields read through the local site (edit
// context, as any client reads them), with the remote's ids for its media, terms and
// parent, and its content's media URLs rewritten to the remote's files.
import { slugBeforeTrash } from '../../../shared/slugs.ts';
import type { PostWrite } from '../../../shared/site-types.ts';
import type { MediaPusher } from '../media/media-push.ts';
import { localFields, text, type RemoteItem } from '../client/remote-item.ts';
import type { ItemKind } from '../store/sync-map.ts';
import { TAXONOMIES } from '../pull/term-mirror.ts';
import type { TermPusher } from './term-push.ts';
import type { RemoteWorkspace } from '../workspace.ts';

export interface OutgoingItem {
  kind: ItemKind;
  localId: number;
  /** The local row's version that these fields are. */
  version: number;
  /** What the remote is sent, as its post routes declare it. */
  fields: PostWrite;
}

export class Outgoing {
  constructor(
    private readonly workspace: RemoteWorkspace,
    private readonly terms: TermPusher,
    private readonly media: MediaPusher,
  ) {}

  /** The local item as the local site shows it in edit context. */
  read(kind: ItemKind, localId: number): Promise<RemoteItem> {
    return this.workspace.local.read<RemoteItem>(kind, localId);
  }

  async prepare(kind: ItemKind, localId: number): Promise<OutgoingItem> {
    const row = this.workspace.local.item(localId)!;
    const item = await this.read(kind, localId);
    const fields = localFields(item, kind, this.workspace.local.metaKeys);
    // A draft whose date follows the clock keeps doing so there.
    if (row.date_floating) delete fields.date_gmt;
    const trashed = item.status === 'trash';
    if (trashed && fields.slug !== undefined) fields.slug = slugBeforeTrash(fields.slug);
    // The local site's own status, which the remote checks again.
    fields.status = (trashed ? row.status_before_trash ?? 'draft' : item.status) as PostWrite['status'];
    const media = await this.media.prepare(text(item.content), item.featured_media ?? 0);
    fields.content = media.content;
    fields.featured_media = media.featuredMedia;
    if (kind === 'post') {
      for (const { field, taxonomy } of TAXONOMIES) fields[field] = await this.terms.remoteIds(field, taxonomy, item[field] ?? []);
    } else {
      fields.parent = item.parent ? this.workspace.map.itemByLocalId(item.parent)?.remoteId ?? 0 : 0;
    }
    return { kind, localId, version: row.version, fields };
  }
}
