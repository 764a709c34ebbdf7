// The desktop app's key for remote credentials, sealed by the system keychain. Electron's
// safeStorage is not available outside Electron, so a reversible stand-in with the same
// shape plays the keychain; what is checked is this app's handling of the key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopSecretKey, hasKeychain, type OsEncryption } from '../../electron/sealed-key.ts';
import { fileKeyCipher, keyCipher } from '../../server/auth/secret-cipher.ts';

const keychain: OsEncryption = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from(`sealed:${Buffer.from(plain).reverse().toString('hex')}`),
  decryptString: (sealed) => Buffer.from(sealed.toString().slice('sealed:'.length), 'hex').reverse().toString(),
  getSelectedStorageBackend: () => 'gnome_libsecret',
};

function files() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealed-key-'));
  return { sealed: path.join(dir, 'remote-sites.key.sealed'), legacy: path.join(dir, 'remote-sites.key') };
}

describe('the desktop secret key', () => {
  it('is made once, kept only in sealed form, and the same at the next start', () => {
    const { sealed, legacy } = files();
    const key = desktopSecretKey(sealed, legacy, keychain)!;
    expect(key).toHaveLength(32);
    expect(fs.readFileSync(sealed).includes(key)).toBe(false);
    expect(fs.readFileSync(sealed).toString()).not.toContain(key.toString('base64'));
    expect(fs.existsSync(legacy)).toBe(false);
    expect(desktopSecretKey(sealed, legacy, keychain)).toEqual(key);
  });

  it('adopts the key file of an earlier run, so the credentials it sealed stay readable, and removes the file', () => {
    const { sealed, legacy } = files();
    const stored = fileKeyCipher(legacy).encrypt('remote app password');
    const key = desktopSecretKey(sealed, legacy, keychain)!;
    expect(keyCipher(key).decrypt(stored)).toBe('remote app password');
    expect(fs.existsSync(legacy)).toBe(false);
  });

  it('gives no key where the keychain cannot encrypt, so the key file is used', () => {
    const { sealed, legacy } = files();
    expect(desktopSecretKey(sealed, legacy, { ...keychain, isEncryptionAvailable: () => false })).toBeNull();
    expect(fs.existsSync(sealed)).toBe(false);
  });

  it('refuses a damaged sealed key rather than sealing with a wrong one', () => {
    const { sealed, legacy } = files();
    fs.writeFileSync(sealed, keychain.encryptString('c2hvcnQ='));
    expect(() => desktopSecretKey(sealed, legacy, keychain)).toThrow(/damaged/);
  });
});

describe('the keychain behind safeStorage', () => {
  it('counts Linux without a keyring (basic_text, a password written in Chromium) as no keychain', () => {
    const { sealed, legacy } = files();
    const basicText = { ...keychain, getSelectedStorageBackend: () => 'basic_text' };
    expect(hasKeychain(basicText, 'linux')).toBe(false);
    expect(desktopSecretKey(sealed, legacy, basicText, 'linux')).toBeNull();
    expect(fs.existsSync(sealed)).toBe(false);
    expect(hasKeychain({ ...keychain, getSelectedStorageBackend: () => 'gnome_libsecret' }, 'linux')).toBe(true);
    expect(hasKeychain(keychain, 'darwin')).toBe(true);
  });

  it('never replaces a sealed key when its keychain is gone or changed, and says what to do', () => {
    const { sealed, legacy } = files();
    const libsecret = { ...keychain, getSelectedStorageBackend: () => 'gnome_libsecret' };
    const key = desktopSecretKey(sealed, legacy, libsecret, 'linux')!;
    const before = fs.readFileSync(sealed);
    expect(() => desktopSecretKey(sealed, legacy, { ...keychain, getSelectedStorageBackend: () => 'basic_text' }, 'linux')).toThrow(/not available now/);
    const otherKeychain = { ...libsecret, decryptString: () => { throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.'); } };
    expect(() => desktopSecretKey(sealed, legacy, otherKeychain, 'linux')).toThrow(/cannot open the key/);
    expect(fs.readFileSync(sealed)).toEqual(before);
    expect(fs.existsSync(legacy)).toBe(false);
    expect(desktopSecretKey(sealed, legacy, libsecret, 'linux')).toEqual(key);
  });
});
