// The media edit policy, decided once for the site and the editor: which items can be
// edited, which file an edit names (`src`), and which format the edited copy is written in.
// The site enforces it (namespaces/cms/media-routes.ts); the editor offers only what it allows
// and says what a save will make.

/** Images browsers show: they are served, and an edit of one is written, in their own format. */
export const BROWSER_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** Images the site reads (decodes): it makes their sub-sizes and edits them. The others it only stores. */
export const READABLE_IMAGE_TYPES: readonly string[] = [...BROWSER_IMAGE_TYPES, 'image/heic', 'image/heif', 'image/tiff', 'image/bmp'];

/** Whether an item served as `mimeType` can be edited (cropped, turned, flipped, scaled). */
export function isEditableImage(mimeType: string): boolean {
  return READABLE_IMAGE_TYPES.includes(mimeType);
}

/** The format an edit of an item served as `mimeType` is written in: its own when browsers show it, else JPEG. */
export function editedImageType(mimeType: string): string {
  return BROWSER_IMAGE_TYPES.includes(mimeType) ? mimeType : 'image/jpeg';
}

/** Whether an edited copy of that format keeps transparency (the corners a free rotation leaves), or fills them white. */
export function keepsTransparency(editedType: string): boolean {
  return editedType !== 'image/jpeg';
}

/** The `src` an edit of `item` names: its served file (the site starts from the original whichever file is named). */
export function editSource(item: { source_url: string }): string {
  return item.source_url;
}

/**
 * Whether `src` names one of an item's files (`fileUrls`: the served one, the original and
 * each size), by its path: the client may have reached the site at another host. `base` is the
 * site's address, for a `src` given as a path.
 */
export function namesFileOf(src: string, fileUrls: readonly string[], base: string): boolean {
  const pathOf = (url: string) => {
    try {
      return decodeURIComponent(new URL(url, base).pathname);
    } catch {
      return null; // not a URL, or a broken escape
    }
  };
  const wanted = pathOf(src);
  return wanted !== null && fileUrls.some((url) => pathOf(url) === wanted);
}
