// The front of `--workers N` keeps the API index while writes pass through it: only a
// successful write of the site's settings (what the index describes) drops it, at either of
// its addresses, so a database stall that begins under writes finds the index kept.
import { describe, expect, it } from 'vitest';
import { api, API_PREFIX, rooted } from '../../shared/api-routes.ts';
import { changesIndex } from '../../server/http/index-cache.ts';

const BASE = 'http://site.test';
/** Every route of the content namespace, with ids where it takes them. */
const ROUTES = [
  api.posts('posts'), api.post('posts', 1), api.revisions('posts', 1), api.autosaves('posts', 1), api.posts('pages'),
  api.mediaList(), api.media(1), api.mediaPostProcess(1), api.mediaEdit(1), api.terms('categories'), api.term('categories', 1),
  api.users(), api.user(1), api.me(), api.types(), api.templates(), api.settings(), 'batch/v1',
];
/** The same route at both of the API's addresses, with and without a trailing slash. */
const addresses = (route: string) => [
  new URL(`${API_PREFIX}${rooted(route)}`, BASE), new URL(`${API_PREFIX}${rooted(route)}/`, BASE),
  new URL(`/?rest_route=${rooted(route)}`, BASE),
];

describe('which write drops the index the front keeps', () => {
  for (const route of ROUTES) {
    const isSettings = route === api.settings();
    it(`${route}: ${isSettings ? 'dropped by a success only' : 'never dropped'}`, () => {
      for (const url of addresses(route)) {
        for (const status of [200, 201, 207]) expect(changesIndex(url, status), `${url} ${status}`).toBe(isSettings);
        // A write that failed wrote nothing (a 503 of a stall above all).
        for (const status of [400, 403, 409, 412, 500, 503, 507]) expect(changesIndex(url, status), `${url} ${status}`).toBe(false);
      }
    });
  }
});
