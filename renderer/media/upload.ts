// Uploads a file to the media library with progress: XMLHttpRequest, because fetch
// cannot report how much of a request body has been sent.
import type { MediaItem, ErrorBody } from '../../shared/site-types.ts';
import { SiteError, type SiteClient } from '../../shared/site-client.ts';

/** The file name as a Content-Disposition value, safe for any characters in it. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function uploadFile(client: SiteClient, file: File, onProgress: (fraction: number) => void): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', client.url('cms/v2/media').toString());
    for (const [name, value] of Object.entries(client.authHeaders())) request.setRequestHeader(name, value);
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.setRequestHeader('content-disposition', disposition(file.name));
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new SiteError('network_error', 'The upload was interrupted. Check that the site is running and try again.', 0));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // handled below
      }
      if (request.status === 201) resolve(body as MediaItem);
      else {
        const error = (body ?? {}) as Partial<ErrorBody>;
        reject(new SiteError(error.code ?? 'upload_failed', error.message ?? `The upload failed (status ${request.status}).`, request.status, error.data));
      }
    };
    request.send(file);
  });
}
