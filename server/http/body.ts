// Reading and parsing request bodies: size limits enforced while the bytes stream in,
// JSON, form-encoded and multipart (busboy) bodies, and raw file bodies for uploads.
import type http from 'node:http';
import busboy from 'busboy';
import qs from 'qs';
import type { UploadedFile } from '../rest/types.ts';
import { RestError } from '../rest/errors.ts';

const QS_OPTIONS = { depth: 10, arrayLimit: 1000 };

const tooLarge = (limit: number) =>
  new RestError('rest_request_too_large', `The request body is larger than the limit of ${limit} bytes.`, 413);

/**
 * After a refusal the rest of the body is read and dropped for a while (as a web server's
 * lingering close), so that the client, still sending, gets to read the answer rather than
 * a reset connection; then the connection is cut.
 */
const LINGER_MS = 1000;
const LINGER_BYTES = 64 * 1024 * 1024;

/** Drops a body that will not be kept (refused before or while reading it). */
export function discardBody(req: http.IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let size = 0;
  const cut = setTimeout(() => req.destroy(), LINGER_MS).unref();
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > LINGER_BYTES) req.destroy();
  });
  req.once('close', () => clearTimeout(cut));
  req.resume();
}

/**
 * Reads the whole body, refusing as soon as it passes `limit`: nothing more is kept, the rest
 * is read and dropped (cutting the connection only past a further allowance), so the 413 is
 * answered rather than lost to a reset connection.
 */
export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    discardBody(req);
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        reject(tooLarge(limit));
        discardBody(req);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    // A client that leaves mid-body is not the site's error: nobody is left to answer.
    req.on('error', () => reject(new RestError('rest_request_aborted', 'The client stopped sending the body.', 400)));
  });
}

export interface ParsedBody {
  body?: Record<string, unknown>;
  rawBody?: Buffer;
  files?: Record<string, UploadedFile>;
}

/** PHP's json_last_error() codes, which the reference API answers with. */
const JSON_ERROR_SYNTAX = 4;
const JSON_ERROR_UTF8 = 5;

const invalidJson = (reason: string, code = JSON_ERROR_SYNTAX) =>
  new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400, { json_error_code: code, json_error_message: reason });

/** Refuses bytes that are not UTF-8 rather than reading them as U+FFFD; a BOM is kept (and refused by the parser, as PHP does). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A JSON body is an object of fields: `[]`, `"text"` or `null` is refused, not taken as no fields. */
function parseJson(raw: Buffer): ParsedBody {
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    throw invalidJson('Malformed UTF-8 characters, possibly incorrectly encoded.', JSON_ERROR_UTF8);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidJson(raw.length === 0 ? 'The body is empty.' : (error as Error).message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidJson('The body is not a JSON object.');
  return { body: parsed as Record<string, unknown> };
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

/** Methods whose JSON body holds the fields to write: an empty one is a broken request, not "no changes". */
const WRITES_FIELDS = new Set(['POST', 'PUT', 'PATCH']);

export async function parseBody(method: string, raw: Buffer, headers: http.IncomingHttpHeaders): Promise<ParsedBody> {
  const contentType = String(headers['content-type'] ?? '').toLowerCase();
  if (contentType.includes('application/json') && (raw.length > 0 || WRITES_FIELDS.has(method))) return parseJson(raw);
  if (raw.length === 0) return {};
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return { body: qs.parse(raw.toString('utf8'), QS_OPTIONS) as Record<string, unknown> };
  }
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(raw, headers);
  return { rawBody: raw };
}
