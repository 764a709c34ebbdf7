// The desktop app's key for remote sites' credentials, itself sealed by the operating
// system's keychain through Electron's safeStorage (passed in with that shape), so that no
// readable key lies on disk. The main process unseals it and hands it to the local site's
// process in memory. Browser mode, and systems where safeStorage cannot encrypt, keep
// the key file beside the data (secret-cipher.ts) instead.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { KEY_BYTES } from '../server/auth/secret-cipher.ts';

/** The part of Electron's safeStorage this needs. */
export interface OsEncryption {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

function seal(sealedFile: string, key: Buffer, encryption: OsEncryption): void {
  fs.mkdirSync(path.dirname(sealedFile), { recursive: true });
  fs.writeFileSync(sealedFile, encryption.encryptString(key.toString('base64')), { mode: 0o600 });
}

/**
 * The key, or null where the keychain cannot be used. A key file left by an earlier run
 * (browser mode, or a system without a keychain then) is adopted, sealed and removed,
 * so the credentials it protected stay readable.
 */
export function desktopSecretKey(sealedFile: string, legacyKeyFile: string, encryption: OsEncryption): Buffer | null {
  if (!encryption.isEncryptionAvailable()) return null;
  if (fs.existsSync(sealedFile)) {
    const key = Buffer.from(encryption.decryptString(fs.readFileSync(sealedFile)), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`The sealed key ${sealedFile} is damaged: remove it and enter the remote sites' passwords again.`);
    return key;
  }
  const legacy = fs.existsSync(legacyKeyFile) ? fs.readFileSync(legacyKeyFile) : null;
  const key = legacy?.length === KEY_BYTES ? legacy : randomBytes(KEY_BYTES);
  seal(sealedFile, key, encryption);
  if (legacy) fs.rmSync(legacyKeyFile);
  return key;
}
