// Assertions on the interface's answers, shared by the integration tests.
import { expect } from 'vitest';
import type { ApiResult } from './http-request.ts';

/** The answer is an error of the interface's shape with this status and code. */
export function expectError(result: ApiResult, status: number, code: string): void {
  expect({ status: result.status, code: result.body?.code }, JSON.stringify(result.body)).toEqual({ status, code });
  expect(typeof result.body.message).toBe('string');
  expect(result.body.data.status).toBe(status);
}

/** A 400 rest_invalid_param naming exactly `param` (with `detailCode` in its details, if given). */
export function expectInvalidParam(result: ApiResult, param: string, detailCode?: string): void {
  expectError(result, 400, 'rest_invalid_param');
  expect(Object.keys(result.body.data.params)).toEqual([param]);
  expect(typeof result.body.data.params[param]).toBe('string');
  if (detailCode) expect(result.body.data.details[param].code).toBe(detailCode);
}

export function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}

/** The item's version an answer's ETag names, without the digest of that answer's bytes (`W/"12-3:digest"` → `W/"12-3"`). */
export function itemVersionTag(etag: string | null): string | null {
  return etag === null ? null : etag.replace(/:[^":]*"$/, '"');
}
