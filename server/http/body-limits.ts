// How large a request's body may be, decided before a byte of it is read: uploads take
// files, pages take small forms, and a visitor's body is kept small.
import type { Endpoint } from '../rest/types.ts';

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 128 * 1024 * 1024;
/** HTML pages take only small forms (the grant page's sign-in): a visitor's body is never large. */
const PAGE_FORM_BYTES = 64 * 1024;
/** A visitor's body, where a route does not take theirs whole: room for any request a visitor may make, not for parsing work. */
const VISITOR_BODY_BYTES = 1024 * 1024;

export interface BodyLimits {
  maxBodyBytes: number;
  /** For routes that take files (media uploads). */
  maxUploadBytes: number;
}

/** How large a body may be: uploads take files; a visitor's is kept small unless the route takes it whole. */
export function bodyLimit(limits: BodyLimits, endpoint: Endpoint | undefined, page: boolean, visitor: boolean): number {
  if (page) return Math.min(PAGE_FORM_BYTES, limits.maxBodyBytes);
  if (endpoint?.acceptsFiles) return limits.maxUploadBytes;
  if (visitor && !endpoint?.takesVisitorBodies) return Math.min(VISITOR_BODY_BYTES, limits.maxBodyBytes);
  return limits.maxBodyBytes;
}
