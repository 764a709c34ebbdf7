// Where the site sends mail: an SMTP server given as a URL (`smtp://host:port`,
// `smtps://user:password@host`), kept in the site's options. A password in the URL is stored
// encrypted with a key kept in the data directory beside the database, never in it.
import fs from 'node:fs';
import path from 'node:path';
import type { Store } from '../../store/db.ts';
import { getOption, setOption } from '../../store/options.ts';
import { fileKeyCipher } from '../../auth/secret-cipher.ts';

const OPTION = 'contact_form_smtp';
const KEY_FILE = 'mail.key';

interface StoredSmtp {
  /** The URL without its password. */
  url: string;
  /** The password sealed with the data directory's mail key (secret-cipher format), base64. */
  password?: string;
}

export interface SmtpConfig {
  /** The URL with its password, to connect with. */
  url: URL;
  /** The URL with the password masked, to show. */
  display: string;
}


/** Checks and stores the SMTP server's URL; throws on a URL that cannot be one. */
export function setSmtpUrl(store: Store, dataDir: string, text: string): SmtpConfig {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not a URL; write it as smtp://host:port or smtps://user:password@host:port.`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('The SMTP URL starts with smtp:// or smtps://.');
  if (url.hostname === '') throw new Error('The SMTP URL needs a host name.');
  const stored: StoredSmtp = { url: '' };
  const password = decodeURIComponent(url.password);
  if (password !== '') stored.password = fileKeyCipher(path.join(dataDir, KEY_FILE)).encrypt(password).toString('base64');
  const withoutPassword = new URL(url.href);
  withoutPassword.password = '';
  stored.url = withoutPassword.href;
  setOption(store, OPTION, stored);
  return smtpConfig(store, dataDir) as SmtpConfig;
}

export function clearSmtp(store: Store): void {
  setOption(store, OPTION, null);
}

/** The configured server, or null when mail goes to the outbox. */
export function smtpConfig(store: Store, dataDir: string): SmtpConfig | null {
  const stored = getOption<StoredSmtp | null>(store, OPTION);
  if (!stored) return null;
  const url = new URL(stored.url);
  const display = new URL(stored.url);
  if (stored.password) {
    const keyFile = path.join(dataDir, KEY_FILE);
    if (!fs.existsSync(keyFile)) throw new Error(`The SMTP password cannot be read: ${keyFile} is missing. Set the SMTP URL again.`);
    const password = fileKeyCipher(keyFile).decrypt(Buffer.from(stored.password, 'base64'));
    url.password = encodeURIComponent(password);
    display.password = '****';
  }
  return { url, display: display.href };
}
