// Who may read, edit and delete which item, from roles and ownership.
import type { RequestUser } from '../rest/types.ts';
import type { PostRow } from '../store/posts.ts';
import { can } from '../auth/capabilities.ts';
import { forbidden } from '../rest/errors.ts';

const PUBLISHED = new Set(['publish', 'future']);

function owns(user: RequestUser | null, post: PostRow): boolean {
  return user !== null && user.id === post.author;
}

export function canEditPost(user: RequestUser | null, post: PostRow): boolean {
  if (!user) return false;
  if (!owns(user, post)) {
    if (!can(user, 'edit_others_posts')) return false;
    if (post.status === 'private' && !can(user, 'edit_private_posts')) return false;
  }
  if (PUBLISHED.has(post.status) || post.status === 'private') {
    return can(user, owns(user, post) ? 'edit_published_posts' : 'edit_others_posts');
  }
  return can(user, 'edit_posts');
}

export function canDeletePost(user: RequestUser | null, post: PostRow): boolean {
  if (!user) return false;
  if (!owns(user, post)) return can(user, 'delete_others_posts');
  const status = post.status === 'trash' ? post.status_before_trash ?? 'draft' : post.status;
  return can(user, PUBLISHED.has(status) || status === 'private' ? 'delete_published_posts' : 'delete_posts');
}

/** Published items are public; private ones need the right or ownership; the rest need editing rights. */
export function canReadPost(user: RequestUser | null, post: PostRow): boolean {
  if (post.status === 'publish' || post.status === 'inherit') return true;
  if (post.status === 'private') return owns(user, post) || can(user, 'read_private_posts');
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

/** May see the password-protected content: the right password, or the right to edit. */
export function canSeeProtected(user: RequestUser | null, post: PostRow, password: unknown): boolean {
  if (post.password === '') return true;
  if (typeof password === 'string' && password === post.password) return true;
  return canEditPost(user, post);
}
