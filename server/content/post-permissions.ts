// Who may read, edit and delete which item, from roles and ownership.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestUser } from '../rest/types.ts';
import type { Store } from '../store/db.ts';
import type { TypeAccess, Visibility } from '../store/post-query.ts';
import { getPost, type PostRow } from '../store/posts.ts';
import { can, canReadType, typeCapability, type Capability } from '../auth/capabilities.ts';
import { forbidden } from '../rest/errors.ts';

const PUBLISHED = new Set(['publish', 'future']);

function owns(user: RequestUser | null, post: PostRow): boolean {
  return user !== null && user.id === post.author;
}

/** The capability as the item's type names it (pages have their own). */
function may(user: RequestUser | null, post: PostRow, capability: Capability): boolean {
  return can(user, typeCapability(capability, post.type));
}

export function canEditPost(user: RequestUser | null, post: PostRow): boolean {
  if (!user) return false;
  if (!owns(user, post)) {
    if (!may(user, post, 'edit_others_posts')) return false;
    if (post.status === 'private' && !may(user, post, 'edit_private_posts')) return false;
  }
  if (PUBLISHED.has(post.status) || post.status === 'private') {
    return may(user, post, owns(user, post) ? 'edit_published_posts' : 'edit_others_posts');
  }
  return may(user, post, 'edit_posts');
}

export function canDeletePost(user: RequestUser | null, post: PostRow): boolean {
  if (!user) return false;
  if (!owns(user, post)) return may(user, post, 'delete_others_posts');
  const status = post.status === 'trash' ? post.status_before_trash ?? 'draft' : post.status;
  return may(user, post, PUBLISHED.has(status) || status === 'private' ? 'delete_published_posts' : 'delete_posts');
}

/**
 * Published items are public and owners read their own, whatever the status (as the
 * reference's read_post); others' private ones need the right; the rest need editing rights.
 * An item that inherits its status (an attachment) is as readable as its parent, as in the
 * reference API; without a parent it counts as published. A synced pattern is read only by
 * those who may edit posts (WordPress maps its `read` to `edit_posts`).
 */
export function canReadPost(user: RequestUser | null, post: PostRow, store: Store): boolean {
  if (!canReadType(user, post.type)) return false;
  if (post.status === 'publish' || owns(user, post)) return true;
  if (post.status === 'inherit') {
    const parent = post.parent > 0 ? getPost(store, post.parent) : undefined;
    return !parent || parent.status === 'inherit' || canReadPost(user, parent, store);
  }
  if (post.status === 'private') return may(user, post, 'read_private_posts');
  return canEditPost(user, post);
}

export function assertCanRead(user: RequestUser | null, post: PostRow, store: Store): void {
  if (!canReadPost(user, post, store)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', !!user);
}

/** The rules above for one type of item, in the form list queries apply them. */
function typeAccess(user: RequestUser | null, type: string): TypeAccess {
  const has = (capability: Capability) => can(user, typeCapability(capability, type));
  return {
    userId: user?.id ?? 0,
    readOthersPrivate: has('read_private_posts'),
    editOthers: has('edit_others_posts'),
    editOthersPrivate: has('edit_others_posts') && has('edit_private_posts'),
    editOwn: has('edit_posts'),
    editOwnPublished: has('edit_published_posts'),
  };
}

/** What a list of `type` may show this user; `editableOnly` for the edit context (as the reference, which leaves out what the user may not edit). */
export function listVisibility(user: RequestUser | null, type: string, editableOnly: boolean): Visibility {
  return { access: typeAccess(user, type), parents: { post: typeAccess(user, 'post'), page: typeAccess(user, 'page') }, editableOnly };
}

export function assertCanEdit(user: RequestUser | null, post: PostRow, noun: string): void {
  if (!canEditPost(user, post)) {
    throw forbidden('rest_cannot_edit', `Sorry, you are not allowed to edit this ${noun}.`, !!user);
  }
}

export function assertCanDelete(user: RequestUser | null, post: PostRow, noun: string): void {
  if (!canDeletePost(user, post)) {
    throw forbidden('rest_cannot_delete', `Sorry, you are not allowed to delete this ${noun}.`, !!user);
  }
}

/** Whether `given` is the item's password, compared in constant time (as the reference's hash_equals). */
export function passwordMatches(post: PostRow, given: unknown): boolean {
  if (typeof given !== 'string' || given === '' || post.password === '') return false;
  const expected = createHash('sha256').update(post.password).digest();
  return timingSafeEqual(expected, createHash('sha256').update(given).digest());
}

/**
 * May see the password-protected content: the right password, or the edit context with the
 * right to edit (as the reference API: outside the edit context even editors need the password).
 */
export function canSeeProtected(user: RequestUser | null, post: PostRow, password: unknown, context: string): boolean {
  if (post.password === '') return true;
  if (passwordMatches(post, password)) return true;
  return context === 'edit' && canEditPost(user, post);
}
