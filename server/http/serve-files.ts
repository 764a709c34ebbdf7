// Serves files from a folder with `send`: content types, ETag and Last-Modified, range
// requests, and no way out of the folder. Used for the media library's uploads and for
// the desktop app's renderer when the host mounts it. Uploads kept in an object store are
// streamed from it, which answers the same conditional and range requests itself.
import type http from 'node:http';
import { pipeline } from 'node:stream/promises';
import send from 'send';
import { RestError } from '../rest/errors.ts';
import type { MediaStorage, ObjectStorage } from '../media/storage.ts';
import { leavesFolder } from '../media/folder-storage.ts';

export interface FileMount {
  /** URL path prefix, e.g. `/uploads` or `/app`. */
  path: string;
  /** A folder, or the media storage (which may be a folder too). */
  dir: string | MediaStorage;
  /** Served for paths with no file (a single-page app's index.html). */
  fallback?: string;
  contentSecurityPolicy: string;
}

function securityHeaders(response: http.ServerResponse, mount: FileMount): void {
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('content-security-policy', mount.contentSecurityPolicy);
}

function answerPlain(res: http.ServerResponse, status: number): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(status === 404 ? 'Not found' : 'Error');
}

/** A URL path below the mount as an object's path: decoded once, with no dot segment, dot file, backslash or NUL. */
function objectPath(relativePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath.replace(/^\/+/, ''));
  } catch {
    return null;
  }
  const segments = decoded.split('/');
  return segments.every((segment) => segment !== '' && !segment.startsWith('.') && !/[\\\0]/.test(segment)) ? decoded : null;
}

async function serveObject(storage: ObjectStorage, mount: FileMount, req: http.IncomingMessage, res: http.ServerResponse, relativePath: string): Promise<void> {
  const relative = objectPath(relativePath);
  if (relative === null) return answerPlain(res, 404);
  try {
    const headers: Record<string, string | undefined> = {};
    for (const name of ['range', 'if-range', 'if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'cache-control']) headers[name] = req.headers[name] as string | undefined;
    const answer = await storage.fetch(relative, { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers });
    if (answer.status === 404) return answerPlain(res, 404);
    securityHeaders(res, mount);
    res.writeHead(answer.status, answer.headers);
    if (answer.body) await pipeline(answer.body, res);
    else res.end();
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A storage that cannot be reached says when to try again; anything else from it is a bad gateway.
    if (error instanceof RestError && error.status === 503) {
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      answerPlain(res, 503);
    } else answerPlain(res, 502);
  }
}

/** The path below the mount as `send` will read it (decoded once); null when it cannot be decoded or holds a NUL, which `send` refuses itself. */
function decodedPath(relativePath: string): string | null {
  try {
    const decoded = decodeURIComponent(relativePath);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

export function serveFile(mount: FileMount, req: http.IncomingMessage, res: http.ServerResponse, relativePath: string): void {
  const root = typeof mount.dir === 'string' ? mount.dir : mount.dir.folder;
  if (root === undefined) {
    void serveObject(mount.dir as ObjectStorage, mount, req, res, relativePath);
    return;
  }
  const decoded = decodedPath(relativePath);
  // A link in the folder that leads out of it is answered as no file at all.
  void (decoded === null ? Promise.resolve(false) : leavesFolder(root, decoded)).then(
    (leaves) => (leaves ? answerPlain(res, 404) : sendFromFolder(root, mount, req, res, relativePath)),
    () => answerPlain(res, 500),
  );
}

function sendFromFolder(root: string, mount: FileMount, req: http.IncomingMessage, res: http.ServerResponse, relativePath: string): void {
  send(req, relativePath === '/' || relativePath === '' ? '/index.html' : relativePath, {
    root, dotfiles: 'deny', index: false, etag: true, lastModified: true, maxAge: 0,
  })
    .on('headers', (response: http.ServerResponse) => securityHeaders(response, mount))
    .on('error', (error: { status?: number }) => {
      if (error.status === 404 && mount.fallback && relativePath !== mount.fallback) {
        serveFile({ ...mount, fallback: undefined }, req, res, mount.fallback);
        return;
      }
      answerPlain(res, error.status ?? 500);
    })
    .pipe(res);
}

/** The mount a URL path falls under, with the path below it. */
export function findMount(mounts: readonly FileMount[], pathname: string): { mount: FileMount; relative: string } | null {
  for (const mount of mounts) {
    if (pathname === mount.path || pathname.startsWith(`${mount.path}/`)) return { mount, relative: pathname.slice(mount.path.length) || '/' };
  }
  return null;
}
