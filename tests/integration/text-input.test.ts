// The text-input rule, declared once (`textInput` in the item schemas, applied by
// rest/schema.ts): a text field is a string or `{raw}`. Generated over every text field of
// every write route the site serves (found in its own route table, so a new one is covered),
// sent directly and, where the route takes batches, through batch/v1: anything else is a 400
// that stores nothing, and `{raw}` is stored as its string.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { solidImage } from '../helpers/images.ts';
import { expectInvalidParam } from '../helpers/expect-api.ts';

// Started as the file is collected: the cases are made from its route table.
const site: TestSite = await startTestSite('a');
afterAll(() => site.close());

interface TextWrite {
  pattern: string;
  fields: string[];
  batch: boolean;
}

/** Every POST endpoint that declares text fields, from the running site's route table. */
function textWrites(): TextWrite[] {
  return site.running.site.router.routes().flatMap((route) => route.endpoints
    .filter((endpoint) => endpoint.methods.includes('POST'))
    .map((endpoint) => ({
      pattern: route.pattern,
      fields: Object.entries(endpoint.args).filter(([, schema]) => schema.textInput).map(([name]) => name),
      batch: endpoint.allowBatch === true,
    }))
    .filter((write) => write.fields.length > 0));
}

const COLLECTIONS: Record<string, string> = { posts: 'posts', pages: 'pages', blocks: 'blocks', media: 'media' };
let uploads = 0;

/** A new item of a collection, as the administrator makes it (published, so an autosave is kept apart). */
async function newItem(collection: string): Promise<number> {
  if (collection === 'media') {
    const upload = await uploadWith(`?title=Item`);
    return upload.body.id;
  }
  const created = await site.api(`/cms/v2/${collection}`, { method: 'POST', as: 'administrator', body: { title: 'Item', content: 'Text', status: 'publish' } });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function uploadWith(query: string) {
  uploads += 1;
  return site.api(`/cms/v2/media${query}`, {
    method: 'POST', as: 'administrator', body: await solidImage(4, 4, 'png'),
    headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename="text-${uploads}.png"` },
  });
}

/** How to write to one route, and what it has stored: the items of its collection, or the item and its autosaves. */
interface Target {
  path: string;
  stored(): Promise<unknown>;
  /** The field's raw text as stored after a write answered `body`. */
  written(body: any, field: string): Promise<string>;
}

async function targetOf(pattern: string): Promise<Target> {
  const parts = /^\/cms\/v2\/(\w+)(\/\(\?P<id>[^)]*\))?(\/autosaves)?$/.exec(pattern);
  const collection = parts ? COLLECTIONS[parts[1]] : undefined;
  if (!parts || !collection) throw new Error(`No target known for ${pattern}: teach this test how to write to it.`);
  const listed = () => site.api(`/cms/v2/${collection}`, { as: 'administrator', query: { context: 'edit', status: collection === 'media' ? 'inherit' : 'draft,publish', per_page: 100 } });
  const rawOf = (item: any, field: string): string => item[field].raw;
  if (!parts[2]) {
    return { path: `/cms/v2/${collection}`, stored: async () => (await listed()).body.map((item: any) => item.id), written: async (body, field) => rawOf(body, field) };
  }
  const id = await newItem(collection);
  const item = async () => (await site.api(`/cms/v2/${collection}/${id}`, { as: 'administrator', query: { context: 'edit' } })).body;
  if (!parts[3]) return { path: `/cms/v2/${collection}/${id}`, stored: item, written: async (_body, field) => rawOf(await item(), field) };
  const autosaves = async () => (await site.api(`/cms/v2/${collection}/${id}/autosaves`, { as: 'administrator', query: { context: 'edit' } })).body;
  return {
    path: `/cms/v2/${collection}/${id}/autosaves`,
    stored: async () => ({ item: await item(), autosaves: await autosaves() }),
    written: async (_body, field) => rawOf((await autosaves())[0], field),
  };
}

/** Sends `value` as `field` to the target: as JSON, or for an upload as its query (the body is the file). */
async function send(target: Target, field: string, value: unknown, viaBatch: boolean) {
  if (target.path === '/cms/v2/media') {
    const query = typeof value === 'object' && value !== null
      ? Object.entries(value).map(([key, text]) => `${field}[${key}]=${encodeURIComponent(String(text))}`).join('&')
      : `${field}=${encodeURIComponent(String(value))}`;
    return uploadWith(`?${query}`);
  }
  const body = { ...(target.path.endsWith('/autosaves') || /\/\d+$/.test(target.path) ? {} : { status: 'draft' }), [field]: value };
  if (!viaBatch) return site.api(target.path, { method: 'POST', as: 'administrator', body });
  const batch = await site.api('/batch/v1', { method: 'POST', as: 'administrator', body: { requests: [{ method: 'POST', path: target.path, body }] } });
  expect(batch.status).toBe(207);
  const [answer] = batch.body.responses;
  return { status: answer.status, headers: new Headers(), body: answer.body };
}

const writes = textWrites();

describe('text fields', () => {
  it('are found on every write route that takes them', () => {
    const patterns = writes.map((write) => write.pattern);
    for (const expected of ['/cms/v2/posts', '/cms/v2/pages/(?P<id>[\\d]+)', '/cms/v2/media', '/cms/v2/posts/(?P<id>[\\d]+)/autosaves']) {
      expect(patterns).toContain(expected);
    }
  });

  const cases = writes.flatMap((write) => [false, ...(write.batch ? [true] : [])].flatMap((viaBatch) =>
    write.fields.map((field) => ({ ...write, field, viaBatch, label: `${field} of POST ${write.pattern}${viaBatch ? ' in a batch' : ''}` }))));

  it.each(cases)('$label: an object without raw is a 400 that stores nothing; {raw} is stored', async ({ pattern, field, viaBatch }) => {
    const target = await targetOf(pattern);
    const before = await target.stored();
    for (const wrong of [{ other: 'x' }, { raw: 5 }]) {
      if (pattern === '/cms/v2/media' && typeof wrong.raw === 'number') continue; // a query string holds only text
      const refused = await send(target, field, wrong, viaBatch);
      expectInvalidParam(refused, field, 'rest_invalid_type');
    }
    expect(await target.stored()).toEqual(before);
    const text = `Raw ${field}`;
    const saved = await send(target, field, { raw: text }, viaBatch);
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
    expect(await target.written(saved.body, field)).toBe(text);
  });
});
