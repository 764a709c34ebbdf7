// Serves files from a folder with `send`: content types, ETag and Last-Modified, range
// requests, and no way out of the folder. Used for the media library's uploads and for
// the desktop app's renderer when the host mounts it.
import type http from 'node:http';
import send from 'send';

export interface FileMount {
  /** URL path prefix, e.g. `/uploads` or `/app`. */
  path: string;
  dir: string;
  /** Served for paths with no file (a single-page app's index.html). */
  fallback?: string;
  contentSecurityPolicy: string;
}

export function serveFile(mount: FileMount, req: http.IncomingMessage, res: http.ServerResponse, relativePath: string): void {
  send(req, relativePath === '/' || relativePath === '' ? '/index.html' : relativePath, {
    root: mount.dir, dotfiles: 'deny', index: false, etag: true, lastModified: true, maxAge: 0,
  })
    .on('headers', (response: http.ServerResponse) => {
      response.setHeader('x-content-type-options', 'nosniff');
      response.setHeader('content-security-policy', mount.contentSecurityPolicy);
    })
    .on('error', (error: { status?: number }) => {
      if (error.status === 404 && mount.fallback && relativePath !== mount.fallback) {
        serveFile({ ...mount, fallback: undefined }, req, res, mount.fallback);
        return;
      }
      res.statusCode = error.status ?? 500;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(res.statusCode === 404 ? 'Not found' : 'Error');
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
