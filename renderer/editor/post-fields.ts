// The editable fields of a post or page besides its content, as the form holds them,
// and the request body that saves them.
import type { Post, PostWrite } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';
import type { SiteZone } from '../components/site-dates.ts';

export interface PostFields {
  title: string;
  excerpt: string;
  slug: string;
  status: string;
  /** Local date-time `YYYY-MM-DDTHH:MM`, or '' for "when published". */
  date: string;
  password: string;
  sticky: boolean;
  format: string;
  categories: number[];
  tags: number[];
  featured_media: number;
  template: string;
  parent: number;
  menu_order: number;
  meta: Record<string, unknown>;
}

/** Every field of an item the editor can change; content is the serialised document. */
export interface ItemFields extends PostFields {
  content: string;
}
export type FieldName = keyof ItemFields;
/** Changes of some fields, as the edit record keeps them. */
export type Edits = Partial<ItemFields>;

/**
 * A draft never dated follows the clock: the site moves its date to each save, so it equals
 * its modification time (as the block editor tells them apart). Shown as "when published".
 */
function isFloating(post: Post): boolean {
  return (post.status === 'draft' || post.status === 'pending' || post.status === 'auto-draft') && post.date === post.modified;
}

/**
 * A slug as a writer reads it: sites keep non-Latin letters and emoji percent-encoded
 * (`%d0%bf…`), and take them back typed as they are. Kept as stored if it is not UTF-8.
 */
function readableSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

export function fieldsOf(post: Post | null): PostFields {
  return {
    title: post?.title.raw ?? '',
    excerpt: post?.excerpt.raw ?? '',
    slug: readableSlug(post?.slug ?? ''),
    status: post?.status ?? 'draft',
    // Seconds are kept: a save must not move a published date (sync would send the moved one).
    date: post && !isFloating(post) ? post.date.slice(0, 19) : '',
    password: post?.password ?? '',
    sticky: post?.sticky ?? false,
    format: post?.format ?? 'standard',
    categories: post?.categories ?? [],
    tags: post?.tags ?? [],
    featured_media: post?.featured_media ?? 0,
    template: post?.template ?? '',
    parent: post?.parent ?? 0,
    menu_order: post?.menu_order ?? 0,
    meta: post?.meta ?? {},
  };
}

/** The item's fields and content as the editor's record holds them. */
export function itemFieldsOf(post: Post | null): ItemFields {
  return { ...fieldsOf(post), content: post?.content.raw ?? '' };
}

/** Fields only one of the two kinds has: a write of the other leaves them out. */
const POST_ONLY = ['sticky', 'format', 'categories', 'tags'] as const;
const PAGE_ONLY = ['parent', 'menu_order'] as const;

/**
 * The body of a save that sends the writer's changes alone, typed by the post routes'
 * declarations (create, update and autosave take the same); `current` is the item as the
 * editor holds it (a date left empty goes live "now"). Posts and pages take different fields.
 */
export function requestBody(kind: 'posts' | 'pages', changes: Edits, current: ItemFields): PostWrite {
  const { slug, categories, date, status, format, ...same } = changes;
  const body: PostWrite = same;
  // An emptied slug is the site's to make again from the title.
  if (slug !== undefined && slug !== '') body.slug = slug;
  // None ticked: left to the site (an existing post keeps its own, a new one gets the default).
  // A post is never in no category, as in WordPress's own editor.
  if (categories !== undefined && categories.length > 0) body.categories = categories;
  // The date field gives minutes alone when the seconds are zero; empty is "when published".
  if (date !== undefined) body.date = date === '' ? null : `${date}:00`.slice(0, 19);
  // The editor offers only the site's own statuses and formats (the site checks them again).
  if (status !== undefined) body.status = status as PostWrite['status'];
  if (format !== undefined) body.format = format as PostWrite['format'];
  // Going live with no date: now, even for a draft that once had one (null lets the site date it).
  if (changes.status === 'publish' && current.date === '') body.date = null;
  for (const field of kind === 'posts' ? PAGE_ONLY : POST_ONLY) delete body[field];
  return body;
}

/** What every panel that edits an item's fields is given. */
export interface FieldsPanelProps {
  kind: PostKind;
  /** The item as the site holds it (null: never saved). */
  post: Post | null;
  fields: PostFields;
  zone: SiteZone;
  onChange(changes: Partial<PostFields>): void;
}
