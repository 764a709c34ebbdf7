// Handlers return plain data (status 200) or a response made here.
import type { HeaderValue, RestResponse } from './types.ts';

const RESPONSE = Symbol('rest-response');

export function respond(body: unknown, status = 200, headers: Record<string, HeaderValue> = {}): RestResponse {
  return { [RESPONSE]: true, status, headers, body } as RestResponse;
}

export function isResponse(value: unknown): value is RestResponse {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}
