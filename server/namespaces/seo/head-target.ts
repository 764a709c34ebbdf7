// Which page of this site a URL shows, for the head: a post or page, a category or tag,
// the posts archive, the home page, search results, or nothing (the 404 page). Items the
// user may not read are nothing too, so a draft's head is a 404 for the public.
import type { RequestUser } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import { getPost, type PostRow } from '../../store/posts.ts';
import { getTerm, type TermRow } from '../../store/terms.ts';
import { resolveSiteUrl } from '../../content/url-to-post.ts';
import { canReadPost } from '../../content/post-permissions.ts';
import { ARCHIVED_POST_TYPES } from './indexable-fields.ts';
import { INDEXED_POST_TYPES } from './indexer.ts';

export type HeadTarget =
  /** `ancestors`: the page's parents the user may read, from the top down. */
  | { kind: 'post'; post: PostRow; ancestors: PostRow[] }
  | { kind: 'term'; term: TermRow }
  | { kind: 'archive'; postType: string }
  | { kind: 'home' }
  | { kind: 'search'; search: string }
  | { kind: 'not-found' };

const TERM_QUERIES = [['cat', 'category'], ['tag_id', 'post_tag']] as const;

export function headTarget(site: SiteContext, address: string, user: RequestUser | null): HeadTarget {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: 'not-found' };
  }
  const base = new URL(`${site.urls.base}/`);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return { kind: 'not-found' };
  const atRoot = url.pathname === base.pathname;
  if (atRoot) {
    const search = url.searchParams.get('s');
    if (search !== null) return { kind: 'search', search };
    for (const [name, taxonomy] of TERM_QUERIES) {
      const id = Number(url.searchParams.get(name));
      const term = Number.isInteger(id) && id > 0 ? getTerm(site.store, id, taxonomy) : undefined;
      if (url.searchParams.has(name)) return term ? { kind: 'term', term } : { kind: 'not-found' };
    }
    const postType = url.searchParams.get('post_type');
    if (postType !== null) return (ARCHIVED_POST_TYPES as readonly string[]).includes(postType) ? { kind: 'archive', postType } : { kind: 'not-found' };
    if (!url.searchParams.has('p') && !url.searchParams.has('page_id')) return { kind: 'home' };
  }
  const resolved = resolveSiteUrl(site, url.href);
  if (!resolved || !INDEXED_POST_TYPES.has(resolved.post.type) || !canReadPost(user, resolved.post, site.store)) return { kind: 'not-found' };
  return { kind: 'post', post: resolved.post, ancestors: readableAncestors(site, resolved.post, user) };
}

/** A page's parents, leaving out those the user may not read (their titles are theirs to keep). */
function readableAncestors(site: SiteContext, post: PostRow, user: RequestUser | null): PostRow[] {
  const ancestors: PostRow[] = [];
  for (let parentId = post.type === 'page' ? post.parent : 0; parentId > 0 && ancestors.length < 50;) {
    const parent = getPost(site.store, parentId);
    if (!parent) break;
    ancestors.unshift(parent);
    parentId = parent.parent;
  }
  return ancestors.filter((ancestor) => canReadPost(user, ancestor, site.store));
}
