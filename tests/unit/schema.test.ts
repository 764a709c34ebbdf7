import { describe, expect, it } from 'vitest';
import { coerceValue, parseList } from '../../server/rest/schema.ts';
import { collectParams } from '../../server/rest/args.ts';
import { RestError, ValidationError } from '../../server/rest/errors.ts';
import type { RestRequest } from '../../server/rest/types.ts';

function failure(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a validation failure');
}

describe('argument sanitising', () => {
  it('reads numeric strings as integers and refuses fractions and words', () => {
    expect(coerceValue('5', { type: 'integer' }, 'page')).toBe(5);
    expect(failure(() => coerceValue('5.5', { type: 'integer' }, 'page')).message).toBe('page is not of type integer.');
    expect(failure(() => coerceValue('five', { type: 'integer' }, 'page')).code).toBe('rest_invalid_type');
  });

  it('reads "true"/"1"/"false"/"0" as booleans', () => {
    for (const value of [true, 'true', '1', 1]) expect(coerceValue(value, { type: 'boolean' }, 'force')).toBe(true);
    for (const value of [false, 'false', '0', 0]) expect(coerceValue(value, { type: 'boolean' }, 'force')).toBe(false);
    expect(failure(() => coerceValue('yes', { type: 'boolean' }, 'force')).message).toBe('force is not of type boolean.');
  });

  it('splits comma-separated lists and keeps bracketed arrays', () => {
    const schema = { type: 'array', items: { type: 'integer' } };
    expect(coerceValue('1,2, 3', schema, 'author')).toEqual([1, 2, 3]);
    expect(coerceValue(['4', '5'], schema, 'author')).toEqual([4, 5]);
    expect(coerceValue({ 0: '6', 1: '7' }, schema, 'author')).toEqual([6, 7]);
    expect(failure(() => coerceValue('1,x', schema, 'author')).message).toBe('author[1] is not of type integer.');
    expect(parseList('a b,,c')).toEqual(['a', 'b', 'c']);
  });

  it('checks enums, bounds and unique items', () => {
    expect(failure(() => coerceValue('sideways', { type: 'string', enum: ['asc', 'desc'] }, 'order')).message)
      .toBe('order is not one of asc, desc.');
    const perPage = { type: 'integer', minimum: 1, maximum: 100 };
    expect(failure(() => coerceValue('101', perPage, 'per_page')).message)
      .toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
    expect(failure(() => coerceValue(0, { type: 'integer', minimum: 1 }, 'page')).message)
      .toBe('page must be greater than or equal to 1');
    expect(failure(() => coerceValue(['a', 'a'], { type: 'array', uniqueItems: true, items: { type: 'string' } }, 'format')).code)
      .toBe('rest_duplicate_items');
  });

  it('validates date-time strings', () => {
    expect(coerceValue('2024-05-01T10:00:00', { type: 'string', format: 'date-time' }, 'after')).toBe('2024-05-01T10:00:00');
    expect(coerceValue('2024-05-01T10:00:00+02:00', { type: 'string', format: 'date-time' }, 'after')).toBeTruthy();
    expect(failure(() => coerceValue('yesterday', { type: 'string', format: 'date-time' }, 'after')).code).toBe('rest_invalid_date');
  });

  it('matches exactly one of oneOf, and refuses unknown keys where additional properties are forbidden', () => {
    const schema = {
      type: ['object', 'array'],
      oneOf: [
        { type: 'array', items: { type: 'integer' } },
        { type: 'object', properties: { terms: { type: 'array', items: { type: 'integer' }, default: [] }, operator: { type: 'string', enum: ['AND', 'OR'], default: 'OR' } }, additionalProperties: false },
      ],
    };
    expect(coerceValue('1,2', schema, 'categories')).toEqual([1, 2]);
    expect(coerceValue({ terms: ['3'], operator: 'AND' }, schema, 'categories')).toEqual({ terms: [3], operator: 'AND' });
    expect(coerceValue({ terms: ['3'] }, schema, 'categories')).toEqual({ terms: [3], operator: 'OR' });
    expect(failure(() => coerceValue({ terms: [1], colour: 'red' }, schema, 'categories')).code).toBe('rest_no_matching_schema');
  });
});

describe('collecting parameters', () => {
  const request = (query: Record<string, unknown>, body?: Record<string, unknown>): RestRequest => ({
    method: 'GET', path: '/', query, body, headers: {},
  });
  const args = {
    page: { type: 'integer', default: 1, minimum: 1 },
    status: { type: 'array', items: { type: 'string' }, default: 'publish' },
    name: { type: 'string', required: true },
  };

  it('applies defaults, lets the body win over the query, and records what was sent', () => {
    const { params, sent } = collectParams(request({ name: 'q', page: '2' }, { name: 'b' }), {}, args);
    expect(params).toMatchObject({ name: 'b', page: 2, status: 'publish' });
    expect([...sent].sort()).toEqual(['name', 'page']);
  });

  it('reports all missing required parameters at once', () => {
    try {
      collectParams(request({}), {}, { a: { required: true }, b: { required: true } });
      throw new Error('expected an error');
    } catch (error) {
      expect(error).toBeInstanceOf(RestError);
      const restError = error as RestError;
      expect(restError.toBody()).toEqual({
        code: 'rest_missing_callback_param', message: 'Missing parameter(s): a, b', data: { status: 400, params: ['a', 'b'] },
      });
    }
  });

  it('reports every invalid parameter with its details', () => {
    try {
      collectParams(request({ name: 'x', page: '0' }), {}, args);
      throw new Error('expected an error');
    } catch (error) {
      const body = (error as RestError).toBody();
      expect(body.code).toBe('rest_invalid_param');
      expect(body.message).toBe('Invalid parameter(s): page');
      expect(body.data.params).toEqual({ page: 'page must be greater than or equal to 1' });
      expect(body.data.details).toEqual({ page: { code: 'rest_out_of_bounds', message: 'page must be greater than or equal to 1', data: null } });
    }
  });
});
