// Who may read, edit and delete which item, from roles and ownership.
import type { RequestUser } from '../rest/types.ts';
import type { PostRow } from '../store/posts.ts';
import { can, typeCapability, type Capability } from '../auth/capabilities.ts';
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

/** Published items are public; private ones need the right or ownership; the rest need editing rights. */
export function canReadPost(user: RequestUser | null, post: PostRow): boolean {
  if (post.status === 'publish' || post.status === 'inherit') return true;
  if (post.status === 'private') return owns(user, post) || may(user, post, 'read_private_posts');
  return canEditPost(user, post);
}

export function assertCanRead(user: RequestUser | null, post: PostRow): void {
  if (!canReadPost(user, post)) throw forbidden('rest_forbidden', 'Sorry, you are not allowed to do that.', !!user);
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

/**
 * May see the password-protected content: the right password, or the edit context with the
 * right to edit (as the reference API: outside the edit context even editors need the password).
 */
export function canSeeProtected(user: RequestUser | null, post: PostRow, password: unknown, context: string): boolean {
  if (post.password === '') return true;
  if (typeof password === 'string' && password !== '' && password === post.password) return true;
  return context === 'edit' && canEditPost(user, post);
}
