// Serves the media library's files at {base_url}/uploads/… with `send`: content types,
// ETag and Last-Modified, range requests, and no way out of the uploads folder.
import type http from 'node:http';
import send from 'send';
import type { SiteContext } from '../site-context.ts';

export function serveUpload(site: SiteContext, req: http.IncomingMessage, res: http.ServerResponse, relativePath: string): void {
  send(req, relativePath, { root: site.uploadsDir, dotfiles: 'deny', index: false, etag: true, lastModified: true, maxAge: 0 })
    .on('headers', (response: http.ServerResponse) => {
      response.setHeader('x-content-type-options', 'nosniff');
      response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    })
    .on('error', (error: { status?: number }) => {
      res.statusCode = error.status ?? 500;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(res.statusCode === 404 ? 'Not found' : 'Error');
    })
    .pipe(res);
}
