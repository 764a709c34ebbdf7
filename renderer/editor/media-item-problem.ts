// Why an image's settings lack its media item: most often the item is not in this site's library
// (the post came from another site, say a synced one, whose media ids mean nothing here, or the
// item was deleted). The image itself stays as written either way.
import { SiteError } from '../../shared/site-client.ts';
import { describeError } from '../components/error-words.ts';

export function mediaItemProblem(error: unknown): string {
  if (error instanceof SiteError && error.status === 404) {
    return 'This image’s media item is not in this site’s library (it belongs to another site, or was deleted), so its sizes, media links and editing are not offered. The image stays as it is; choose Replace… to use one from this library.';
  }
  return `This image’s media item could not be read. ${describeError(error)} The image stays as it is.`;
}
