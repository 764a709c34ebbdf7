// Account management shared by the CLI, site initialisation, benchmarks and tests:
// users with account passwords, and their application passwords.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/db.ts';
import { createUser, getUserByLogin, setUserPassword, type UserRow } from '../store/users.ts';
import { insertAppPassword, listAppPasswords, revokeAppPassword, type AppPasswordRow } from '../store/app-passwords.ts';
import { sanitizeTitle } from '../../shared/slugs.ts';
import { ROLES, isRole } from './capabilities.ts';
import { generateAccountPassword, generateAppPassword, hashAccountPassword, hashAppPassword } from './passwords.ts';

const LOGIN_PATTERN = /^[A-Za-z0-9_.@-]{1,60}$/;
const MIN_PASSWORD_LENGTH = 8;

function utcNow(): string {
  return new Date().toISOString().slice(0, 19);
}

function findUser(store: Store, login: string): UserRow {
  const user = getUserByLogin(store, login);
  if (!user) throw new Error(`No user "${login}".`);
  return user;
}

function checkedPassword(password: string | undefined): string {
  if (password === undefined) return generateAccountPassword();
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  return password;
}

export interface CreateUserInput {
  login: string;
  role: string;
  password?: string;
  email?: string;
  name?: string;
}

/**
 * Creates a user; returns it with its account password (generated when none was given).
 * `hashPassword` is the product's scrypt hash; test sites pass one that hashes each of their
 * fixed passwords once per process (the same scrypt, at the same cost).
 */
export function createUserCommand(store: Store, input: CreateUserInput, hashPassword = hashAccountPassword): { user: UserRow; password: string } {
  if (!LOGIN_PATTERN.test(input.login)) throw new Error('A login has 1 to 60 letters, digits, or the characters _ . @ -.');
  if (!isRole(input.role)) throw new Error(`Unknown role "${input.role}". Roles: ${ROLES.join(', ')}.`);
  if (getUserByLogin(store, input.login)) throw new Error(`A user "${input.login}" already exists.`);
  const email = input.email ?? `${input.login.toLowerCase()}@localhost.invalid`;
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`"${email}" is not an email address.`);
  if (getUserByLogin(store, email)) throw new Error(`The email address ${email} is already in use.`);
  const password = checkedPassword(input.password);
  const user = createUser(store, {
    login: input.login,
    email,
    name: input.name ?? input.login,
    slug: sanitizeTitle(input.login) || `user-${Date.now()}`,
    role: input.role,
    password_hash: hashPassword(password),
    url: '',
    description: '',
    registered: utcNow(),
  });
  return { user, password };
}

/** Sets a user's account password; returns it (generated when none was given). */
export function setPasswordCommand(store: Store, input: { login: string; password?: string }): string {
  const user = findUser(store, input.login);
  const password = checkedPassword(input.password);
  setUserPassword(store, user.id, hashAccountPassword(password));
  return password;
}

/** Creates an application password; the plain password is returned once and never stored. */
export function createAppPasswordFor(store: Store, user: UserRow, name: string, appId = ''): { uuid: string; password: string; created: string } {
  if (name.trim() === '') throw new Error('An application password needs a name.');
  const password = generateAppPassword();
  const row = { uuid: randomUUID(), user_id: user.id, app_id: appId, name: name.trim(), password_hash: hashAppPassword(password), created: utcNow() };
  insertAppPassword(store, row);
  return { uuid: row.uuid, password, created: row.created };
}

/** The app's one application password for the user, made anew: the earlier ones of that app are revoked, in one transaction. */
export function renewAppPassword(store: Store, login: string, name: string, appId: string): { login: string; password: string } {
  const user = findUser(store, login);
  // Under the write lock: two renewals at once (through two instances) leave one password, not two.
  return store.writeTransaction(() => {
    for (const old of listAppPasswords(store, user.id)) {
      if (old.app_id === appId) revokeAppPassword(store, user.id, old.uuid);
    }
    return { login: user.login, password: createAppPasswordFor(store, user, name, appId).password };
  });
}

export function appPasswordCreateCommand(store: Store, input: { login: string; name: string; appId?: string }) {
  return createAppPasswordFor(store, findUser(store, input.login), input.name, input.appId);
}

export function appPasswordListCommand(store: Store, input: { login: string }): AppPasswordRow[] {
  return listAppPasswords(store, findUser(store, input.login).id);
}

export function appPasswordRevokeCommand(store: Store, input: { login: string; uuid: string }): void {
  if (!revokeAppPassword(store, findUser(store, input.login).id, input.uuid)) {
    throw new Error(`User "${input.login}" has no application password ${input.uuid}.`);
  }
}
