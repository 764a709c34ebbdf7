// A save keeps what it wrote (the item's row, its revision summary and the newest revision's
// text) for the next request, and only a write that may change them drops them: the
// revisions every save answers are the database's after every kind of change to them (both
// stores), and on SQLite a save of an item saved before reads none of its rows back, alone
// or in a batch, however many other items were saved in between. A batch serialises each
// item it answers once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite('a');
});
afterAll(async () => {
  await site.close();
});

const TYPES = ['posts', 'pages'] as const;
type Type = (typeof TYPES)[number];

interface Answer {
  id: number;
  title: { raw: string };
  _links: { 'version-history': { count: number }[]; 'predecessor-version'?: { id: number }[] };
}

const save = async (type: Type, id: number, body: Record<string, unknown>) => {
  const result = await site.api<Answer>(`cms/v2/${type}/${id}`, { method: 'POST', as: 'administrator', body });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};

const create = async (type: Type, title: string) => {
  const result = await site.api<Answer>(`cms/v2/${type}`, { method: 'POST', as: 'administrator', body: { title, status: 'publish' } });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
};

/** The revisions as the database lists them: how many, and the newest's id. */
const listed = async (type: Type, id: number) => {
  const result = await site.api<{ id: number }[]>(`cms/v2/${type}/${id}/revisions`, { as: 'administrator', query: { per_page: 1 } });
  expect(result.status).toBe(200);
  return { count: Number(result.headers.get('x-wp-total')), newest: result.body[0]?.id };
};

/** What a save answered of the revisions is what the database lists. */
async function expectRevisionsListed(type: Type, answer: Answer): Promise<void> {
  const { count, newest } = await listed(type, answer.id);
  expect(answer._links['version-history'][0].count).toBe(count);
  expect(answer._links['predecessor-version']?.[0].id).toBe(newest);
}

/** Every kind of change to an item's revisions, made between two saves of it. */
const CHANGES: [string, (type: Type, id: number) => Promise<unknown>][] = [
  ['nothing', async () => undefined],
  ['a save of new text', (type, id) => save(type, id, { title: 'Changed in between' })],
  ['a save of the same text', (type, id) => save(type, id, {})],
  ['another item\'s save', async (type) => save(type, (await create(type, 'Another')).id, { title: 'Another, saved' })],
  ['an autosave by another user', (type, id) => site.api(`cms/v2/${type}/${id}/autosaves`, { method: 'POST', as: 'editor', body: { title: 'Autosaved' } })],
  ['the newest revision deleted', async (type, id) => {
    const { newest } = await listed(type, id);
    return site.api(`cms/v2/${type}/${id}/revisions/${newest}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
  }],
  ['trashed and restored', async (type, id) => {
    await site.api(`cms/v2/${type}/${id}`, { method: 'DELETE', as: 'administrator' });
    return save(type, id, { status: 'publish' });
  }],
  ['a save in a batch', (type, id) => site.api('/batch/v1', {
    method: 'POST', as: 'administrator', body: { requests: [{ method: 'POST', path: `/cms/v2/${type}/${id}`, body: { title: 'Batched' } }] },
  })],
];

describe.each(TYPES)('the revisions a save of %s answers', (type) => {
  it.each(CHANGES)('are the database\'s after %s, whether the save keeps a revision or not', async (_name, change) => {
    const { id } = await create(type, 'First');
    await save(type, id, { title: 'Saved', content: 'Text.' });
    await change(type, id);
    // Saved again with the text it has (a revision only if the newest one has other text), then with new text.
    const current = (await site.api<Answer>(`cms/v2/${type}/${id}`, { as: 'administrator', query: { context: 'edit' } })).body;
    await expectRevisionsListed(type, await save(type, id, { title: current.title.raw }));
    await expectRevisionsListed(type, await save(type, id, { title: 'Saved after' }));
    await expectRevisionsListed(type, await save(type, id, { title: 'Saved after' }));
  });
});

if (ON_POSTGRES) console.warn('[site-postgres] saves-kept: a save reading nothing back is SQLite\'s (on PostgreSQL a write transaction reads under its lock)');

describe.skipIf(ON_POSTGRES)('a save of an item saved before, on SQLite', () => {
  /** The queries of posts' rows the site makes while `work` runs. */
  async function postReads(work: () => Promise<unknown>): Promise<string[]> {
    const store = site.running.site.context.store;
    const reads: string[] = [];
    const record = (sql: string) => {
      if (/\bFROM posts\b/i.test(sql)) reads.push(sql.replace(/\s+/g, ' '));
    };
    const get = store.get.bind(store);
    const all = store.all.bind(store);
    const spies = [
      vi.spyOn(store, 'get').mockImplementation((sql: string, ...params: unknown[]) => (record(sql), get(sql, ...params))),
      vi.spyOn(store, 'all').mockImplementation((sql: string, ...params: unknown[]) => (record(sql), all(sql, ...params))),
    ];
    try {
      await work();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    return reads;
  }

  it.each(TYPES)('reads none of its rows back (%s): neither the item nor its revisions, alone or in a batch', async (type) => {
    const items = await Promise.all(['One', 'Two', 'Three'].map((title) => create(type, title)));
    for (const { id } of items) await save(type, id, { title: 'Saved once' });
    const batch = () => site.api('/batch/v1', {
      method: 'POST', as: 'administrator',
      body: { requests: items.map(({ id }) => ({ method: 'POST', path: `/cms/v2/${type}/${id}`, body: { title: 'Saved in a batch' } })) },
    });
    expect(await postReads(() => save(type, items[0].id, { title: 'Saved alone' }))).toEqual([]);
    expect(await postReads(batch)).toEqual([]);
    // Each answer still counts the revisions the database lists.
    for (const { id } of items) await expectRevisionsListed(type, await save(type, id, { title: 'Saved last' }));
  });
});

describe('a batch of saves', () => {
  it.each(TYPES)('serialises each item it answers (%s) once: for its ETag, and taken from there for the batch\'s bytes', async (type) => {
    const items = await Promise.all(['Four', 'Five'].map((title) => create(type, title)));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const result = await site.api<{ responses: { body: Answer }[] }>('/batch/v1', {
        method: 'POST', as: 'administrator',
        body: { requests: items.map(({ id }) => ({ method: 'POST', path: `/cms/v2/${type}/${id}`, body: { title: 'Batched once' } })) },
      });
      expect(result.status).toBe(207);
      const itemsSerialised = stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && '_links' in value && 'title' in value);
      expect(itemsSerialised.map(([value]) => (value as Answer).id)).toEqual(items.map(({ id }) => id));
    } finally {
      stringify.mockRestore();
    }
  });
});
