// The writer's draft drawn in the remote's look shows its own images: the preview's policy
// allows no network, so the images the local copy serves are put in as data. Any other
// address in the draft is left as written, and the policy keeps the frame from loading it.
import { DomUtils, parseDocument } from 'htmlparser2';
import { lookup } from 'mime-types';
import type { LocalCopy } from '../../../server/local-copy/index.ts';

/** Beyond this much image data a preview is not worth drawing with all of them: the rest are left out. */
const MAX_INLINED_BYTES = 64 * 1024 * 1024;

export async function inlineDraftImages(content: string, local: Pick<LocalCopy, 'mediaUrl' | 'mediaFile'>): Promise<string> {
  const uploads = local.mediaUrl('');
  const document = parseDocument(content, { decodeEntities: true });
  const images = DomUtils.findAll((element) => element.name === 'img' && (element.attribs.src ?? '').startsWith(uploads), document.children);
  if (images.length === 0) return content;
  let inlined = 0;
  for (const image of images) {
    const relative = decodeURIComponent(new URL(image.attribs.src).pathname.slice(new URL(uploads).pathname.length));
    const type = lookup(relative);
    const bytes = type && type.startsWith('image/') ? await local.mediaFile(relative).catch(() => null) : null;
    // A srcset would be chosen over the data and not load.
    delete image.attribs.srcset;
    delete image.attribs.sizes;
    if (!bytes || inlined + bytes.length > MAX_INLINED_BYTES) continue;
    inlined += bytes.length;
    image.attribs.src = `data:${type};base64,${bytes.toString('base64')}`;
  }
  return DomUtils.getOuterHTML(document, { decodeEntities: true, encodeEntities: 'utf8' });
}
