// An item's version as preconditions see it (ETag and Last-Modified), the same on every
// route that serves the item, whichever namespace it belongs to.
import type { PostRow } from '../store/posts.ts';

export function postVersion(post: PostRow): { etag: string; modifiedGmt: string } {
  return { etag: `W/"${post.id}-${post.version}"`, modifiedGmt: post.modified_gmt };
}
