// Rule of issue 16: a handler's parameters get their types from the route's argument
// declarations (server/rest/typed-args.ts), so no code under server/ casts a parameter.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argSchemas, endpoint, pathArg } from '../../server/rest/typed-args.ts';
import { allowAnyone } from '../../server/rest/permissions.ts';

const SERVER = path.resolve('server');

/** `params.x as T`, `params['x'] as T`, `(params as T)`, `ctx.params as T`, `(params.x ?? y) as T`. */
const PARAM_CASTS = [
  /\bparams(\.\w+|\[[^\]]+\])\s+as\s+(?!const\b)/,
  /\bparams\s+as\s/,
  /\(\s*(\w+\.)?params(\.\w+|\[[^\]]+\])?\s*(\?\?|\|\|)[^()]*\)\s+as\s/,
];

function castsParam(line: string): boolean {
  if (/^\s*(\/\/|\*)/.test(line)) return false;
  return PARAM_CASTS.some((pattern) => pattern.test(line));
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('handler parameters', () => {
  it('are never cast anywhere under server/ (their types come from the argument declarations)', () => {
    const offenders = sources(SERVER).flatMap((file) =>
      fs.readFileSync(file, 'utf8').split('\n')
        .map((line, index) => ({ line, at: `${path.relative(process.cwd(), file)}:${index + 1}` }))
        .filter(({ line }) => castsParam(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });

  it('get their types from the declaration (npm run typecheck fails when these lines stop being errors)', () => {
    const args = argSchemas({
      id: pathArg({ type: 'integer' }),
      context: { type: 'string', enum: ['view', 'edit'], default: 'view' },
      search: { type: 'string' },
      date: { type: ['string', 'null'], format: 'date-time' },
      include: { type: 'array', items: { type: 'integer' }, default: [] },
      tax: { type: 'object', properties: { terms: { type: 'array', items: { type: 'integer' }, required: true } }, additionalProperties: false },
    });
    type Expected = { id: number; context: 'view' | 'edit'; search?: string; date?: string | null; include: number[]; tax?: { terms: number[] } };
    const typed = endpoint({
      methods: ['GET'],
      args,
      permission: allowAnyone,
      handler: (ctx) => {
        const exact: Expected = ctx.params;
        // @ts-expect-error an argument without a default may be missing
        const search: string = ctx.params.search;
        // @ts-expect-error an integer is a number, not a string
        ctx.params.id.toUpperCase();
        // @ts-expect-error a value outside the enum
        const other: 'embed' = ctx.params.context;
        return [exact, search, other];
      },
    });
    expect(typed.args).toBe(args);
  });

  it('the check sees every form of cast, and not typed reads', () => {
    const casts = [
      'const page = params.page as number;',
      "const id = ctx.params['id'] as number;",
      'const id = ctx.params[param] as number;',
      'const { plugin } = ctx.params as { plugin: string };',
      'readModifiers(params as Record<string, unknown>);',
      'const options = (ctx.params.options ?? {}) as { filter?: string };',
      'const steps = ctx.params.finishedSteps as unknown[];',
    ];
    const clean = [
      'const { page } = params;',
      'const perPage = params.per_page ?? 100_000;',
      "if (params.orderby === 'include') return;",
      '// a comment may say params.page as number',
      'const context = options.context as Context;',
    ];
    expect(casts.filter((line) => !castsParam(line))).toEqual([]);
    expect(clean.filter(castsParam)).toEqual([]);
  });
});
