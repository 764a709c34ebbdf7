// A post or page as a remote site answers it in edit context, and what of it a local
// write sends. Author, featured image and parent are remote ids: the caller maps or keeps them.
import type { ItemKind } from './sync-map.ts';

interface TextField {
  raw?: string;
  rendered?: string;
}

export interface RemoteItem {
  id: number;
  status: string;
  slug: string;
  date_gmt: string | null;
  modified: string;
  modified_gmt: string;
  password?: string;
  title: TextField;
  content: TextField;
  excerpt: TextField;
  author: number;
  featured_media?: number;
  comment_status?: string;
  ping_status?: string;
  template?: string;
  /** An object of meta fields; an empty array on sites that register none. */
  meta?: Record<string, unknown> | unknown[];
  format?: string;
  sticky?: boolean;
  categories?: number[];
  tags?: number[];
  parent?: number;
  menu_order?: number;
}

export const ROUTE_BASE: Readonly<Record<ItemKind, string>> = { post: 'posts', page: 'pages' };

/** A text field's raw value (edit context), else its rendered one. */
export function text(field: TextField | undefined): string {
  return field?.raw ?? field?.rendered ?? '';
}

/**
 * The local write's fields for a remote item, without status, terms and parent (the caller
 * knows which of those the local copy can take). Meta keys the local deployment does not
 * register are left out.
 */
export function localFields(item: RemoteItem, kind: ItemKind, metaKeys: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = { title: text(item.title), content: text(item.content), excerpt: text(item.excerpt) };
  if (item.slug) fields.slug = item.slug;
  // A draft whose date was never set has no GMT date: locally too it follows the clock.
  if (item.date_gmt) fields.date_gmt = item.date_gmt;
  for (const name of ['password', 'comment_status', 'ping_status', 'template'] as const) {
    if (typeof item[name] === 'string') fields[name] = item[name];
  }
  if (item.meta && !Array.isArray(item.meta)) {
    const meta = item.meta;
    fields.meta = Object.fromEntries(metaKeys.filter((key) => key in meta).map((key) => [key, meta[key]]));
  }
  if (kind === 'post') {
    if (item.format) fields.format = item.format;
    if (typeof item.sticky === 'boolean') fields.sticky = item.sticky;
  } else if (typeof item.menu_order === 'number') {
    fields.menu_order = item.menu_order;
  }
  return fields;
}
