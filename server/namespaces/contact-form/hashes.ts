// Keyed hashes of the contact forms: quiz answers (so that a form carries the hash of its
// answer, never the answer) and posted data (so that a client can tell its submissions apart).
import { createHmac } from 'node:crypto';
import type { Store } from '../../store/db.ts';
import { siteSecret } from '../../auth/site-secret.ts';

function keyedHash(store: Store, scheme: string, data: string): string {
  return createHmac('sha256', siteSecret(store)).update(`${scheme}\n${data}`).digest('hex');
}

/** The hash of a canonical quiz answer. */
export function quizAnswerHash(store: Store, canonicalAnswer: string): string {
  return keyedHash(store, 'contact-form-quiz', canonicalAnswer);
}

/** Half-hour ticks, as the posted-data hash of the reference plugin changes every 30 minutes. */
export function hashTick(now = Date.now()): number {
  return Math.ceil(now / (30 * 60 * 1000));
}

export function postedDataHash(store: Store, parts: { remoteIp: string; unitTag: string; posted: unknown }, now = Date.now()): string {
  return keyedHash(store, 'contact-form-submission', JSON.stringify([hashTick(now), parts.remoteIp, parts.unitTag, parts.posted]));
}
