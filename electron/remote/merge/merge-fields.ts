// The fields a three-way merge goes through, one table for sync, the conflict dialog and
// the tests: each with the kinds that have it (a synced pattern, wp_block, has a title,
// content, status, date, slug and password only) and the name the writer knows it by, and
// its value in the remote's words (raw text, sorted term ids, a boolean sticky …), so
// values read from a remote item, a stored base or an outgoing item compare as equal when
// they are.
import { text, type RemoteItem } from '../client/remote-item.ts';
import type { ItemKind } from '../store/sync-map.ts';

export const MERGED_FIELDS = [
  { name: 'title', label: 'Title', kinds: ['post', 'page', 'wp_block'] },
  { name: 'content', label: 'Content', kinds: ['post', 'page', 'wp_block'] },
  { name: 'excerpt', label: 'Excerpt', kinds: ['post', 'page'] },
  { name: 'status', label: 'Status', kinds: ['post', 'page', 'wp_block'] },
  { name: 'date_gmt', label: 'Date', kinds: ['post', 'page', 'wp_block'] },
  { name: 'slug', label: 'Slug', kinds: ['post', 'page', 'wp_block'] },
  { name: 'categories', label: 'Categories', kinds: ['post'] },
  { name: 'tags', label: 'Tags', kinds: ['post'] },
  { name: 'featured_media', label: 'Featured image', kinds: ['post', 'page'] },
  { name: 'parent', label: 'Parent page', kinds: ['page'] },
  { name: 'menu_order', label: 'Order', kinds: ['page'] },
  { name: 'template', label: 'Template', kinds: ['post', 'page'] },
  { name: 'sticky', label: 'Sticky', kinds: ['post'] },
  { name: 'format', label: 'Format', kinds: ['post'] },
  { name: 'password', label: 'Password', kinds: ['post', 'page', 'wp_block'] },
  { name: 'comment_status', label: 'Comments', kinds: ['post', 'page'] },
  { name: 'ping_status', label: 'Pingbacks', kinds: ['post', 'page'] },
  { name: 'meta', label: 'Other fields', kinds: ['post', 'page'] },
] as const satisfies readonly { name: string; label: string; kinds: readonly ItemKind[] }[];

export type FieldName = (typeof MERGED_FIELDS)[number]['name'];

export function fieldsOf(kind: ItemKind): FieldName[] {
  return MERGED_FIELDS.filter((field) => (field.kinds as readonly ItemKind[]).includes(kind)).map((field) => field.name);
}

export function fieldLabel(name: FieldName): string {
  return MERGED_FIELDS.find((field) => field.name === name)!.label;
}

/** A field's value in one shape, from a remote item or the fields an outgoing item sends. */
export function fieldValue(item: Partial<Record<string, unknown>>, name: FieldName): unknown {
  const value = item[name];
  switch (name) {
    case 'title':
    case 'content':
    case 'excerpt':
      return typeof value === 'string' ? value : text(value as RemoteItem['title'] | undefined);
    case 'categories':
    case 'tags':
      return Array.isArray(value) ? [...(value as number[])].sort((a, b) => a - b) : [];
    case 'sticky':
      return value === true;
    case 'meta':
      return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    default:
      return value ?? null;
  }
}

/** The base of a remote item as sync keeps it: each merged field's value. */
export function remoteBaseOf(item: RemoteItem): Record<string, unknown> {
  return Object.fromEntries(MERGED_FIELDS.map(({ name }) => [name, fieldValue(item as unknown as Record<string, unknown>, name)]));
}

/** Whether two values of a field are the same; meta compares the keys `a` has (the local copy keeps only some). */
export function sameValue(name: FieldName, a: unknown, b: unknown): boolean {
  if (name !== 'meta') return JSON.stringify(a) === JSON.stringify(b);
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return Object.keys(left).every((key) => JSON.stringify(left[key]) === JSON.stringify(right[key]));
}
