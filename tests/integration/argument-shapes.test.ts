// The objects a request's arguments are gathered in take one shape (V8's hidden class, its "map")
// from one request to the next. One spread from others (`{ ...url, ...query, ...body }`) does not:
// V8 gives it a map of its own on every request once the spread's call site has run a few times,
// and each declared name then looked up in it misses V8's caches (8–9 µs of an update's
// arguments against about 1.5 µs; issue 32, docs/benchmarks.md). Checked over every endpoint of
// both deployments: the URL's captures, every argument sent, and the arguments handed on.
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { collectParams, sentArguments } from '../../server/rest/args.ts';
import type { ArgSchema, Endpoint, Route } from '../../server/rest/types.ts';

// Natives syntax for this one function only (compiled after the flag is set): V8's own test of two objects' maps.
v8.setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
v8.setFlagsFromString('--no-allow-natives-syntax');

/** Past the few requests after which a spread's call site hands out maps of its own (about ten in V8 12). */
const REQUESTS = 40;

const sites: { deployment: string; site: TestSite }[] = [];
beforeAll(async () => {
  for (const deployment of ['a', 'b'] as const) sites.push({ deployment, site: await startTestSite(deployment) });
});
afterAll(async () => {
  for (const { site } of sites) await site.close();
});

/** A path the route's pattern matches: each capture given the first sample its own pattern takes. */
function pathOf(route: Route): string {
  return route.pattern.replace(/\(\?P<\w+>([^)]*)\)/g, (_, capture: string) => {
    const sample = ['1', 'a', 'a-1'].find((candidate) => new RegExp(`^(?:${capture})$`).test(candidate));
    if (sample === undefined) throw new Error(`No sample for ${capture} in ${route.pattern}`);
    return sample;
  });
}

const FORMATS: Record<string, string> = { uri: 'http://example.com/', email: 'a@example.com', 'date-time': '2020-01-02T03:04:05' };

/** A value each required argument takes: its first option, one of its format, or one of its first type. */
function sampleOf(schema: ArgSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.format !== undefined && FORMATS[schema.format]) return FORMATS[schema.format];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return requiredOf(schema.properties ?? {});
  return ({ integer: 1, number: 1, boolean: true, array: [] } as Record<string, unknown>)[type ?? ''] ?? 'a';
}

/** The required arguments (or properties) of `schemas`, each with its sample. */
function requiredOf(schemas: Record<string, ArgSchema>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schemas).filter(([, schema]) => schema.required).map(([name, schema]) => [name, sampleOf(schema)]));
}

function endpoints(): { at: string; site: TestSite; route: Route; endpoint: Endpoint; method: string }[] {
  return sites.flatMap(({ deployment, site }) => site.running.site.router.routes().flatMap((route) => route.endpoints.flatMap((endpoint) =>
    endpoint.methods.map((method) => ({ at: `${deployment} ${method} ${route.pattern}`, site, route, endpoint, method })))));
}

/** The objects one request's arguments are gathered in: sent every declared argument (`sent`), or only the required ones (`params`). */
function gathered(site: TestSite, method: string, path: string, endpoint: Endpoint) {
  const match = site.running.site.router.match(method, path)!;
  const every = JSON.parse(JSON.stringify(Object.fromEntries(Object.keys(endpoint.args).map((name) => [name, 'a']))));
  const required = JSON.parse(JSON.stringify(requiredOf(endpoint.args)));
  const request = { method, path, query: {}, body: required, headers: {}, user: null };
  return {
    endpoint: match.endpoint,
    urlParams: match.urlParams,
    sent: sentArguments(match.urlParams, { query: {}, body: every }),
    params: collectParams(request, match.urlParams, endpoint.args).params,
  };
}

describe('the arguments of every endpoint', () => {
  it('take one shape from one request to the next', () => {
    const differing: string[] = [];
    for (const { at, site, route, endpoint, method } of endpoints()) {
      const path = pathOf(route);
      const rounds = Array.from({ length: REQUESTS }, () => gathered(site, method, path, endpoint));
      const [before, after] = rounds.slice(-2);
      expect(after!.endpoint, at).toBe(endpoint);
      for (const part of ['urlParams', 'sent', 'params'] as const) if (!sameMap(before![part], after![part])) differing.push(`${at}: ${part}`);
    }
    expect(endpoints().length).toBeGreaterThan(40);
    expect(differing).toEqual([]);
  });
});
