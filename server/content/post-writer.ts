// Creating, updating, trashing and deleting posts and pages: the rules of statuses,
// dates, slugs, authors, terms and revisions. Every write is one transaction.
import type { RequestUser } from '../rest/types.ts';
import type { SiteContext } from '../site-context.ts';
import { api as cms, restBase, rooted } from '../../shared/api-routes.ts';
import { RestError, forbidden } from '../rest/errors.ts';
import { can, typeCapability } from '../auth/capabilities.ts';
import { getUserById } from '../store/users.ts';
import {
  claimDuePost, clearFeaturedMedia, deleteChildren, deletePost, getPost, insertPost, insertPostIfSlugFree, keepWrittenPost, moveChildren, setPostTerms, slugTaken, suffixedSlugs,
  touchDescendants, updatePost, updatePostFrom, termsOfPosts, viewPost, type NewPostRow, type PostChanges, type PostRow, type PostTerms, type RevisionSummary,
} from '../store/posts.ts';
import { knownTerms } from '../store/terms.ts';
import { getSettings } from './settings.ts';
import { nextModifiedPair, nowPair, pairFromGmt, pairFromLocal, gmtToMillis, type DatePair } from '../../shared/dates.ts';
import { renderContent, renderExcerpt, renderTitle } from './render.ts';
import { sanitizeTitle, slugBeforeTrash, trashedSlug, uniqueSlug } from '../../shared/slugs.ts';
import { filterMetaChanges, mergeMeta } from './meta.ts';
import { filterPostText } from './markup-filter.ts';
import { saveRevisionIfChanged } from './revisions.ts';
import type { PostType, PostWriteParams } from './post-schema.ts';
import { checkTemplate } from './page-templates.ts';

const PUBLISHING = new Set(['publish', 'future', 'private']);
const SLUGLESS = new Set(['draft', 'pending', 'auto-draft']);

/** Tells the site's content listeners (inside the caller's transaction) and returns the item. */
function changed(site: SiteContext, post: PostRow, deleted = false): PostRow {
  for (const listener of site.contentListeners) listener({ post, deleted });
  return post;
}

function noun(type: string): string {
  return type === 'page' ? 'page' : 'post';
}

function checkAuthorAndSticky(site: SiteContext, type: string, params: PostWriteParams, sent: ReadonlySet<string>, user: RequestUser, current: number | null): void {
  if (sent.has('author') && params.author !== (current ?? user.id) && params.author !== user.id && !can(user, typeCapability('edit_others_posts', type))) {
    throw forbidden('rest_cannot_edit_others', `Sorry, you are not allowed to ${current === null ? 'create' : 'update'} posts as this user.`, true);
  }
  if (params.author !== undefined && !getUserById(site.store, params.author)) {
    throw new RestError('rest_invalid_author', 'Invalid author ID.', 400);
  }
  if (params.sticky === true && !can(user, 'edit_others_posts') && !can(user, 'publish_posts')) {
    throw forbidden('rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.', true);
  }
}

/** Works out status and dates together: publishing with a future date schedules, and back. */
function resolveStatusAndDates(
  site: SiteContext,
  params: PostWriteParams,
  sent: ReadonlySet<string>,
  existing: PostRow | null,
  user: RequestUser,
  type: string,
): { status: string; dates: DatePair; floating: boolean } {
  const zone = getSettings(site.store).timezone_string;
  let status = params.status ?? existing?.status ?? 'draft';
  if (existing?.status === 'trash' && !sent.has('status')) status = 'trash';
  if (PUBLISHING.has(status) && status !== existing?.status && !can(user, typeCapability('publish_posts', type))) {
    throw forbidden('rest_cannot_publish', `Sorry, you are not allowed to publish ${noun(type)}s in this post type.`, true);
  }
  let dates: DatePair | null = null;
  let floating = existing ? existing.date_floating === 1 : true;
  if (typeof params.date === 'string') dates = pairFromLocal(params.date, zone);
  else if (typeof params.date_gmt === 'string') dates = pairFromGmt(params.date_gmt, zone);
  if (dates) floating = false;
  else if ((sent.has('date') || sent.has('date_gmt')) && existing) floating = true;
  const now = nowPair(zone);
  if (!dates) {
    // A date never set follows the clock until the item is published.
    const keepExisting = existing && !(floating && SLUGLESS.has(existing.status));
    dates = keepExisting ? { local: existing.date, gmt: existing.date_gmt } : now;
  }
  if (PUBLISHING.has(status) && floating && !sent.has('date') && !sent.has('date_gmt')) {
    if (!existing || existing.status !== status) dates = now;
  }
  const future = gmtToMillis(dates.gmt) > Date.now();
  if (status === 'publish' && future) status = 'future';
  else if (status === 'future' && !future) status = 'publish';
  if (PUBLISHING.has(status)) floating = false;
  return { status, dates, floating };
}

