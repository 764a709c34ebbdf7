// A site's SQLite file that is damaged or cannot be written is refused at start, with a
// message that names the file and says what to do, instead of being papered over: SQLite
// would set up a new site in a zero-length file (with a new administrator password) and
// serve from a file whose pages are malformed until a read reached the damage.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type SqlDatabase, type SqliteDriver } from './sqlite.ts';

/** quick_check reads every page; above this size it would hold the start too long, and is left to the operator. */
const QUICK_CHECK_MAX_BYTES = 2 * 1024 ** 3;

/** The start's error for a database file that cannot be used; `temporary: false` so nothing retries it. */
export class DamagedDatabaseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DamagedDatabaseError';
  }
}

function restoreAdvice(file: string): string {
  return `Restore it from a backup: stop every instance of the site, put the backup in place of ${file}, remove ${path.basename(file)}-wal and ${path.basename(file)}-shm beside it if they are there, then start again.`;
}

/**
 * A new site's file appears whole, never empty: it is made beside its place with SQLite's header
 * written (WAL mode), then linked into place, which fails if another instance starting at the same
 * moment got there first (then that one's is used). An instance that found an empty file being
 * made would take it for a lost database (checkBeforeOpen).
 */
export function createWhole(file: string, driver?: SqliteDriver): void {
  if (fs.existsSync(file)) return;
  const draft = `${file}.new-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const db = openDatabase(draft, driver);
    try {
      db.pragma('journal_mode = WAL');
    } finally {
      db.close();
    }
    try {
      fs.linkSync(draft, file);
    } catch {
      // Made by another instance meanwhile (EEXIST): theirs is the site's. A file system without
      // links leaves the file to the open, which makes it.
    }
  } finally {
    for (const leftover of [draft, `${draft}-wal`, `${draft}-shm`]) fs.rmSync(leftover, { force: true });
  }
}

/** Before SQLite opens the file: one that exists but is empty was a site's database once, and is not one now. */
export function checkBeforeOpen(file: string): void {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return; // no file yet: a new site
  }
  if (size === 0) throw new DamagedDatabaseError(`The site's database ${file} is empty (0 bytes): its content is gone. ${restoreAdvice(file)} To start a new site instead, remove the empty file.`);
}

/** The open's or the first statements' failure, said in words that name the file. */
export function openFailure(file: string, error: unknown): Error {
  const { code } = (error ?? {}) as { code?: unknown };
  const detail = (error as Error).message;
  const name = typeof code === 'string' ? code : '';
  if (name.startsWith('SQLITE_NOTADB') || name.startsWith('SQLITE_CORRUPT') || /not a database|malformed/i.test(detail)) {
    return new DamagedDatabaseError(`The site's database ${file} is damaged (${detail}). ${restoreAdvice(file)}`, { cause: error });
  }
  if (name.startsWith('SQLITE_READONLY') || name.startsWith('SQLITE_CANTOPEN') || name.startsWith('SQLITE_IOERR') || /readonly|unable to open/i.test(detail)) {
    return new DamagedDatabaseError(`The site's database ${file} cannot be opened for writing (${detail}). Check that the folder ${path.dirname(file)} and the file exist and that this user may write to both, then start again.`, { cause: error });
  }
  return error as Error;
}

/** After the open: SQLite's own check of every page (its quick form), bounded by the file's size. */
export function checkPages(db: SqlDatabase, file: string): void {
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size > QUICK_CHECK_MAX_BYTES) {
    console.log(`The database ${file} is larger than ${QUICK_CHECK_MAX_BYTES / 1024 ** 3} GiB: its pages were not checked at start (run PRAGMA quick_check on it in a quiet hour).`);
    return;
  }
  // In one read transaction: the check connects the search index's virtual table, and read
  // outside one, another instance's migration committing meanwhile fails that connection
  // ("vtable constructor failed: posts_search_title"), which ended a start beside starting instances.
  const problems = db.transaction(() => db.pragma('quick_check(5)') as { quick_check: string }[])();
  const found = problems.map((row) => row.quick_check).filter((line) => line !== 'ok');
  if (found.length > 0) throw new DamagedDatabaseError(`The site's database ${file} is damaged (SQLite's check says: ${found.join('; ')}). ${restoreAdvice(file)}`);
}
