// The editable fields of a post or page besides its content, as the form holds them,
// and the request body that saves them.
import type { Post } from '../../shared/site-types.ts';
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

/** The body of a save: posts and pages take different fields. */
export function saveBody(kind: 'posts' | 'pages', fields: PostFields, content: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: fields.title,
    content,
    excerpt: fields.excerpt,
    status: fields.status,
    password: fields.password,
    featured_media: fields.featured_media,
    template: fields.template,
    meta: fields.meta,
  };
  if (fields.slug !== '') body.slug = fields.slug;
  // The date field gives minutes alone when the seconds are zero.
  if (fields.date !== '') body.date = `${fields.date}:00`.slice(0, 19);
  // Going live with no date: now, even for a draft that once had one (null lets the site date it).
  else if (fields.status === 'publish') body.date = null;
  if (kind === 'posts') {
    Object.assign(body, { sticky: fields.sticky, format: fields.format, tags: fields.tags });
    // None ticked: left to the site, which gives a new post the default category and an existing
    // one keeps its own. A post is never in no category, as in WordPress's own editor.
    if (fields.categories.length > 0) body.categories = fields.categories;
  } else Object.assign(body, { parent: fields.parent, menu_order: fields.menu_order });
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
