// The site's secret key, for its keyed hashes (grant-page form tokens, contact-form hashes):
// made once, on first use, and the same for every instance of the site.
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/db.ts';
import { ensureOption } from '../store/options.ts';

export function siteSecret(store: Store): Buffer {
  return Buffer.from(ensureOption(store, 'secret_key', () => randomBytes(32).toString('base64')), 'base64');
}
