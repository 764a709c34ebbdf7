// Secrets at rest (server/auth/passwords.ts): generated passwords, the application-password
// hash that finds a row, and salted scrypt hashes of account passwords.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateAccountPassword, generateAppPassword, hashAccountPassword, hashAppPassword, verifyAccountPassword,
} from '../../server/auth/passwords.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('generateAppPassword', () => {
  it('makes 24 letters and digits shown in six groups of four', () => {
    for (let i = 0; i < 50; i++) {
      const password = generateAppPassword();
      expect(password).toMatch(/^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/);
      expect(password.replace(/ /g, '')).toHaveLength(24);
    }
  });

  it('never repeats itself and uses the whole alphabet', () => {
    const passwords = Array.from({ length: 500 }, generateAppPassword);
    expect(new Set(passwords).size).toBe(passwords.length);
    const characters = new Set(passwords.join('').replace(/ /g, ''));
    // 12,000 draws from 62 symbols: every one of them turns up.
    expect(characters.size).toBe(62);
  });
});

describe('generateAccountPassword', () => {
  it('makes 20 letters and digits, different every time', () => {
    const passwords = Array.from({ length: 200 }, generateAccountPassword);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});

describe('hashAppPassword', () => {
  it('is the SHA-256 hex digest of the letters and digits', () => {
    expect(hashAppPassword('abcd EFGH ijkl MNOP qrst UV12')).toBe(sha256('abcdEFGHijklMNOPqrstUV12'));
    expect(hashAppPassword('abcdEFGHijklMNOPqrstUV12')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same hash with or without the spaces, or with other separators', () => {
    const password = generateAppPassword();
    const hash = hashAppPassword(password);
    expect(hashAppPassword(password.replace(/ /g, ''))).toBe(hash);
    expect(hashAppPassword(password.replace(/ /g, '-'))).toBe(hash);
    expect(hashAppPassword(` ${password.replace(/ /g, '  ')}\t`)).toBe(hash);
  });

  it('tells different passwords apart, and letter case matters', () => {
    const password = 'abcd efgh ijkl mnop qrst uvwx';
    expect(hashAppPassword(password)).not.toBe(hashAppPassword('abcd efgh ijkl mnop qrst uvwy'));
    expect(hashAppPassword(password)).not.toBe(hashAppPassword(password.toUpperCase()));
  });

  it('does not contain the password', () => {
    const password = generateAppPassword();
    expect(hashAppPassword(password)).not.toContain(password.replace(/ /g, '').slice(0, 8));
  });
});

describe('account passwords', () => {
  it('are stored as scrypt with a salt, never in clear', () => {
    const stored = hashAccountPassword('correct horse battery staple');
    const [scheme, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('correct horse');
  });

  it('get a new salt each time, so equal passwords have different hashes', async () => {
    const first = hashAccountPassword('same password');
    const second = hashAccountPassword('same password');
    expect(first).not.toBe(second);
    expect(first.split('$')[1]).not.toBe(second.split('$')[1]);
    expect(await verifyAccountPassword('same password', first)).toBe(true);
    expect(await verifyAccountPassword('same password', second)).toBe(true);
  });

  it('verify the right password only', async () => {
    const stored = hashAccountPassword('Pa55word-with-ü');
    expect(await verifyAccountPassword('Pa55word-with-ü', stored)).toBe(true);
    expect(await verifyAccountPassword('Pa55word-with-u', stored)).toBe(false);
    expect(await verifyAccountPassword('pa55word-with-ü', stored)).toBe(false);
    expect(await verifyAccountPassword('Pa55word-with-ü ', stored)).toBe(false);
    expect(await verifyAccountPassword('', stored)).toBe(false);
  });

  it('verify the empty password only against its own hash', async () => {
    expect(await verifyAccountPassword('', hashAccountPassword(''))).toBe(true);
    expect(await verifyAccountPassword('x', hashAccountPassword(''))).toBe(false);
  });

  it('never verify against a stored value that is not a whole scrypt hash', async () => {
    const stored = hashAccountPassword('secret-password');
    const [, salt, key] = stored.split('$');
    for (const broken of [
      '',
      'secret-password',
      `bcrypt$${salt}$${key}`,
      `scrypt$${salt}`,
      `scrypt$$${key}`,
      `scrypt$${salt}$`,
      // A key that decodes to nothing (or almost nothing) would match anything.
      `scrypt$${salt}$!!!!`,
      `scrypt$${salt}$AA==`,
      sha256('secret-password'),
    ]) {
      expect(await verifyAccountPassword('secret-password', broken), broken).toBe(false);
      expect(await verifyAccountPassword('anything else', broken), broken).toBe(false);
    }
  });
});
