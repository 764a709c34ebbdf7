// Gathers a request's arguments from the URL, query string and body, in the precedence
// of the reference API (body over query over URL over defaults), then validates and
// sanitises every declared one against its descriptor.
import type { ArgSchemas, RestRequest } from './types.ts';
import { coerceValue } from './schema.ts';
import { invalidParams, missingParams, ValidationError } from './errors.ts';

export interface CollectedParams {
  params: Record<string, unknown>;
  sent: Set<string>;
}

export function collectParams(
  request: RestRequest,
  urlParams: Record<string, string>,
  args: ArgSchemas,
): CollectedParams {
  const raw: Record<string, unknown> = { ...urlParams, ...request.query, ...(request.body ?? {}) };
  const missing: string[] = [];
  const failures: Record<string, ValidationError> = {};
  const params: Record<string, unknown> = { ...urlParams };
  const sent = new Set<string>();

  for (const [name, schema] of Object.entries(args)) {
    const value = raw[name];
    if (value === undefined) {
      if (schema.required) missing.push(name);
      else if (schema.default !== undefined) params[name] = copyDefault(schema.default);
      continue;
    }
    sent.add(name);
    try {
      params[name] = coerceValue(value, schema, name);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      failures[name] = error;
    }
  }
  if (missing.length > 0) throw missingParams(missing);
  if (Object.keys(failures).length > 0) throw invalidParams(failures);
  return { params, sent };
}

/** Defaults that are lists or objects are copied so that a handler cannot change the table. */
function copyDefault(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}
