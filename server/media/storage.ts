// Where the media library's files are kept: one interface, three backends (the data
// directory's uploads folder, a shared folder several instances mount, an S3 bucket).
// Every reader and writer of media files goes through it; paths are relative to the
// library's root, '/'-separated (`2026/01/photo-150x150.jpg`).
import type { Readable } from 'node:stream';
import path from 'node:path';
import { RestError } from '../rest/errors.ts';

/** Seconds a client is asked to wait when the storage cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

/** The storage (a bucket, a network mount) cannot be reached now: 503, try again shortly. */
export function storageUnavailable(cause: unknown): RestError {
  const error = new RestError('rest_media_storage_unavailable', 'The media storage cannot be reached just now. Try again in a few seconds.', 503, {}, { 'retry-after': String(RETRY_AFTER_SECONDS) });
  error.cause = cause;
  return error;
}

/** What a GET or HEAD of a file asked, as the store needs it: conditional and range headers. */
export interface FileRequest {
  method: 'GET' | 'HEAD';
  headers: Record<string, string | undefined>;
}

/** An object store's answer to a `FileRequest`: 200, 206, 304, 404, 412 or 416, with its headers. */
export interface FileAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable | null;
}

export interface StoredEntry {
  path: string;
  modified: Date;
}

interface StorageBase {
  /** What it is, for the start-up message: never a credential. */
  readonly description: string;
  /** Whether other instances write here too: a file no item names may be one of their uploads in flight. */
  readonly shared: boolean;
  /**
   * How this storage claims names in one folder (`subdir`) of the library, for names starting
   * with `base`: its listing, and its exclusive create (which some S3 servers do not honour:
   * there the site claims each name in its database too, `content/media-names.ts`).
   */
  nameClaims(subdir: string, base: string): NameClaims;
  /** Writes a whole file; a reader sees the old file or the new one, never a part. */
  write(relative: string, bytes: Buffer): Promise<void>;
  read(relative: string): Promise<Buffer<ArrayBuffer>>;
  /** The file's size in bytes, or null when there is none. */
  size(relative: string): Promise<number | null>;
  /** Removes files quietly: a file already gone is no error. */
  remove(relatives: Iterable<string>): Promise<void>;
  /** Every file under the root, with when it was last written. */
  list(): Promise<StoredEntry[]>;
  /** Reads the root a little (one listing call): rejects when the storage cannot be read. */
  probe(): Promise<void>;
  close(): void;
}

/** Files in a folder of a file system: served from it as files are. */
export interface FolderStorage extends StorageBase {
  readonly folder: string;
}

/** Files in an object store, which answers conditional and range reads itself. */
export interface ObjectStorage extends StorageBase {
  readonly folder?: undefined;
  fetch(relative: string, request: FileRequest): Promise<FileAnswer>;
}

export type MediaStorage = FolderStorage | ObjectStorage;

/** A path below the root, or an error: no `..`, no absolute path, no empty segment, no NUL. */
export function checkedRelative(relative: string): string {
  const normal = path.posix.normalize(relative);
  if (relative.includes('\0') || relative.includes('\\') || normal !== relative || normal.startsWith('/') || normal.startsWith('..') || normal === '.' || relative.endsWith('/')) {
    throw new Error('Path leaves the uploads folder.');
  }
  return relative;
}

/** Whether `file` is `base` in any format, or a copy or size made from it (`base-scaled.jpg`, `base-150x150.jpg`). */
function isDerivedName(base: string, file: string): boolean {
  return file.startsWith(base) && /^(-scaled|-rotated|-\d+x\d+)?\.[^.]+$/.test(file.slice(base.length));
}

/** How a backend claims a name in one folder of the library. */
export interface NameClaims {
  /** The names of the folder's files (all those starting with the base will do). */
  names(): Promise<string[]>;
  /** Creates an empty file of that name, atomically; false when a file has it already. */
  claim(name: string): Promise<boolean>;
  /** Whether `claim` keeps every other writer off the name (a file system's O_EXCL does; an S3 server may ignore If-None-Match). */
  readonly exclusive: boolean;
  release(name: string): Promise<void>;
}

/**
 * The first free name of `base.ext`, `base-2.ext`…, claimed. A name is taken too when a file
 * the upload will make (its converted, scaled or rotated copy, its sizes) exists already.
 * Another instance may claim a sibling of the same base (`photo.heic` while this one claims
 * `photo.jpg`, whose served copy would be the same file) between the listing and the claim:
 * the folder is listed again after, and a name with a newcomer sibling is given up.
 */
export async function reserveName(claims: NameClaims, base: string, ext: string): Promise<string> {
  const seen = new Set(await claims.names());
  for (let attempt = 1; ; attempt++) {
    const candidate = attempt === 1 ? base : `${base}-${attempt}`;
    if ([...seen].some((file) => isDerivedName(candidate, file))) continue;
    const name = `${candidate}.${ext}`;
    if (!(await claims.claim(name))) {
      seen.add(name);
      continue;
    }
    const after = await claims.names();
    if (!after.some((file) => file !== name && !seen.has(file) && isDerivedName(candidate, file))) return name;
    await claims.release(name);
    for (const file of after) seen.add(file);
  }
}