/**
 * The slug asked for, or, when none is asked for or it sanitises to nothing (`""`), made from
 * the title (none for drafts and the like), as wp_insert_post does.
 */
function slugBase(requested: string | null, title: string, status: string): string {
  const asked = requested === null ? '' : sanitizeTitle(requested);
  if (asked !== '') return asked;
  return SLUGLESS.has(status) ? '' : sanitizeTitle(title);
}

function resolveSlug(site: SiteContext, type: string, id: number, requested: string | null, title: string, status: string): string {
  const base = slugBase(requested, title, status);
  if (base === '') return SLUGLESS.has(status) ? '' : String(id || '');
  // Usually the plain slug is free: one lookup.
  return slugTaken(site.store, type, base, id) ? nextFreeSlug(site, type, id, base) : base;
}

/** `base` with the first free suffix (-2, -3…): one range scan finds the suffixes in use. */
function nextFreeSlug(site: SiteContext, type: string, id: number, base: string): string {
  const taken = suffixedSlugs(site.store, type, base, id);
  return uniqueSlug(base, (slug) => slug === base || taken.has(slug));
}

/**
 * Inserts `row` with its slug made free: usually it is, and the insert checks that in the same
 * statement; one known to be taken is suffixed first, so either way the row is inserted once.
 */
function insertWithFreeSlug(site: SiteContext, row: NewPostRow, likelyTaken: boolean): number {
  if (likelyTaken) {
    if (slugTaken(site.store, row.type, row.slug, 0)) row.slug = nextFreeSlug(site, row.type, 0, row.slug);
    return insertPost(site.store, row);
  }
  const id = insertPostIfSlugFree(site.store, row);
  if (id !== null) return id;
  row.slug = nextFreeSlug(site, row.type, 0, row.slug);
  return insertPost(site.store, row);
}

/** Whether the page `ancestorId` is above `page` in its parent chain (a chain already looped is walked once). */
function isAncestorOf(site: SiteContext, ancestorId: number, page: PostRow): boolean {
  const seen = new Set<number>();
  for (let id = page.parent; id > 0 && !seen.has(id); id = getPost(site.store, id)?.parent ?? 0) {
    if (id === ancestorId) return true;
    seen.add(id);
  }
  return false;
}

/** The rule for a page's parent: a page of this site, neither the page itself nor one of its subpages. */
export function checkPageParent(site: SiteContext, parentId: number, selfId: number): void {
  const parent = getPost(site.store, parentId);
  if (!parent || parent.type !== 'page' || parent.id === selfId) {
    throw new RestError('rest_post_invalid_id', 'Invalid post parent ID.', 400);
  }
  if (selfId > 0 && isAncestorOf(site, selfId, parent)) {
    throw new RestError('rest_post_invalid_id', 'Invalid post parent ID: a page cannot be placed under one of its own subpages.', 400);
  }
}

/** As the reference, ids that name no term of the field's taxonomy are ignored (not refused). */
function withKnownTerms(site: SiteContext, params: PostWriteParams): PostWriteParams {
  const known = Object.assign({}, params);
  for (const [field, taxonomy] of [['categories', 'category'], ['tags', 'post_tag']] as const) {
    const ids = params[field];
    if (ids !== undefined) known[field] = knownTerms(site.store, taxonomy, ids);
  }
  return known;
}

