// Rows of the users table.
import type { Store } from './db.ts';

export interface UserRow {
  id: number;
  login: string;
  email: string;
  name: string;
  slug: string;
  role: string;
  password_hash: string;
  url: string;
  description: string;
  registered: string;
}

export type NewUser = Omit<UserRow, 'id'>;

export function createUser(store: Store, user: NewUser): UserRow {
  const id = Number(
    store.run(
      `INSERT INTO users (login, email, name, slug, role, password_hash, url, description, registered)
       VALUES (@login, @email, @name, @slug, @role, @password_hash, @url, @description, @registered)`,
      user,
    ).lastInsertRowid,
  );
  return { id, ...user };
}

export function getUserById(store: Store, id: number): UserRow | undefined {
  return store.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
}

/** By login or, as sign-in forms allow, by email address. */
export function getUserByLogin(store: Store, loginOrEmail: string): UserRow | undefined {
  return store.get<UserRow>('SELECT * FROM users WHERE login = @key OR email = @key ORDER BY login = @key DESC LIMIT 1', { key: loginOrEmail });
}

export function listUsers(store: Store): UserRow[] {
  return store.all<UserRow>('SELECT * FROM users ORDER BY name COLLATE NOCASE, id');
}

export function setUserPassword(store: Store, id: number, passwordHash: string): void {
  store.run('UPDATE users SET password_hash = ? WHERE id = ?', passwordHash, id);
}
