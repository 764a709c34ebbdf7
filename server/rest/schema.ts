// Validation and sanitising of one value against its argument descriptor, with the
// coercions clients of this interface rely on: numeric strings, "true"/"1"/"false"/"0",
// comma-separated lists, bracketed arrays and objects from query strings and forms.
import type { ArgSchema } from './types.ts';
import { ValidationError } from './errors.ts';
import { parseDateTime } from '../../shared/dates.ts';

const TYPE_ORDER = ['array', 'object', 'integer', 'number', 'boolean', 'string', 'null'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value);
}

const TRUE_VALUES = new Set<unknown>([true, 'true', '1', 1]);
const FALSE_VALUES = new Set<unknown>([false, 'false', '0', 0]);
/** As the reference API: `"TRUE"` is a boolean, the empty string is not. */
const asBoolean = (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value);

/** Splits a list given as a string the way the reference API does: on commas and white space. */
export function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isPlainObject(value)) return Object.values(value);
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((part) => part !== '');
  if (value === null || value === undefined) return [];
  return [value];
}

function typeError(name: string, type: string | string[]): ValidationError {
  const types = Array.isArray(type) ? type.join(',') : type;
  return new ValidationError('rest_invalid_type', `${name} is not of type ${types}.`, { param: name });
}

/** The one rule of text fields: a string, or `{raw}` holding one (the reference's two forms). */
function textInput(value: unknown, name: string): string {
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value.raw === 'string') return value.raw;
  throw new ValidationError('rest_invalid_type', `${name} is not of type string.`);
}

/** Does `value` fit `type` once the interface's coercions are allowed? */
function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return isNumeric(value) && Number.isInteger(Number(value));
    case 'number':
      return isNumeric(value);
    case 'boolean':
      return TRUE_VALUES.has(asBoolean(value)) || FALSE_VALUES.has(asBoolean(value));
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value) || typeof value === 'string' || isListObject(value);
    case 'object':
      return isPlainObject(value) || value === '';
    case 'null':
      return value === null || value === '';
    default:
      return true;
  }
}

/** `a[0]=1&a[1]=2` style objects whose keys are all indexes count as lists. */
function isListObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key));
}

function pickType(value: unknown, types: string[]): string | undefined {
  // A JSON value of the exact type wins over a coercion (a string "5" stays a string
  // when both string and integer are allowed).
  const exact = types.find((type) => {
    if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
    if (type === 'number') return typeof value === 'number';
    if (type === 'boolean') return typeof value === 'boolean';
    if (type === 'string') return typeof value === 'string';
    if (type === 'array') return Array.isArray(value);
    if (type === 'object') return isPlainObject(value);
    if (type === 'null') return value === null;
    return false;
  });
  if (exact) return exact;
  const ordered = [...types].sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b));
  return ordered.find((type) => fitsType(value, type));
}

/**
 * Validates `value` against `schema` and returns the sanitised value.
 * Throws a ValidationError naming `name` (e.g. `tags[0]`) on the first failure.
 */
export function coerceValue(value: unknown, schema: ArgSchema, name: string): unknown {
  if (schema.textInput) return textInput(value, name);
  if (schema.oneOf) return coerceOneOf(value, schema, name);
  let result = value;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const type = pickType(value, types);
    if (!type) throw typeError(name, schema.type);
    result = coerceToType(value, type, schema, name);
  }
  if (schema.enum && !schema.enum.some((option) => option === result)) {
    const options = schema.enum.map((option) => String(option)).join(', ');
    throw new ValidationError('rest_not_in_enum', `${name} is not one of ${options}.`, null);
  }
  return result;
}

function coerceToType(value: unknown, type: string, schema: ArgSchema, name: string): unknown {
  switch (type) {
    case 'integer':
    case 'number':
      return checkBounds(Number(value), schema, name);
    case 'boolean':
      return TRUE_VALUES.has(asBoolean(value));
    case 'string':
      return coerceString(value as string, schema, name);
    case 'null':
      return null;
    case 'array':
      return coerceArray(parseList(value), schema, name);
    case 'object':
      return coerceObject(value === '' ? {} : (value as Record<string, unknown>), schema, name);
    default:
      return value;
  }
}