function checkReferences(site: SiteContext, type: string, params: PostWriteParams, sent: ReadonlySet<string>, selfId: number): void {
  const { featured_media: featured, parent: parentId } = params;
  if (featured !== undefined && featured !== 0) {
    const media = viewPost(site.store, featured);
    if (!media || media.type !== 'attachment') throw new RestError('rest_invalid_featured_media', 'Invalid featured media ID.', 400);
  }
  if (type === 'page' && parentId !== undefined && parentId !== 0) checkPageParent(site, parentId, selfId);
  const password = sent.has('password') ? params.password : undefined;
  const existing = selfId > 0 ? viewPost(site.store, selfId) : undefined;
  if ((type === 'post' || type === 'page') && params.template !== undefined) checkTemplate(site.pageTemplates, type, params.template, existing?.template ?? '');
  if (typeof password === 'string' && password !== '') {
    if (params.sticky === true) throw new RestError('rest_invalid_field', 'A post can not be sticky and have a password.', 400);
    if (existing?.sticky === 1) throw new RestError('rest_invalid_field', 'A sticky post can not be password protected.', 400);
  }
  // As the reference API, the stored password counts here, even if this request clears it.
  if (params.sticky === true && existing && existing.password !== '') {
    throw new RestError('rest_invalid_field', 'A password protected post can not be set to sticky.', 400);
  }
}

/** The columns an incoming request sets, shared by create and update. */
function columnsFromParams(site: SiteContext, user: RequestUser, params: PostWriteParams, sent: ReadonlySet<string>, existing: PostRow | null): PostChanges {
  const changes: PostChanges = {};
  const text = (name: 'title' | 'content' | 'excerpt') => (sent.has(name) ? filterPostText(user, name, params[name] ?? '') : undefined);
  const title = text('title');
  const content = text('content');
  const excerpt = text('excerpt');
  if (title !== undefined) changes.title = title;
  if (content !== undefined) changes.content = content;
  if (excerpt !== undefined) changes.excerpt = excerpt;
  const finalContent = content ?? existing?.content ?? '';
  const finalExcerpt = excerpt ?? existing?.excerpt ?? '';
  if (title !== undefined) changes.title_rendered = renderTitle(title);
  if (content !== undefined) changes.content_rendered = renderContent(content);
  if (content !== undefined || excerpt !== undefined) changes.excerpt_rendered = renderExcerpt(finalExcerpt, finalContent);
  const simple = ['author', 'password', 'comment_status', 'ping_status', 'format', 'template', 'menu_order', 'featured_media', 'parent'] as const;
  for (const name of simple) if (sent.has(name)) (changes as Record<string, unknown>)[name] = params[name];
  if (sent.has('sticky')) changes.sticky = params.sticky ? 1 : 0;
  if (params.meta !== undefined) {
    changes.meta = mergeMeta(site.deployment.postMeta, existing?.meta ?? '{}', filterMetaChanges(user, params.meta));
  }
  return changes;
}

function saveTerms(site: SiteContext, id: number, type: string, params: PostWriteParams, isNew: boolean): void {
  if (type !== 'post') return;
  if (params.categories !== undefined) setPostTerms(site.store, id, 'category', params.categories, isNew);
  else if (isNew) setPostTerms(site.store, id, 'category', [getSettings(site.store).default_category], true);
  if (params.tags !== undefined) setPostTerms(site.store, id, 'post_tag', params.tags, isNew);
}

/**
 * The terms of a post just created, by taxonomy, as termsOfPosts reads them: known without a
 * query when each taxonomy has at most one (the order by name only matters for more).
 */
