// How secrets are sealed at rest (remote-site credentials, the SMTP password). The interface
// is the shape of Electron's safeStorage (encryptString/decryptString), so the desktop shell
// can plug it in; otherwise a random AES-256-GCM key is kept in its own file with
// owner-only permissions.
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretCipher {
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of every sealed value, so that the format can change later. */
const FORMAT = 1;

function readOrCreateKey(keyFile: string): Buffer {
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  try {
    // 'wx': never overwrite a key another process has just written.
    fs.writeFileSync(keyFile, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32' && (fs.statSync(keyFile).mode & 0o077) !== 0) fs.chmodSync(keyFile, 0o600);
  const key = fs.readFileSync(keyFile);
  if (key.length !== KEY_BYTES) throw new Error(`The key file ${keyFile} is damaged: remove it and enter the passwords it protected again.`);
  return key;
}

/** AES-256-GCM under a key file (see keyCipher). */
export function fileKeyCipher(keyFile: string): SecretCipher {
  return keyCipher(readOrCreateKey(keyFile));
}

/** AES-256-GCM: [format][iv][tag][ciphertext]; tampering fails the tag check. */
export function keyCipher(key: Buffer): SecretCipher {
  if (key.length !== KEY_BYTES) throw new Error(`A secret key has ${KEY_BYTES} bytes, not ${key.length}.`);
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT) throw new Error('The stored secret is not in a format this app knows.');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('The stored secret cannot be read with this key: it was changed, or the key file was replaced.');
      }
    },
  };
}

/** Browser mode's key file: beside the data directory (`<dir>.key`), never inside it. */
export function keyFileBeside(dataDir: string): string {
  return `${path.resolve(dataDir)}.key`;
}
