// A site's opening, said the same way by every way of serving it (one process, each worker of
// --workers): its media storage is read as it opens, and an operator is told which one failed.
import type { Site } from '../site.ts';

/** Resolves once `site` is open; otherwise closes it and rejects naming its media storage. */
export async function siteOpened(site: Site): Promise<void> {
  try {
    await site.ready;
  } catch (error) {
    site.close();
    throw new Error(`The media storage (${site.context.media.description}) cannot be read: ${(error as Error).message}`);
  }
}