function termsOfNewPost(site: SiteContext, id: number, params: PostWriteParams): PostTerms {
  const categories = [...new Set(params.categories ?? [getSettings(site.store).default_category])];
  const tags = [...new Set(params.tags ?? [])];
  if (categories.length > 1 || tags.length > 1) return termsOfPosts(site.store, [id]).get(id)!;
  const terms: Record<string, number[]> = {};
  if (categories.length > 0) terms.category = categories;
  if (tags.length > 0) terms.post_tag = tags;
  return terms;
}

/** A created item with what its response shows besides the row, so nothing is read back. */
export interface CreatedPost {
  post: PostRow;
  /** Its terms by taxonomy (posts only). */
  terms?: PostTerms;
  revisions: RevisionSummary;
}

/** What a caller knows of a new item beyond the request (a media item), so it is inserted once as it will stay. */
export interface NewItemOptions {
  /** Columns the request does not set (a media item's type). */
  columns?: Pick<Partial<NewPostRow>, 'mime_type'>;
  /** The slug the title gives is known to be taken (an edited image's copy has its original's title): its free form is found before the insert. */
  slugTaken?: boolean;
}

export function createPost(site: SiteContext, type: PostType | 'attachment', user: RequestUser, params: PostWriteParams, sent: ReadonlySet<string>): PostRow {
  return createPostRecord(site, type, user, params, sent).post;
}

export function createPostRecord(site: SiteContext, type: PostType | 'attachment', user: RequestUser, params: PostWriteParams, sent: ReadonlySet<string>, options: NewItemOptions = {}): CreatedPost {
  params = withKnownTerms(site, params);
  checkAuthorAndSticky(site, type, params, sent, user, null);
  checkReferences(site, type, params, sent, 0);
  const { status, dates, floating } = resolveStatusAndDates(site, params, sent, null, user, type);
  const columns = columnsFromParams(site, user, params, sent, null);
  const zone = getSettings(site.store).timezone_string;
  const now = nowPair(zone);
  const { post, terms, revision } = site.store.transaction(() => {
    const row: NewPostRow = {
      type, status, author: user.id, parent: 0, slug: '', title: '', content: '', excerpt: '',
      title_rendered: '', content_rendered: '', excerpt_rendered: '', date: dates.local, date_gmt: dates.gmt,
      modified: now.local, modified_gmt: now.gmt, password: '', comment_status: type === 'page' ? 'closed' : 'open',
      ping_status: type === 'page' ? 'closed' : 'open', format: 'standard', sticky: 0, template: '', menu_order: 0,
      featured_media: 0, mime_type: '', meta: '{}', status_before_trash: null, autosave: 0,
      date_floating: floating ? 1 : 0, ...columns, ...options.columns,
    } as NewPostRow;
    // The slug is worked out with the insert, saving a second write, unless it must be the new id.
    row.slug = slugBase(params.slug ?? null, row.title, status);
    const id = row.slug === '' ? insertPost(site.store, row) : insertWithFreeSlug(site, row, options.slugTaken === true);
    // Every column is written, so the stored row is known without reading it back.
    // Rows are copied with Object.assign: a spread copy added to gets a map of its own (answer-shapes.test.ts).
    const saved: PostRow = Object.assign({}, row, { id, version: 1 });
    if (row.slug === '' && !SLUGLESS.has(status)) {
      updatePost(site.store, id, { slug: String(id) });
      saved.slug = String(id);
      saved.version = 2;
    }
    saveTerms(site, id, type, params, true);
    const revision = saveRevisionIfChanged(site, saved, user.id, { isNew: true });
    keepWrittenPost(site.store, saved);
    changed(site, saved);
    site.store.createdRecorder?.(rooted(cms.post(restBase(type), id)));
    return { post: saved, terms: type === 'post' ? termsOfNewPost(site, id, params) : undefined, revision };
  });
  // The revision's id is known once the transaction has sent it (with its commit).
  return { post, terms, revisions: revision === null ? { count: 0, latest: null } : { count: 1, latest: revision() } };
}

