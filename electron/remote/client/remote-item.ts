// A post or page as a remote site answers it in edit context, what of it a local write
// sends, and its fingerprint. Author, featured image and parent are remote ids: the caller
// maps or keeps them.
import { createHash } from 'node:crypto';
import type { ItemKind, MappedItem } from '../store/sync-map.ts';
import type { PostFields } from '../../../shared/site-resources.generated.ts';
import type { PostWrite } from '../../../shared/site-types.ts';

/** A text field as a remote site answers it: raw only in edit context, and either may be missing from a revision. */
type TextField = Partial<PostFields['title']>;

/** What every remote answer carries. */
type RemoteCore = Pick<PostFields, 'id' | 'status' | 'slug' | 'date_gmt' | 'modified' | 'modified_gmt'>;
/** What a remote item may leave out: fields of one type only (a synced pattern has no author), or of a site that has no such feature. */
type RemoteOptional = Partial<Pick<PostFields,
  'author' | 'password' | 'featured_media' | 'comment_status' | 'ping_status' | 'template' | 'format' | 'sticky' | 'categories' | 'tags' | 'parent' | 'menu_order'>>;

/**
 * The shared post type (the server's schema) as a remote site answers it: this interface
 * or WordPress. A draft never dated has a null GMT date there.
 */
export interface RemoteItem extends RemoteCore, RemoteOptional {
  title: TextField;
  content: TextField;
  excerpt: TextField;
  /** An object of meta fields; an empty array on sites that register none. */
  meta?: Record<string, unknown> | unknown[];
}

/** A text field's raw value (edit context), else its rendered one; a field as sent (a string or `{raw}`) is its string. */
export function text(field: TextField | string | undefined): string {
  if (typeof field === 'string') return field;
  return field?.raw ?? field?.rendered ?? '';
}

/**
 * The write's fields for a remote item (to the local copy, or to the other site), typed by
 * the post routes' declarations, without status, terms and parent (the caller knows which of
 * those the local copy can take). Meta keys the local deployment does not register are left out.
 */
export function localFields(item: RemoteItem, kind: ItemKind, metaKeys: readonly string[]): PostWrite {
  const fields: PostWrite = { title: text(item.title), content: text(item.content), excerpt: text(item.excerpt) };
  if (item.slug) fields.slug = item.slug;
  // A draft whose date was never set has no GMT date: locally too it follows the clock.
  if (item.date_gmt) fields.date_gmt = item.date_gmt;
  if (typeof item.password === 'string') fields.password = item.password;
  if (typeof item.template === 'string') fields.template = item.template;
  // A site's own values, which the site written to checks again.
  if (typeof item.comment_status === 'string') fields.comment_status = item.comment_status as PostWrite['comment_status'];
  if (typeof item.ping_status === 'string') fields.ping_status = item.ping_status as PostWrite['ping_status'];
  if (item.meta && !Array.isArray(item.meta)) {
    const meta = item.meta;
    fields.meta = Object.fromEntries(metaKeys.filter((key) => key in meta).map((key) => [key, meta[key]]));
  }
  if (kind === 'post') {
    if (item.format) fields.format = item.format as PostWrite['format'];
    if (typeof item.sticky === 'boolean') fields.sticky = item.sticky;
  } else if (typeof item.menu_order === 'number') {
    fields.menu_order = item.menu_order;
  }
  return fields;
}

/** What a version of an item is known by: its modified date, and a fingerprint of its fields. */
export interface RemoteVersion {
  modifiedGmt: string;
  /** Empty when not known (mappings made before fingerprints were kept). */
  fingerprint: string;
}

const FINGERPRINTED = [
  'status', 'slug', 'date_gmt', 'password', 'author', 'featured_media', 'comment_status', 'ping_status', 'template',
  'meta', 'format', 'sticky', 'categories', 'tags', 'parent', 'menu_order',
] as const;

/**
 * A digest of what a writer can change in the item. Modified dates have whole seconds, so
 * two saves within one second share one: the fingerprint tells them apart.
 */
export function fingerprint(item: RemoteItem): string {
  const fields = [text(item.title), text(item.content), text(item.excerpt), ...FINGERPRINTED.map((name) => item[name] ?? null)];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
}

/** The remote version a mapping last matched. */
export function mappedVersion(mapped: MappedItem): RemoteVersion {
  return { modifiedGmt: mapped.remoteModifiedGmt, fingerprint: mapped.remoteFingerprint };
}

export function versionOf(item: RemoteItem): RemoteVersion {
  return { modifiedGmt: item.modified_gmt, fingerprint: fingerprint(item) };
}

/** Whether the item is still the version known. */
export function isVersion(item: RemoteItem, known: RemoteVersion): boolean {
  return item.modified_gmt === known.modifiedGmt && (known.fingerprint === '' || fingerprint(item) === known.fingerprint);
}
