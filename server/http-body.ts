// Reading and parsing request bodies: size limits enforced while the bytes stream in,
// JSON, form-encoded and multipart (busboy) bodies, and raw file bodies for uploads.
import type http from 'node:http';
import busboy from 'busboy';
import qs from 'qs';
import type { UploadedFile } from './rest/types.ts';
import { RestError } from './rest/errors.ts';

const QS_OPTIONS = { depth: 10, arrayLimit: 1000 };

const tooLarge = (limit: number) =>
  new RestError('rest_request_too_large', `The request body is larger than the limit of ${limit} bytes.`, 413);

/** Bytes read and dropped after a refusal, so the client gets its 413 before the connection is cut. */
const DRAIN_ALLOWANCE = 4 * 1024 * 1024;

/**
 * Reads the whole body, refusing as soon as it passes `limit`: nothing more is kept, the rest
 * is read and dropped (cutting the connection only past a further allowance), so the 413 is
 * answered rather than lost to a reset connection.
 */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        if (!refused) {
          refused = true;
          chunks.length = 0;
          reject(tooLarge(limit));
        }
        if (size > limit + DRAIN_ALLOWANCE) req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export interface ParsedBody {
  body?: Record<string, unknown>;
  rawBody?: Buffer;
  files?: Record<string, UploadedFile>;
}

function parseJson(raw: Buffer): ParsedBody {
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { body: parsed as Record<string, unknown> };
    return {};
  } catch (error) {
    throw new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
      json_error_code: 4,
      json_error_message: (error as Error).message,
    });
  }
}

function parseMultipart(raw: Buffer, headers: http.IncomingHttpHeaders): Promise<ParsedBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, defParamCharset: 'utf8' });
    } catch (error) {
      reject(new RestError('rest_invalid_multipart', `The multipart body cannot be read: ${(error as Error).message}`, 400));
      return;
    }
    const fields: string[] = [];
    const files: Record<string, UploadedFile> = {};
    parser.on('field', (name, value) => fields.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        files[name] = { fileName: info.filename ?? '', contentType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('error', (error: Error) => reject(new RestError('rest_invalid_multipart', `The multipart body cannot be read: ${error.message}`, 400)));
    parser.on('close', () => resolve({ body: qs.parse(fields.join('&'), QS_OPTIONS) as Record<string, unknown>, files }));
    parser.end(raw);
  });
}

export async function parseBody(raw: Buffer, headers: http.IncomingHttpHeaders): Promise<ParsedBody> {
  if (raw.length === 0) return {};
  const contentType = String(headers['content-type'] ?? '').toLowerCase();
  if (contentType.includes('application/json')) return parseJson(raw);
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return { body: qs.parse(raw.toString('utf8'), QS_OPTIONS) as Record<string, unknown> };
  }
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(raw, headers);
  return { rawBody: raw };
}