/** `revision: false` for an autosave of the author's own draft, which keeps no revision (as the reference API). */
export function updateExistingPost(
  site: SiteContext, existing: PostRow, user: RequestUser, params: PostWriteParams, sent: ReadonlySet<string>,
  options: { revision?: boolean } = {},
): PostRow {
  params = withKnownTerms(site, params);
  checkAuthorAndSticky(site, existing.type, params, sent, user, existing.author);
  checkReferences(site, existing.type, params, sent, existing.id);
  const { status, dates, floating } = resolveStatusAndDates(site, params, sent, existing, user, existing.type);
  const changes = columnsFromParams(site, user, params, sent, existing);
  const modified = nextModifiedPair(existing.modified_gmt, getSettings(site.store).timezone_string);
  return site.store.transaction(() => {
    const title = changes.title ?? existing.title;
    // Restored from the trash, an item asks for its old slug back (suffixed if taken meanwhile).
    const restored = existing.status === 'trash' && status !== 'trash' && existing.slug !== slugBeforeTrash(existing.slug);
    const wantsSlug = sent.has('slug') || restored || (existing.slug === '' && !SLUGLESS.has(status));
    const requestedSlug = params.slug ?? (restored ? slugBeforeTrash(existing.slug) : null);
    const slug = wantsSlug ? resolveSlug(site, existing.type, existing.id, requestedSlug, title, status) : existing.slug;
    if (status !== 'trash') changes.status_before_trash = null;
    const written: PostChanges = Object.assign({}, changes, {
      status, slug, date: dates.local, date_gmt: dates.gmt, date_floating: floating ? 1 : 0,
      modified: modified.local, modified_gmt: modified.gmt,
    });
    updatePostFrom(site.store, existing, written);
    saveTerms(site, existing.id, existing.type, params, false);
    if (existing.type === 'page' && (slug !== existing.slug || changes.parent !== undefined)) touchDescendants(site.store, existing.id);
    // `existing` was read in this write transaction, so the row now is it with what was written: nothing is read back.
    const saved: PostRow = Object.assign({}, existing, written, { version: existing.version + 1 });
    if (options.revision !== false) saveRevisionIfChanged(site, saved, user.id);
    keepWrittenPost(site.store, saved);
    return changed(site, saved);
  });
}

export function trashPost(site: SiteContext, post: PostRow): PostRow {
  const modified = nextModifiedPair(post.modified_gmt, getSettings(site.store).timezone_string);
  return site.store.transaction(() => {
    updatePost(site.store, post.id, {
      status: 'trash', status_before_trash: post.status, slug: trashedSlug(post.slug), modified: modified.local, modified_gmt: modified.gmt,
    });
    if (post.type === 'page') touchDescendants(site.store, post.id);
    return changed(site, getPost(site.store, post.id)!);
  });
}

/**
 * Removes the item with its revisions and autosaves. As the reference: child pages and
 * attached media move up to its parent, and no item keeps it as featured image.
 */
export function deletePostForever(site: SiteContext, post: PostRow): void {
  site.store.transaction(() => {
    deleteChildren(site.store, post.id, 'revision');
    const moved = moveChildren(site.store, post.id, post.parent, ['page', 'attachment']);
    const unfeatured = post.type === 'attachment' ? clearFeaturedMedia(site.store, post.id) : [];
    deletePost(site.store, post.id);
    changed(site, post, true);
    for (const id of new Set([...moved, ...unfeatured])) changed(site, getPost(site.store, id)!);
  });
}

/**
 * Publishes scheduled items whose time has come; returns how many this call published. Each
 * is claimed first, so that when several instances of the site find it due at once, exactly
 * one publishes it (and tells its listeners).
 */
export function publishDuePosts(site: SiteContext, ids: readonly number[], nowGmt: string): number {
  // Nothing due takes no write lock: a start (which publishes what was missed) waits for none while others write.
  if (ids.length === 0) return 0;
  return site.store.writeTransaction(() => {
    const claimed = ids.filter((id) => claimDuePost(site.store, id, nowGmt));
    for (const id of claimed) changed(site, getPost(site.store, id)!);
    return claimed.length;
  });
}
