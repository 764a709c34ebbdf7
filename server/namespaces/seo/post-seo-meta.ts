// A post's own search settings, kept in its meta storage under keys the deployment does not
// register: they stay out of cms/v2's `meta` (as Yoast keeps its fields out of the core
// schema) and survive cms/v2 updates, which only touch registered keys. They are read and
// written through seo/v1's hidden post-settings route. To change them, call saveSeoSettings
// (indexer.ts), which also re-indexes the post: its scores depend on them.
import type { Store } from '../../store/db.ts';
import { updatePost, type PostChanges, type PostRow } from '../../store/posts.ts';

export interface PostSeoMeta {
  focus_keyphrase: string;
  meta_description: string;
  /** A title of its own for the head; empty to use the post's title. */
  seo_title: string;
  /** true or false by choice; null to follow the default (public when published). */
  noindex: boolean | null;
  is_cornerstone: boolean;
  /** The text's language (BCP 47); empty to use the site's. */
  language: string;
}

const KEYS: Readonly<Record<keyof PostSeoMeta, string>> = {
  focus_keyphrase: '_seo_focuskw',
  meta_description: '_seo_metadesc',
  seo_title: '_seo_title',
  noindex: '_seo_noindex',
  is_cornerstone: '_seo_is_cornerstone',
  language: '_seo_language',
};

export const DEFAULT_POST_SEO_META: Readonly<PostSeoMeta> = {
  focus_keyphrase: '', meta_description: '', seo_title: '', noindex: null, is_cornerstone: false, language: '',
};

export function readPostSeoMeta(post: Pick<PostRow, 'meta'>): PostSeoMeta {
  const stored = JSON.parse(post.meta) as Record<string, unknown>;
  const result: Record<string, unknown> = { ...DEFAULT_POST_SEO_META };
  for (const [field, key] of Object.entries(KEYS)) if (key in stored) result[field] = stored[key];
  return result as unknown as PostSeoMeta;
}

/** Stores the given settings beside the post's other meta, with any `also` changes; bumps its version (ETag). */
export function writePostSeoMeta(store: Store, post: PostRow, changes: Partial<PostSeoMeta>, also: PostChanges = {}): void {
  const stored = JSON.parse(post.meta) as Record<string, unknown>;
  for (const [field, value] of Object.entries(changes)) stored[KEYS[field as keyof PostSeoMeta]] = value;
  updatePost(store, post.id, { ...also, meta: JSON.stringify(stored) });
}
