// Fetches a resource from another server for the site (sideloaded images, embeds), with
// limits on time, size and redirects, and no way into the private network unless the
// site allows it: addresses are checked after DNS resolution, at connect time.
import http from 'node:http';
import https from 'node:https';
import { useAgent } from 'request-filtering-agent';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  allowPrivateNetwork: boolean;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { maxBytes: 32 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 3, allowPrivateNetwork: false };

export interface FetchedResource {
  bytes: Buffer;
  contentType: string;
  url: URL;
}

export class RemoteFetchError extends Error {
  constructor(readonly reason: 'invalid_url' | 'blocked' | 'too_large' | 'timeout' | 'http_status' | 'network' | 'redirects', message: string) {
    super(message);
  }
}

function getOnce(url: URL, limits: FetchLimits): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { agent: useAgent(url.href, { allowPrivateIPAddress: limits.allowPrivateNetwork }), timeout: limits.timeoutMs }, (response) => {
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        response.destroy();
        reject(new RemoteFetchError('too_large', `The remote file is larger than ${limits.maxBytes} bytes.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(new RemoteFetchError('too_large', `The remote file is larger than ${limits.maxBytes} bytes.`));
        } else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', (error) => reject(new RemoteFetchError('network', error.message)));
    });
    request.on('timeout', () => request.destroy(new RemoteFetchError('timeout', `The remote server did not answer within ${limits.timeoutMs} ms.`)));
    request.on('error', (error) => {
      if (error instanceof RemoteFetchError) reject(error);
      else if (/is not allowed/.test(error.message)) reject(new RemoteFetchError('blocked', 'The address is in a private or reserved network, which this site does not fetch from.'));
      else reject(new RemoteFetchError('network', `Could not reach the remote server: ${error.message}`));
    });
  });
}

export async function fetchRemote(address: string, limits: FetchLimits = DEFAULT_FETCH_LIMITS): Promise<FetchedResource> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RemoteFetchError('invalid_url', 'The URL is not valid.');
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError('invalid_url', 'Only http and https URLs can be fetched.');
    const response = await getOnce(url, limits);
    if (response.status >= 300 && response.status < 400 && response.headers.location) {
      if (redirects >= limits.maxRedirects) throw new RemoteFetchError('redirects', `More than ${limits.maxRedirects} redirects.`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw new RemoteFetchError('http_status', `The remote server answered ${response.status}.`);
    return { bytes: response.bytes, contentType: String(response.headers['content-type'] ?? ''), url };
  }
}
