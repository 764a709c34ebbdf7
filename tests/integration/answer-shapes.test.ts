// The objects a write's answer is made of take one shape (V8's hidden class, its "map") from one
// request to the next, as V8 shares a shape among objects built the same way. One built by
// spreading another (`{ ...head, more }`) and then added to does not: V8 gives each such object
// maps of its own once the spread's call site has run a few times, a new map and a copy of its
// property list for every field added; 12.8 of a create's 88 KB of garbage and tens of µs of
// its CPU (issue 32, docs/benchmarks.md). Checked over every type of item, for every write
// that answers with the item, on the body (deeply) and the headers, which dispatch adds Allow to,
// and on the row the write hands on as saved (to the content listeners, the memos, the answer).
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { dispatchAsAdministrator } from '../helpers/dispatch-as-administrator.ts';
import { restBase } from '../../shared/api-routes.ts';
import type { PostType } from '../../server/content/post-schema.ts';
import type { RestResponse } from '../../server/rest/types.ts';
import type { PostRow } from '../../server/store/posts.ts';

// Natives syntax for this one function only (compiled after the flag is set): V8's own test of two objects' maps.
v8.setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
v8.setFlagsFromString('--no-allow-natives-syntax');

const TYPES: readonly PostType[] = ['post', 'page', 'wp_block'];
/** Past the few requests after which a spread's call site hands out maps of its own (about ten in V8 12). */
const REQUESTS = 40;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  await site.close();
});

const request = (method: string, path: string, body: Record<string, unknown>) => dispatchAsAdministrator(site, method, path, body);

/** The paths in two answers of one kind where the objects' shapes differ. */
function shapesDiffering(a: unknown, b: unknown, at: string): string[] {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return [];
  const here = sameMap(a, b) ? [] : [at];
  return [...here, ...Object.keys(a).flatMap((key) => shapesDiffering((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`))];
}

/** The last two of REQUESTS answers of `send`, which only the text they carry tells apart. */
async function lastTwo(send: (round: number) => Promise<RestResponse>): Promise<RestResponse[]> {
  const answers: RestResponse[] = [];
  for (let round = 0; round < REQUESTS; round++) {
    const answer = await send(round);
    expect(answer.status).toBeLessThan(300);
    answers.push(answer);
  }
  return answers.slice(-2);
}

describe.each(TYPES)('a %s', (type) => {
  const base = `/cms/v2/${restBase(type)}`;
  const made: number[] = [];

  const writes: Record<string, (round: number) => Promise<RestResponse>> = {
    create: async (round) => {
      const answer = await request('POST', base, { title: `Made ${round}`, content: 'Its words.', status: 'publish' });
      made.push((answer.body as { id: number }).id);
      return answer;
    },
    update: (round) => request('POST', `${base}/${made[round % made.length]!}`, { title: `Saved ${round}` }),
  };

  // An update saves the items the create made, or one of its own when it runs first (tests run in any order).
  it.each(Object.keys(writes))('%s answers in one shape from one request to the next', async (write) => {
    if (write === 'update' && made.length === 0) await writes.create!(0);
    const saved: PostRow[] = [];
    const listeners = site.running.site.context.contentListeners;
    const listener = ({ post }: { post: PostRow }) => void saved.push(post);
    listeners.push(listener);
    try {
      const [before, after] = await lastTwo(writes[write]!);
      expect(shapesDiffering(before!.body, after!.body, 'body')).toEqual([]);
      expect(shapesDiffering(before!.headers, after!.headers, 'headers')).toEqual([]);
      expect(shapesDiffering(saved.at(-2), saved.at(-1), 'saved row')).toEqual([]);
    } finally {
      listeners.splice(listeners.indexOf(listener), 1);
    }
  });
});
