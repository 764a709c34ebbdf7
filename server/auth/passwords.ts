// Secrets at rest: account passwords are scrypt-hashed with a salt; application passwords
// are long random strings, so one SHA-256 suffices and lets a request find its row by hash.
import { createHash, randomBytes, randomInt, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import pLimit from 'p-limit';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SCRYPT_KEY_LENGTH = 32;
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

function randomString(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** 24 characters in groups of four, as application passwords are shown to users. */
export function generateAppPassword(): string {
  return randomString(24).match(/.{4}/g)!.join(' ');
}

export function generateAccountPassword(): string {
  return randomString(20);
}

/**
 * Clients may send an application password with or without its spaces: as the reference
 * API, anything but letters and digits is left out (generated passwords have nothing else).
 */
export function hashAppPassword(password: string): string {
  return createHash('sha256').update(password.replace(/[^A-Za-z0-9]/g, '')).digest('hex');
}

/** Sync: for the command line and a new site's first user, never while serving requests. */
export function hashAccountPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, SCRYPT_KEY_LENGTH);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** A hash that matches no password, checked for unknown logins so that they cost what known ones do. */
export const UNMATCHABLE_HASH = `scrypt$${randomBytes(16).toString('base64')}$${randomBytes(SCRYPT_KEY_LENGTH).toString('base64')}`;

/**
 * One check at a time: each takes a core for ~50 ms and 16 MB, and a burst of them would
 * otherwise take every core and libuv's whole thread pool (which file reads share).
 */
const oneAtATime = pLimit(1);

/** Hashes on libuv's thread pool, one check at a time: sign-ins never stall the requests being served. */
export async function verifyAccountPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  // A damaged key (empty once decoded, or short) would match any password, or too many.
  if (expected.length !== SCRYPT_KEY_LENGTH) return false;
  const actual = await oneAtATime(() => scryptAsync(password, Buffer.from(salt, 'base64'), expected.length));
  return timingSafeEqual(actual, expected);
}
