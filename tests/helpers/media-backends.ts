// The media storage backends the media tests run against: the data directory's folder
// (today's default), a folder shared by several instances, and a real S3-compatible server
// (s3rver, from the npm registry) started on a free port in a temp directory. Files are
// looked at through the site's own storage, so one test reads the same on every backend.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import './s3rver-written.ts';
import type { MediaChoice } from '../../server/media/open-storage.ts';
import type { TestSite } from './test-site.ts';

export const MEDIA_BACKENDS = ['folder', 'shared folder', 's3'] as const;
export type MediaBackendName = (typeof MEDIA_BACKENDS)[number];

export interface MediaBackend {
  name: MediaBackendName;
  /** The site options that put a site's media here: each site started with them shares the files. */
  choice: MediaChoice;
  close(): Promise<void>;
}

/** An S3 backend whose server can be stopped and started again on the same port, with the same files. */
export interface S3Backend extends MediaBackend {
  /** Stops the server; the returned function starts it again. */
  outage(): Promise<() => Promise<void>>;
}

/** s3rver's fixed credentials; the SDK reads them from the environment, as in production. */
const S3RVER_KEY = 'S3RVER';

let bucketCount = 0;

const CREDENTIALS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
/** The S3 backends open, and the credentials the environment held before the first of them. */
let lent: { open: number; before: Partial<Record<(typeof CREDENTIALS)[number], string>> } | null = null;

/**
 * Sets s3rver's credentials in the environment for an S3 backend; the returned function, called
 * when that backend closes, gives the environment back as it was once no S3 backend is open (the
 * files share their workers: the next one finds it as this one did).
 */
function lendCredentials(): () => void {
  lent ??= { open: 0, before: Object.fromEntries(CREDENTIALS.map((name) => [name, process.env[name]])) };
  lent.open += 1;
  for (const name of CREDENTIALS) process.env[name] = S3RVER_KEY;
  return () => {
    if (!lent || --lent.open > 0) return;
    for (const name of CREDENTIALS) {
      if (lent.before[name] === undefined) delete process.env[name];
      else process.env[name] = lent.before[name];
    }
    lent = null;
  };
}

/** A backend of its own (a new folder, or a new bucket on a new server), removed by `close`. */
export async function startMediaBackend(name: 's3'): Promise<S3Backend>;
export async function startMediaBackend(name: MediaBackendName): Promise<MediaBackend>;
export async function startMediaBackend(name: MediaBackendName): Promise<MediaBackend | S3Backend> {
  if (name === 'folder') return { name, choice: {}, close: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name === 's3' ? 's3rver-' : 'shared-media-'));
  const remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  if (name === 'shared folder') return { name, choice: { mediaDir: dir }, close: remove };
  const bucket = `media-${process.pid}-${++bucketCount}`;
  const serve = (port: number) => new S3rver({ port, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  let server = serve(0);
  const { port } = await server.run();
  const giveBackCredentials = lendCredentials();
  return {
    name,
    choice: { media: `s3://${bucket}/library?endpoint=http://127.0.0.1:${port}&region=us-east-1` },
    async outage() {
      await server.close();
      return async () => {
        server = serve(port);
        await server.run();
      };
    },
    close: async () => {
      await server.close();
      await remove();
      giveBackCredentials();
    },
  };
}

/** The path under the library of one of the site's uploads URLs. */
export function storedPath(site: TestSite, sourceUrl: string): string {
  const prefix = `${site.url}/uploads/`;
  if (!sourceUrl.startsWith(prefix)) throw new Error(`Not an uploads URL: ${sourceUrl}`);
  return sourceUrl.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
}

const storageOf = (site: TestSite) => site.running.site.context.media;

/** Every file of the library, sorted. */
export async function storedFiles(site: TestSite): Promise<string[]> {
  return (await storageOf(site).list()).map((entry) => entry.path).sort();
}

/** The bytes of the file an uploads URL (or a path under the library) names. */
export function storedBytes(site: TestSite, urlOrPath: string): Promise<Buffer> {
  return storageOf(site).read(urlOrPath.startsWith('http') ? storedPath(site, urlOrPath) : urlOrPath);
}

/** The file's size, or null when there is none. */
export function storedSize(site: TestSite, urlOrPath: string): Promise<number | null> {
  return storageOf(site).size(urlOrPath.startsWith('http') ? storedPath(site, urlOrPath) : urlOrPath);
}

/** When the file was last written. */
export async function storedModified(site: TestSite, urlOrPath: string): Promise<number | undefined> {
  const wanted = urlOrPath.startsWith('http') ? storedPath(site, urlOrPath) : urlOrPath;
  return (await storageOf(site).list()).find((entry) => entry.path === wanted)?.modified.getTime();
}

export function removeStored(site: TestSite, urlOrPath: string): Promise<void> {
  return storageOf(site).remove([urlOrPath.startsWith('http') ? storedPath(site, urlOrPath) : urlOrPath]);
}
