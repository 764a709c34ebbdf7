// Rows of the app_passwords table. Only the hash of a password is ever stored.
import type { Store } from './db.ts';

export interface AppPasswordRow {
  uuid: string;
  user_id: number;
  app_id: string;
  name: string;
  password_hash: string;
  created: string;
  last_used: string | null;
}

export function insertAppPassword(store: Store, row: Omit<AppPasswordRow, 'last_used'>): void {
  store.run(
    `INSERT INTO app_passwords (uuid, user_id, app_id, name, password_hash, created)
     VALUES (@uuid, @user_id, @app_id, @name, @password_hash, @created)`,
    row,
  );
}

export function listAppPasswords(store: Store, userId: number): AppPasswordRow[] {
  return store.all<AppPasswordRow>('SELECT * FROM app_passwords WHERE user_id = ? ORDER BY created, uuid', userId);
}

/** Returns whether a row was removed. */
export function revokeAppPassword(store: Store, userId: number, uuid: string): boolean {
  return store.run('DELETE FROM app_passwords WHERE user_id = ? AND uuid = ?', userId, uuid).changes > 0;
}

export interface Credential {
  id: number;
  login: string;
  role: string;
  uuid: string;
}

/**
 * The user and application password of a login (or email address) and a password hash, in
 * one lookup by the hash. The user is the one getUserByLogin picks: the login's owner, else
 * the email address's owner when no login is spelled that way. Undefined when they do not match.
 * Kept until users or application passwords change: a client sends the same ones with every request.
 */
export function findCredential(store: Store, loginOrEmail: string, passwordHash: string): Credential | undefined {
  return store.memoised(`credential\0${loginOrEmail}\0${passwordHash}`, () => store.get<Credential>(
    `SELECT u.id, u.login, u.role, a.uuid FROM app_passwords a JOIN users u ON u.id = a.user_id
     WHERE a.password_hash = @hash
       AND (u.login = @key OR (u.email = @key AND NOT EXISTS (SELECT 1 FROM users other WHERE other.login = @key)))`,
    { hash: passwordHash, key: loginOrEmail },
  ), ['app_passwords', 'users']);
}

export function touchAppPassword(store: Store, uuid: string, when: string): void {
  store.run('UPDATE app_passwords SET last_used = ? WHERE uuid = ?', when, uuid);
}