function checkBounds(value: number, schema: ArgSchema, name: string): number {
  const { minimum, maximum } = schema;
  const below = minimum !== undefined && value < minimum;
  const above = maximum !== undefined && value > maximum;
  if (!below && !above) return value;
  let message: string;
  if (minimum !== undefined && maximum !== undefined) {
    message = `${name} must be between ${minimum} (inclusive) and ${maximum} (inclusive)`;
  } else if (minimum !== undefined) {
    message = `${name} must be greater than or equal to ${minimum}`;
  } else {
    message = `${name} must be less than or equal to ${maximum}`;
  }
  throw new ValidationError('rest_out_of_bounds', message, null);
}

function coerceString(value: string, schema: ArgSchema, name: string): string {
  switch (schema.format) {
    case 'date-time':
      if (!parseDateTime(value)) throw new ValidationError('rest_invalid_date', 'Invalid date.', null);
      return value;
    case 'uri':
      if (!isUri(value)) throw new ValidationError('rest_invalid_uri', `${name} is not a valid URI.`, null);
      return value.trim();
    case 'email':
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
        throw new ValidationError('rest_invalid_email', 'Invalid email address.', null);
      }
      return value;
    default:
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
        throw new ValidationError('rest_invalid_pattern', `${name} does not match pattern ${schema.pattern}.`, null);
      }
      return value;
  }
}

function isUri(value: string): boolean {
  try {
    new URL(value.trim());
    return true;
  } catch {
    return false;
  }
}

function coerceArray(list: unknown[], schema: ArgSchema, name: string): unknown[] {
  if (schema.minItems !== undefined && list.length < schema.minItems) {
    throw new ValidationError('rest_too_few_items', `${name} must contain at least ${schema.minItems} items.`, null);
  }
  if (schema.maxItems !== undefined && list.length > schema.maxItems) {
    throw new ValidationError('rest_too_many_items', `${name} must contain at most ${schema.maxItems} items.`, null);
  }
  const items = schema.items;
  const result = items ? list.map((item, index) => coerceValue(item, items, `${name}[${index}]`)) : list;
  if (schema.uniqueItems) {
    const seen = new Set(result.map((item) => JSON.stringify(item)));
    if (seen.size !== result.length) {
      throw new ValidationError('rest_duplicate_items', `${name} has duplicate items.`, null);
    }
  }
  return result;
}

function coerceObject(value: Record<string, unknown>, schema: ArgSchema, name: string): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const result: Record<string, unknown> = {};
  for (const [key, propSchema] of Object.entries(properties)) {
    if (value[key] === undefined) {
      if (propSchema.required) {
        throw new ValidationError('rest_property_required', `${key} is a required property of ${name}.`, null);
      }
      if (propSchema.default !== undefined) result[key] = propSchema.default;
      continue;
    }
    result[key] = coerceValue(value[key], propSchema, `${name}[${key}]`);
  }
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) continue;
    const extra = schema.additionalProperties;
    if (extra === false) {
      throw new ValidationError(
        'rest_additional_properties_forbidden',
        `${key} is not a valid property of Object.`,
        null,
      );
    }
    result[key] = typeof extra === 'object' ? coerceValue(item, extra, `${name}[${key}]`) : item;
  }
  return result;
}

function coerceOneOf(value: unknown, schema: ArgSchema, name: string): unknown {
  const matches: unknown[] = [];
  for (const option of schema.oneOf ?? []) {
    try {
      matches.push(coerceValue(value, option, name));
    } catch {
      // not this option
    }
  }
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    throw new ValidationError('rest_no_matching_schema', `${name} does not match any of the expected formats.`, null);
  }
  throw new ValidationError('rest_one_of_multiple_matches', `${name} matches more than one of the expected formats.`, null);
}
