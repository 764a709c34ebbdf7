// The library's files in a folder: the data directory's `uploads/` (one writer, the
// default and the desktop's only backend) or a shared folder that several instances mount,
// as a network file system is. Every write goes to a temporary name and is renamed into
// place, so a reader on any instance sees a whole file or none; nothing about the files is
// remembered in the process, since another instance may change them at any time.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { checkedRelative, storageUnavailable, type FolderStorage, type NameClaims, type StoredEntry } from './storage.ts';

/** What a network file system answers when its server is away: the request may be tried again. */
const DOWN = new Set(['EIO', 'ESTALE', 'ENOTCONN', 'ETIMEDOUT', 'EHOSTDOWN', 'EHOSTUNREACH', 'ECONNREFUSED']);

async function unavailableIfDown<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw DOWN.has((error as NodeJS.ErrnoException).code ?? '') ? storageUnavailable(error) : error;
  }
}

function nullIfGone(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}

/**
 * Whether `relative` names an existing file whose real path (links resolved) is outside
 * `folder`: a symbolic link in the folder must not lend it what it points at.
 */
export async function leavesFolder(folder: string, relative: string): Promise<boolean> {
  try {
    const [root, real] = await Promise.all([fs.promises.realpath(folder), fs.promises.realpath(path.join(folder, relative))]);
    const inside = path.relative(root, real);
    return inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside);
  } catch (error) {
    return nullIfGone(error as NodeJS.ErrnoException) ?? false;
  }
}

function notFound(relative: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such file in the library, '${relative}'`), { code: 'ENOENT' });
}

export class FolderMediaStorage implements FolderStorage {
  readonly folder: string;
  readonly description: string;

  /** `shared`: other instances write in the folder too (orphans are then only old files). */
  constructor(folder: string, readonly shared: boolean) {
    this.folder = path.resolve(folder);
    this.description = `${shared ? 'shared folder' : 'folder'} ${this.folder}`;
  }

  private absolute(relative: string): string {
    return path.join(this.folder, checkedRelative(relative));
  }

  nameClaims(subdir: string): NameClaims {
    const dir = this.absolute(subdir);
    return {
      exclusive: true,
      names: async () => {
        await unavailableIfDown(fs.promises.mkdir(dir, { recursive: true }));
        return unavailableIfDown(fs.promises.readdir(dir));
      },
      claim: async (candidate) => {
        try {
          await (await fs.promises.open(path.join(dir, candidate), 'wx')).close(); // O_EXCL
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw error;
        }
      },
      release: (candidate) => fs.promises.rm(path.join(dir, candidate), { force: true }),
    };
  }

  async write(relative: string, bytes: Buffer): Promise<void> {
    const target = this.absolute(relative);
    // A dot name: never served, and removed as an orphan if the process dies before the rename.
    const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await unavailableIfDown(fs.promises.writeFile(temporary, bytes));
      await unavailableIfDown(fs.promises.rename(temporary, target));
    } catch (error) {
      await fs.promises.rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
  }

  async read(relative: string): Promise<Buffer<ArrayBuffer>> {
    if (await unavailableIfDown(leavesFolder(this.folder, checkedRelative(relative)))) throw notFound(relative);
    return unavailableIfDown(fs.promises.readFile(this.absolute(relative)));
  }

  async size(relative: string): Promise<number | null> {
    if (await unavailableIfDown(leavesFolder(this.folder, checkedRelative(relative)))) return null;
    const stat = await unavailableIfDown(fs.promises.stat(this.absolute(relative))).catch(nullIfGone);
    return stat?.isFile() ? stat.size : null;
  }

  async remove(relatives: Iterable<string>): Promise<void> {
    for (const relative of relatives) await unavailableIfDown(fs.promises.rm(this.absolute(relative), { force: true }));
  }

  async list(): Promise<StoredEntry[]> {
    const entries = (await unavailableIfDown(fs.promises.readdir(this.folder, { recursive: true, withFileTypes: true })).catch(nullIfGone)) ?? [];
    const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
    // Another instance may remove a file between the listing and its stat: it is simply not listed.
    const listed = await Promise.all(files.map(async (file) => {
      const stat = await unavailableIfDown(fs.promises.stat(file)).catch(nullIfGone);
      return stat ? [{ path: path.relative(this.folder, file).split(path.sep).join('/'), modified: stat.mtime }] : [];
    }));
    return listed.flat();
  }

  async probe(): Promise<void> {
    await unavailableIfDown(fs.promises.readdir(this.folder)).catch(nullIfGone);
  }

  close(): void {}
}
