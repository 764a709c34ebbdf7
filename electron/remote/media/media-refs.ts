// Where post content refers to media items: file URLs (in src, href, srcset…), the
// `wp-image-N` class and the `"id":N` of an image block's attributes. Sync rewrites them
// between a remote site's ids and URLs and the local copy's.

// A URL in running text does not end with the sentence's punctuation ("see http://x.test.").
const URL_PATTERN = /https?:\/\/[^\s"'<>()]*[^\s"'<>().,;:!?]/g;
const CLASS_ID = /\bwp-image-(\d+)\b/g;
const IMAGE_BLOCK = /<!-- wp:image (\{[^]*?\}) \/?-->/g;
const BLOCK_ID = /"id":(\d+)/;

/** Media ids the content names (image classes and image-block attributes). */
export function mediaIdsIn(content: string): number[] {
  const ids = new Set<number>();
  for (const [, id] of content.matchAll(CLASS_ID)) ids.add(Number(id));
  for (const [, attributes] of content.matchAll(IMAGE_BLOCK)) {
    const id = BLOCK_ID.exec(attributes)?.[1];
    if (id) ids.add(Number(id));
  }
  return [...ids];
}

/** Every absolute URL in the content, once each: text that only looks like one (`http://host:99999`) is left out, so callers may parse them. */
export function urlsIn(content: string): string[] {
  return [...new Set(content.match(URL_PATTERN) ?? [])].filter((url) => URL.canParse(url));
}

/**
 * The content with each URL and media id that `url` and `id` map replaced; the rest is
 * left byte for byte as it was.
 */
export function rewriteMedia(content: string, url: (from: string) => string | undefined, id: (from: number) => number | undefined): string {
  const mapId = (from: string) => String(id(Number(from)) ?? from);
  return content
    .replace(URL_PATTERN, (from) => url(from) ?? from)
    .replace(CLASS_ID, (_, from: string) => `wp-image-${mapId(from)}`)
    .replace(IMAGE_BLOCK, (block: string, attributes: string) => block.replace(attributes, attributes.replace(BLOCK_ID, (_, from: string) => `"id":${mapId(from)}`)));
}

/** The uploads-relative path of a URL that points into an uploads folder, on any host. */
export function uploadsPath(url: string): string | null {
  const marker = '/uploads/';
  if (!URL.canParse(url)) return null;
  const { pathname } = new URL(url);
  const at = pathname.indexOf(marker);
  if (at < 0) return null;
  try {
    return decodeURIComponent(pathname.slice(at + marker.length));
  } catch {
    return null;
  }
}
