// Uploads a file to the media library with progress: XMLHttpRequest, because fetch
// cannot report how much of a request body has been sent.
import type { MediaItem, ErrorBody } from '../../shared/site-types.ts';
import { retryAfterSeconds, SiteError, type SiteClient } from '../../shared/site-client.ts';
import { api } from '../../shared/api-routes.ts';

/** The file name as a Content-Disposition value: ASCII for any reader, UTF-8 for those that know filename*. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function failure(request: XMLHttpRequest): SiteError {
  let body: Partial<ErrorBody> = {};
  try {
    body = JSON.parse(request.responseText) as Partial<ErrorBody>;
  } catch {
    // Not JSON (a proxy's page, say): the status says enough (error-words.ts words it).
  }
  return new SiteError(body.code ?? 'upload_failed', body.message ?? '', request.status, body.data, retryAfterSeconds(request.getResponseHeader('retry-after')));
}

export function uploadFile(client: SiteClient, file: File, onProgress: (fraction: number) => void): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', client.url(api.mediaList()).toString());
    for (const [name, value] of Object.entries(client.authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.setRequestHeader('content-disposition', disposition(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new SiteError('network_error', 'The upload was interrupted. Check that the site is running and try again.', 0));
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) return reject(failure(request));
      try {
        resolve(JSON.parse(request.responseText) as MediaItem);
      } catch {
        reject(new SiteError('invalid_response', 'The site accepted the file but its answer could not be read.', request.status));
      }
    };
    request.send(file);
  });
}
