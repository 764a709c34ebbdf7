// Search means "contains this text" on both stores: `%`, `_` and `\` are themselves, never
// patterns; case is ignored in every script alike (SQLite's trigram index folds non-ASCII
// case, and so does everything else now, on PostgreSQL too); a NUL is refused, not a 500.
// Run for words the trigram index serves (three characters or more), for the shorter ones
// matched on the rows, for exclusions, and for relevance order; for posts and for tags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';

let site: TestSite;

const TITLES = [
  '100% pure', '100 percent pure', 'snake_case name', 'snakeXcase name', 'C:\\path\\to', 'C:/path/to',
  'ÉCOLE Straße', 'école', 'Ωmega', 'ωmega', 'plain words',
];

async function titlesFound(search: string, extra: Record<string, string> = {}): Promise<string[]> {
  const response = await site.api('/cms/v2/posts', { as: 'administrator', query: { search, per_page: 100, _fields: 'title', ...extra } });
  expect(response.status, `${search} ${JSON.stringify(response.body).slice(0, 200)}`).toBe(200);
  return (response.body as { title: { rendered: string } }[]).map((post) => post.title.rendered).sort();
}

/** The titles that contain `text` by the rule: literal, lower-cased in every script. */
const expected = (text: string, titles = TITLES) => titles.filter((title) => title.toLowerCase().includes(text.toLowerCase())).sort();

beforeAll(async () => {
  site = await startTestSite('a');
  for (const title of TITLES) {
    const response = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title, status: 'publish' } });
    expect(response.status).toBe(201);
  }
});
afterAll(async () => {
  await site.close();
});

describe('post search', () => {
  const searches = ['%', '_', '\\', '0%', '100%', '% p', 'e_c', 'snake_', '\\p', ':\\path\\', '\\\\', '%%%', '__', 'É', 'é', 'école', 'ÉCOLE', 'straße', 'STRASSE', 'Ω', 'ω', 'ΩMEGA', 'pure'];
  it.each(searches)('finds exactly the items containing %j, whatever its case', async (search) => {
    expect(await titlesFound(search)).toEqual(expected(search));
  });

  it('excludes literally, and orders by relevance without taking the text as a pattern', async () => {
    expect(await titlesFound('pure -%')).toEqual(['100 percent pure']);
    expect(await titlesFound('name -e_c')).toEqual(['snakeXcase name']);
    expect(await titlesFound('mega -Ω')).toEqual([]);
    for (const search of ['%', '_', '\\', 'É']) expect(await titlesFound(search, { orderby: 'relevance' })).toEqual(expected(search));
  });

  it('answers a search holding a NUL with 400, not 500', async () => {
    for (const search of ['\0', 'pure\0', '\0%']) {
      expectError(await site.api('/cms/v2/posts', { query: { search } }), 400, 'rest_invalid_param');
    }
  });
});

describe('tag search', () => {
  const NAMES = ['100%', '100 percent', 'a_b', 'aXb', 'back\\slash', 'ÉTÉ', 'été'];
  beforeAll(async () => {
    for (const name of NAMES) expect((await site.api('/cms/v2/tags', { method: 'POST', as: 'administrator', body: { name } })).status).toBe(201);
  });

  it.each(['%', '_', '\\', 'a_b', 'É', 'été'])('finds exactly the tags whose name contains %j', async (search) => {
    const response = await site.api('/cms/v2/tags', { query: { search, per_page: 100, hide_empty: 'false' } });
    expect(response.status).toBe(200);
    const names = (response.body as { name: string; slug: string }[]).map((tag) => tag.name).sort();
    expect(names).toEqual(expected(search, NAMES));
  });
});
