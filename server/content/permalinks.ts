// Public addresses of items: dated paths for posts, parent paths for pages, and the
// plain `?p=` form for anything not published.
import type { SiteContext } from '../site-context.ts';
import type { PostRow } from '../store/posts.ts';
import type { TermRow } from '../store/terms.ts';
import { getPost } from '../store/posts.ts';

/** The parent chain's slugs of a page, for its path. */
export function pagePath(site: SiteContext, post: PostRow): string {
  const slugs = [post.slug];
  const seen = new Set([post.id]);
  let parentId = post.parent;
  while (parentId > 0 && !seen.has(parentId)) {
    seen.add(parentId);
    const parent = getPost(site.store, parentId);
    if (!parent) break;
    slugs.unshift(parent.slug);
    parentId = parent.parent;
  }
  return slugs.join('/');
}

function datePath(post: PostRow): string {
  return post.date.slice(0, 10).replace(/-/g, '/');
}

export function postLink(site: SiteContext, post: PostRow): string {
  const base = site.urls.base;
  if (post.type === 'attachment') return `${base}/?attachment_id=${post.id}`;
  // A synced pattern has no page of its own: WordPress's link for a type without rewrites.
  if (post.type === 'wp_block') return `${base}/?post_type=wp_block&p=${post.id}`;
  if (post.status !== 'publish' || post.slug === '') {
    return post.type === 'page' ? `${base}/?page_id=${post.id}` : `${base}/?p=${post.id}`;
  }
  if (post.type === 'page') return `${base}/${pagePath(site, post)}/`;
  return `${base}/${datePath(post)}/${post.slug}/`;
}

export function permalinkTemplate(site: SiteContext, post: PostRow): string {
  const base = site.urls.base;
  if (post.type === 'attachment') return `${base}/?attachment_id=${post.id}`;
  if (post.type === 'page') {
    const parentPath = post.parent > 0 ? `${pagePath(site, { ...post, slug: '' }).replace(/\/$/, '')}/` : '';
    return `${base}/${parentPath}%pagename%/`;
  }
  return `${base}/${datePath(post)}/%postname%/`;
}

/** A category's or tag's address, in the plain form (the site has no term paths). */
export function termLink(site: SiteContext, term: Pick<TermRow, 'id' | 'taxonomy'>): string {
  return `${site.urls.base}/?${term.taxonomy === 'category' ? 'cat' : 'tag_id'}=${term.id}`;
}
