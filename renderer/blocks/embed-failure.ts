// Why an embed shows as a link card while writing, and what becomes of it: the block is kept as
// the embed the writer made, so nothing is lost by writing offline.
import { SiteError } from '../../shared/site-client.ts';
import { errorWords } from '../components/error-words.ts';

const KEPT = 'It is kept as an embed, and shows as the player on the site once its address can be reached.';

export function embedFailureWords(error: unknown): string {
  if (error instanceof SiteError && error.code === 'oembed_invalid_url') {
    return 'This address offers nothing to embed, so it will show as a link. To show a player, use the address of the video, audio or post itself.';
  }
  // The site answered, but the embed's own site did not.
  const unreachable = error instanceof SiteError && (error.code === 'oembed_fetch_failed' || error.status === 502 || error.status === 504);
  const why = unreachable ? 'Its address could not be reached (offline, or its site is down).' : errorWords(error).words;
  return `No preview. ${why} ${KEPT}`;
}
