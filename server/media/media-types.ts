// Which files the library accepts, decided from the bytes (file-type), never from the
// name or the Content-Type a client claims.
import { BROWSER_IMAGE_TYPES, READABLE_IMAGE_TYPES } from '../../shared/media-edit-policy.ts';

export type MediaType = 'image' | 'video' | 'audio' | 'text' | 'application';

/** The accepted MIME types with the extension a stored file gets. */
const ALLOWED: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'video/ogg': 'ogv',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/msword': 'doc',
  'application/vnd.ms-excel': 'xls',
};

/** Every type the library accepts, by its bytes' signature. */
export const ACCEPTED_TYPES: readonly string[] = Object.keys(ALLOWED);

/** Plain-text formats have no signature; they are accepted by extension when the bytes are text. */
const TEXT_EXTENSIONS: Readonly<Record<string, string>> = { txt: 'text/plain', csv: 'text/csv', vtt: 'text/vtt', md: 'text/markdown' };

/** Whether `ext` (without its dot, any case) is the extension of a type the library accepts. */
export function isAcceptedExtension(ext: string): boolean {
  const lower = ext.toLowerCase();
  return Object.values(ALLOWED).includes(lower) || lower in TEXT_EXTENSIONS || lower === 'jpeg';
}

export interface DetectedType {
  mime: string;
  ext: string;
  mediaType: MediaType;
}

/** The type of a stored file, from the extension the library gave it. */
export function mimeOfStoredFile(name: string): string {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return Object.entries(ALLOWED).find(([, known]) => known === ext)?.[0] ?? TEXT_EXTENSIONS[ext] ?? 'application/octet-stream';
}

export function mediaTypeOf(mime: string): MediaType {
  const prefix = mime.split('/')[0];
  return prefix === 'image' || prefix === 'video' || prefix === 'audio' || prefix === 'text' ? prefix : 'application';
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  return new TextDecoder('utf-8', { fatal: false }).decode(sample).includes('\uFFFD') === false;
}

let fileType: Promise<typeof import('file-type')> | undefined;

/**
 * file-type, loaded on the first upload, not when the site starts (~0.06 s of CPU per process),
 * and kept: each `import()` asks the module loader again (under tsx, a round trip to its hooks'
 * thread), first thing on every upload's way to its answer.
 */
const loadFileType = () => (fileType ??= import('file-type'));

/** The file's real type, or null when the library does not accept it. */
export async function detectType(bytes: Buffer, fileName: string): Promise<DetectedType | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const ext = ALLOWED[found.mime];
    return ext ? { mime: found.mime, ext, mediaType: mediaTypeOf(found.mime) } : null;
  }
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const textMime = TEXT_EXTENSIONS[ext];
  if (textMime && looksLikeText(bytes) && !/<(script|svg|html)[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'))) {
    return { mime: textMime, ext, mediaType: 'text' };
  }
  return null;
}

/** Images the library makes sub-sizes for (those it reads), and those browsers cannot show (converted to JPEG): the edit policy's lists. */
export const RESIZABLE_IMAGES = new Set(READABLE_IMAGE_TYPES);
export const CONVERTED_FORMATS = new Set(READABLE_IMAGE_TYPES.filter((type) => !BROWSER_IMAGE_TYPES.includes(type)));
