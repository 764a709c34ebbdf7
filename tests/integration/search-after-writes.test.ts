// A search finds items by their text as it stands after every kind of write, in each searched
// field: saved (once, or several times with no search between), trashed and restored, deleted
// for good (its id then given to a new item), on both stores. SQLite indexes the saves in
// batches after the answers (posts_search_pending); a search brings the index up to date first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  await site.close();
});

async function write(path: string, body: Record<string, unknown>, method = 'POST'): Promise<{ id: number }> {
  const response = await site.api(path, { method, as: 'administrator', body });
  expect(response.status, JSON.stringify(response.body).slice(0, 200)).toBeLessThan(300);
  return response.body as { id: number };
}

async function found(word: string, status = 'any'): Promise<number[]> {
  const response = await site.api('/cms/v2/posts', { as: 'administrator', query: { search: word, per_page: 100, status, _fields: 'id' } });
  expect(response.status).toBe(200);
  return (response.body as { id: number }[]).map((post) => post.id).sort((a, b) => a - b);
}

const FIELDS = ['title', 'content', 'excerpt'] as const;

describe.each(FIELDS)('search in %s', (field) => {
  const word = (name: string) => `${field}${name}word`;

  // The fields not saved keep their words (each field is indexed apart).
  const others = FIELDS.filter((other) => other !== field);
  const otherWord = (other: string) => `${field}save${other}kept`;

  it('finds an item by its saved text only, however many saves came between searches', async () => {
    const untouched = Object.fromEntries(others.map((other) => [other, otherWord(other)]));
    const { id } = await write('/cms/v2/posts', { ...untouched, [field]: word('first'), status: 'publish' });
    expect(await found(word('first'))).toEqual([id]);
    await write(`/cms/v2/posts/${id}`, { [field]: word('second') });
    await write(`/cms/v2/posts/${id}`, { [field]: word('third') });
    expect(await found(word('first'))).toEqual([]);
    expect(await found(word('second'))).toEqual([]);
    expect(await found(word('third'))).toEqual([id]);
    await write(`/cms/v2/posts/${id}`, { [field]: word('fourth') });
    expect(await found(word('third'))).toEqual([]);
    expect(await found(word('fourth'))).toEqual([id]);
    for (const other of others) expect(await found(otherWord(other)), other).toEqual([id]);
  });

  it('keeps finding a trashed and restored item by its text, and a deleted one no more, nor the new item given its id', async () => {
    const { id } = await write('/cms/v2/posts', { title: 'Kept', [field]: word('gone'), status: 'publish' });
    await write(`/cms/v2/posts/${id}`, {}, 'DELETE');
    expect(await found(word('gone'), 'trash')).toEqual([id]);
    await write(`/cms/v2/posts/${id}`, { status: 'publish' });
    expect(await found(word('gone'))).toEqual([id]);
    // Deleted with its revisions, the newest rows: SQLite gives the next item the same id.
    const deleted = await site.api(`/cms/v2/posts/${id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
    expect(deleted.status).toBe(200);
    expect(await found(word('gone'))).toEqual([]);
    const { id: next } = await write('/cms/v2/posts', { title: 'Next', [field]: word('new'), status: 'publish' });
    expect(await found(word('gone'))).toEqual([]);
    expect(await found(word('new'))).toEqual([next]);
  });
});
