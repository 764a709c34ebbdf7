// Where the site sends mail: an SMTP server given as a URL (`smtp://host:port`,
// `smtps://user:password@host`), kept in the site's options. A password in the URL is stored
// encrypted with a key kept in the data directory beside the database, never in it.
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Store } from '../../store/db.ts';
import { getOption, setOption } from '../../store/options.ts';

const OPTION = 'contact_form_smtp';
const KEY_FILE = 'mail.key';

interface StoredSmtp {
  /** The URL without its password. */
  url: string;
  /** AES-256-GCM of the password: iv, tag and data, base64. */
  password?: { iv: string; tag: string; data: string };
}

export interface SmtpConfig {
  /** The URL with its password, to connect with. */
  url: URL;
  /** The URL with the password masked, to show. */
  display: string;
}

function keyFor(dataDir: string, create: boolean): Buffer | null {
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  if (!create) return null;
  const key = randomBytes(32);
  fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return key;
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
  if (password !== '') {
    const key = keyFor(dataDir, true) as Buffer;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
    stored.password = { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
  }
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
    const key = keyFor(dataDir, false);
    if (!key) throw new Error(`The SMTP password cannot be read: ${path.join(dataDir, KEY_FILE)} is missing. Set the SMTP URL again.`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(stored.password.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(stored.password.tag, 'base64'));
    const password = Buffer.concat([decipher.update(Buffer.from(stored.password.data, 'base64')), decipher.final()]).toString('utf8');
    url.password = encodeURIComponent(password);
    display.password = '****';
  }
  return { url, display: display.href };
}
