// What a local item sends to the remote: its fields read through the local site (edit
// context, as any client reads them), with the remote's ids for its media, terms and
// parent, and its content's media URLs rewritten to the remote's files.
import { getPost } from '../../server/store/posts.ts';
import { slugBeforeTrash } from '../../server/content/slugs.ts';
import type { LocalWriter } from './local-writer.ts';
import type { MediaPusher } from './media-push.ts';
import { localFields, ROUTE_BASE, type RemoteItem } from './remote-item.ts';
import type { ItemKind } from './sync-map.ts';
import { TAXONOMIES } from './term-mirror.ts';
import type { TermPusher } from './term-push.ts';
import type { RemoteWorkspace } from './workspace.ts';
import { api } from '../../shared/api-routes.ts';

export interface OutgoingItem {
  kind: ItemKind;
  localId: number;
  /** The local row's version that these fields are. */
  version: number;
  fields: Record<string, unknown>;
}

export class Outgoing {
  private readonly metaKeys: string[];

  constructor(
    private readonly workspace: RemoteWorkspace,
    private readonly writer: LocalWriter,
    private readonly terms: TermPusher,
    private readonly media: MediaPusher,
  ) {
    this.metaKeys = Object.keys(workspace.local.context.deployment.postMeta);
  }

  /** The local item as the local site shows it in edit context. */
  read(kind: ItemKind, localId: number): Promise<RemoteItem> {
    return this.writer.call<RemoteItem>('GET', api.post(ROUTE_BASE[kind], localId), { query: { context: 'edit' } });
  }

  async prepare(kind: ItemKind, localId: number): Promise<OutgoingItem> {
    const row = getPost(this.workspace.local.context.store, localId)!;
    const item = await this.read(kind, localId);
    const fields = localFields(item, kind, this.metaKeys);
    // A draft whose date follows the clock keeps doing so there.
    if (row.date_floating) delete fields.date_gmt;
    if (item.status === 'trash') {
      fields.status = row.status_before_trash ?? 'draft';
      if (typeof fields.slug === 'string') fields.slug = slugBeforeTrash(fields.slug);
    } else {
      fields.status = item.status;
    }
    const media = await this.media.prepare(String(fields.content ?? ''), item.featured_media ?? 0);
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
