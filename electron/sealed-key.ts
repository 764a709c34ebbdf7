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
  /** Linux only: which secret store safeStorage uses. */
  getSelectedStorageBackend?(): string;
}

/**
 * Whether a real keychain seals the key. On Linux without a keyring safeStorage still
 * "encrypts", with a password written in Chromium's source (backend `basic_text`): that
 * protects nothing, so it counts as no keychain and the key file is used instead.
 */
export function hasKeychain(encryption: OsEncryption, platform: string): boolean {
  if (!encryption.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = encryption.getSelectedStorageBackend?.() ?? 'unknown';
  return backend !== 'basic_text' && backend !== 'unknown';
}

function seal(sealedFile: string, key: Buffer, encryption: OsEncryption): void {
  fs.mkdirSync(path.dirname(sealedFile), { recursive: true });
  fs.writeFileSync(sealedFile, encryption.encryptString(key.toString('base64')), { mode: 0o600 });
}

function unseal(sealedFile: string, encryption: OsEncryption): string {
  try {
    return encryption.decryptString(fs.readFileSync(sealedFile));
  } catch (error) {
    throw new Error(`The system keychain cannot open the key of your remote sites' passwords (${sealedFile}): ${error instanceof Error ? error.message : String(error)}. Sign in to the keychain that sealed it (or start Inkwell in the desktop session where it was set up), or remove that file and enter the remote sites' passwords again.`, { cause: error });
  }
}

/**
 * The key, or null where no keychain can be used. A key file left by an earlier run
 * (browser mode, or a system without a keychain then) is adopted, sealed and removed,
 * so the credentials it protected stay readable. A key sealed by a keychain that is gone
 * now is never silently replaced: the passwords it protects would be lost.
 */
export function desktopSecretKey(sealedFile: string, legacyKeyFile: string, encryption: OsEncryption, platform: string = process.platform): Buffer | null {
  if (!hasKeychain(encryption, platform)) {
    if (fs.existsSync(sealedFile)) throw new Error(`The key of your remote sites' passwords was sealed by the system keychain, which is not available now (${sealedFile}). Unlock or install the keychain (on Linux: GNOME Keyring or KWallet) and start again, or remove that file and enter the remote sites' passwords again.`);
    return null;
  }
  if (fs.existsSync(sealedFile)) {
    const key = Buffer.from(unseal(sealedFile, encryption), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`The sealed key ${sealedFile} is damaged: remove it and enter the remote sites' passwords again.`);
    return key;
  }
  const legacy = fs.existsSync(legacyKeyFile) ? fs.readFileSync(legacyKeyFile) : null;
  const key = legacy?.length === KEY_BYTES ? legacy : randomBytes(KEY_BYTES);
  seal(sealedFile, key, encryption);
  if (legacy) fs.rmSync(legacyKeyFile);
  return key;
}
