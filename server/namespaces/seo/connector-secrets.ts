// The connectors' secrets (access and refresh tokens, the PKCE verifier of a sign-in under
// way), sealed with the secret cipher under a key file kept in the data directory beside the
// database, never in it: a copy of site.db alone reveals no token.
import path from 'node:path';
import type { SiteContext } from '../../site-context.ts';
import { getOption, setOption } from '../../store/options.ts';
import { fileKeyCipher } from '../../auth/secret-cipher.ts';

const KEY_FILE = 'connectors.key';

const optionName = (name: string) => `seo_connector_secret:${name}`;
const cipherOf = (site: SiteContext) => fileKeyCipher(path.join(site.dataDir, KEY_FILE));

export function saveSecret(site: SiteContext, name: string, value: unknown): void {
  setOption(site.store, optionName(name), cipherOf(site).encrypt(JSON.stringify(value)).toString('base64'));
}

export function readSecret<T>(site: SiteContext, name: string): T | null {
  const sealed = getOption<string | null>(site.store, optionName(name));
  return sealed ? (JSON.parse(cipherOf(site).decrypt(Buffer.from(sealed, 'base64'))) as T) : null;
}

export function forgetSecret(site: SiteContext, name: string): void {
  setOption(site.store, optionName(name), null);
}
