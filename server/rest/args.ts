// Gathers a request's arguments from the URL, query string and body, in the precedence
// of the reference API (body over query over URL over defaults), then validates and
// sanitises every declared one against its descriptor.
import type { ArgSchema, ArgSchemas, RestRequest } from './types.ts';
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
  const raw = sentArguments(urlParams, request);
  const missing: string[] = [];
  // No prototype: a field named `__proto__` or `constructor` is a field like any other.
  const failures: Record<string, ValidationError> = Object.create(null);
  const params: Record<string, unknown> = Object.assign({}, urlParams);
  const sent = new Set<string>();

  // Checked before anything else, for every field sent, declared or not: no store keeps such a string.
  for (const [name, value] of Object.entries(raw)) {
    if (holdsNonText(name) || holdsNonText(value)) failures[name] = notText(name);
  }
  if (Object.keys(failures).length > 0) throw invalidParams(failures);
  for (const [name, schema] of declared(args)) {
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

/**
 * Every argument sent, the body's over the query's over the URL's. Assigned, not spread: V8 gives
 * an object spread from others a hidden class (map) of its own on every request, and each of the
 * route's declared names looked up in it then misses V8's caches (8–9 µs of an update's
 * arguments, against about 1.5 µs; issue 32). No prototype: a field named `__proto__` is
 * assigned as a field like any other, not as the object's prototype.
 */
export function sentArguments(urlParams: Record<string, string>, request: Pick<RestRequest, 'query' | 'body'>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, urlParams, request.query, request.body ?? {});
}

/** A route's declared arguments as entries, listed once: a list route declares dozens, read on every request. */
const declarations = new WeakMap<ArgSchemas, [string, ArgSchema][]>();

function declared(args: ArgSchemas): [string, ArgSchema][] {
  let entries = declarations.get(args);
  if (entries === undefined) declarations.set(args, (entries = Object.entries(args)));
  return entries;
}

/**
 * A UTF-16 surrogate that is not half of a pair (`"\ud800"` in JSON: no Unicode text), or a
 * NUL (which PostgreSQL's text cannot hold, and WordPress's filters strip).
 */
const NOT_TEXT = /\p{Cs}|\0/u;

/** Whether a string anywhere in `value` (an object's keys too, however deep) holds what is not text. */
function holdsNonText(value: unknown): boolean {
  // A stack, not recursion: a body may nest deeper than the call stack goes.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (NOT_TEXT.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const nested of item) pending.push(nested);
    }
    else if (typeof item === 'object' && item !== null) {
      for (const [key, nested] of Object.entries(item)) pending.push(key, nested);
    }
  }
  return false;
}

function notText(name: string): ValidationError {
  return new ValidationError('rest_invalid_text', `${name} holds what is not text: a NUL character or a lone UTF-16 surrogate.`, null);
}

/**
 * Defaults that are lists or objects are copied so that a handler cannot change the table.
 * They are JSON values (a schema's), copied by hand: structuredClone costs more than the
 * rest of collecting a list's arguments.
 */
function copyDefault(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyDefault);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copyDefault(inner)]));
}
