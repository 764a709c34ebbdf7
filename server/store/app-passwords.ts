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

export function findAppPassword(store: Store, userId: number, passwordHash: string): AppPasswordRow | undefined {
  return store.get<AppPasswordRow>('SELECT * FROM app_passwords WHERE user_id = ? AND password_hash = ?', userId, passwordHash);
}

export function touchAppPassword(store: Store, uuid: string, when: string): void {
  store.run('UPDATE app_passwords SET last_used = ? WHERE uuid = ?', when, uuid);
}
