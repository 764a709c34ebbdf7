// Sign-in sessions of the credential-grant page. The cookie holds a random token; the
// table holds only its hash, so a copy of the database cannot be used to sign in.
import { createHash, randomBytes } from 'node:crypto';
import type { Store } from './db.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSession(store: Store, userId: number, lifetimeMs: number): string {
  const token = randomBytes(32).toString('base64url');
  store.run('DELETE FROM sessions WHERE expires < ?', Date.now());
  store.run('INSERT INTO sessions (token_hash, user_id, expires) VALUES (?, ?, ?)', hashToken(token), userId, Date.now() + lifetimeMs);
  return token;
}

export function sessionUserId(store: Store, token: string): number | null {
  const row = store.get<{ user_id: number; expires: number }>('SELECT user_id, expires FROM sessions WHERE token_hash = ?', hashToken(token));
  return row && row.expires > Date.now() ? row.user_id : null;
}
