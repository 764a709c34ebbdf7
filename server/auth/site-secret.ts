// The site's secret key, for its keyed hashes (grant-page form tokens, contact-form hashes):
// made once, on first use, and the same for every instance of the site.
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/db.ts';
import { ensureOption } from '../store/options.ts';

/** Once stored the key never changes: it is read once per store, not on every form. */
const known = new WeakMap<Store, Buffer>();

export function siteSecret(store: Store): Buffer {
  let secret = known.get(store);
  if (!secret) {
    secret = Buffer.from(ensureOption(store, 'secret_key', () => randomBytes(32).toString('base64')), 'base64');
    known.set(store, secret);
  }
  return secret;
}
