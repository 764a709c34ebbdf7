// An item's validators for conditional requests: a weak ETag from its version counter and
// its modified date. cms/v2 and seo/v1 both answer with them, so they live in the domain.
import type { PostRow } from '../store/posts.ts';

export function postVersion(post: PostRow): { etag: string; modifiedGmt: string } {
  return { etag: `W/"${post.id}-${post.version}"`, modifiedGmt: post.modified_gmt };
}
