// Validators cover every input of an answer: an item's or a list's ETag (and Last-Modified)
// change whenever any byte of the answer would, not only when the item does. Generated over
// each setting a writer can change × items and lists of every kind × each reader, and over
// every pair of readers (roles): a conditional read with the tag from before answers 304 only
// when the answer is byte for byte the same, else 200 with the new answer. Write
// preconditions still name the item's version: a settings change never makes them fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, TEST_ROLES, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';

type Reader = TestRole | null;
const READERS: readonly Reader[] = [null, ...TEST_ROLES];
const KINDS = ['posts', 'pages', 'media'] as const;

/** Each setting that could change an answer, with two values to move between. */
const SETTING_CHANGES: Record<string, readonly [string, string]> = {
  timezone: ['America/Chicago', 'Asia/Kolkata'],
  date_format: ['Y-m-d', 'd/m/Y'],
  time_format: ['H:i', 'g:i A'],
  title: ['Another name', 'A third name'],
};

interface Seen {
  status: number;
  text: string;
  etag: string | null;
  lastModified: string | null;
}

describe('validators follow every input of an answer', () => {
  let site: TestSite;
  /** Every answer a reader may ask for: an item and a list of each kind, in the view and edit contexts, and the settings. */
  let routes: string[];

  const read = async (route: string, reader: Reader, headers: Record<string, string> = {}): Promise<Seen> => {
    const auth: Record<string, string> = reader ? { authorization: site.authHeader(reader) } : {};
    const response = await fetch(`${site.apiRoot}${route}`, { headers: { ...auth, ...headers } });
    return { status: response.status, text: await response.text(), etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  };

  /** A conditional read with what `before` carried is 304 exactly when the answer is the same as `before`. */
  const expectRevalidated = async (route: string, reader: Reader, before: Seen, label: string) => {
    const now = await read(route, reader);
    const sameAnswer = now.status === 200 && before.status === 200 && now.text === before.text;
    // A refusal carries no validator to revalidate with.
    if (before.status !== 200) return now;
    const conditions: Record<string, string>[] = [];
    if (before.etag) conditions.push({ 'if-none-match': before.etag });
    if (before.lastModified && !sameAnswer) conditions.push({ 'if-modified-since': before.lastModified });
    expect(conditions.length, `${label}: the answer has a validator`).toBeGreaterThan(0);
    for (const condition of conditions) {
      const conditional = await read(route, reader, condition);
      const name = `${label} ${Object.keys(condition)[0]}`;
      if (sameAnswer) {
        expect(conditional.status, name).toBe(304);
        expect(conditional.text, name).toBe('');
      } else {
        expect(conditional.status, name).toBe(now.status);
        expect(conditional.text, name).toBe(now.text);
      }
    }
    return now;
  };

  const readAll = async (reader: Reader) => new Map(await Promise.all(routes.map(async (route) => [route, await read(route, reader)] as const)));

  beforeAll(async () => {
    site = await startTestSite('a');
    const ids: Record<string, number> = {};
    for (const kind of ['posts', 'pages'] as const) {
      const created = await site.api(`/cms/v2/${kind}`, { method: 'POST', as: 'editor', body: { title: `A ${kind} item`, content: 'Words', status: 'publish' } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[kind] = created.body.id;
    }
    const upload = await uploadRaw(site, await solidImage(12, 12), 'validators.jpg', { as: 'editor', contentType: 'image/jpeg' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    ids.media = upload.body.id;
    routes = [
      ...KINDS.flatMap((kind) => ['view', 'edit'].flatMap((context) => [`cms/v2/${kind}/${ids[kind]}?context=${context}`, `cms/v2/${kind}?context=${context}`])),
      'cms/v2/settings',
      '',
    ];
  });
  afterAll(() => site.close());

  describe.each(Object.entries(SETTING_CHANGES))('a change of the %s setting', (setting, values) => {
    it.each(READERS.map((reader) => [reader ?? 'visitor', reader] as const))('is seen by a conditional read (%s)', async (_name, reader) => {
      for (const value of values) {
        const before = await readAll(reader);
        // Nothing changed yet: every answer is revalidated as it is.
        for (const [route, seen] of before) await expectRevalidated(route, reader, seen, `unchanged ${route}`);
        const changed = await site.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { [setting]: value } });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        for (const [route, seen] of before) await expectRevalidated(route, reader, seen, `${setting}=${value} ${route}`);
      }
    });
  });

  it('a change of zone changes the dates of every item and list, so none is answered 304', async () => {
    const before = await readAll('editor');
    await site.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { timezone: 'Pacific/Auckland' } });
    const itemsAndLists = routes.filter((route) => route.includes('context='));
    for (const route of itemsAndLists) {
      const old = before.get(route)!;
      const conditional = await read(route, 'editor', { 'if-none-match': old.etag! });
      expect(conditional.status, route).toBe(200);
      expect(conditional.text, route).not.toBe(old.text);
    }
  });

  it('answers each reader with its own answer, never 304 to the tag of another reader’s different answer', async () => {
    const seen = new Map(await Promise.all(READERS.map(async (reader) => [reader, await readAll(reader)] as const)));
    for (const route of routes) {
      for (const [tagReader, tagAnswers] of seen) {
        for (const reader of READERS) {
          const theirs = tagAnswers.get(route)!;
          if (!theirs.etag) continue;
          await expectRevalidated(route, reader, theirs, `${route} as ${reader ?? 'visitor'} with ${tagReader ?? 'visitor'}'s tag`);
        }
      }
    }
  });

  it.each(['posts', 'pages', 'media'] as const)('lets a write through %s with the If-Match or If-Unmodified-Since read before a settings change', async (kind) => {
    const item = routes.find((route) => route.startsWith(`cms/v2/${kind}/`) && route.endsWith('context=edit'))!;
    const path = item.split('?')[0];
    for (const precondition of ['if-match', 'if-unmodified-since'] as const) {
      const before = await read(item, 'editor');
      const zone = (await site.api('cms/v2/settings', { as: 'administrator' })).body.timezone === 'UTC' ? 'Europe/Paris' : 'UTC';
      await site.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { timezone: zone } });
      const header = precondition === 'if-match' ? before.etag! : before.lastModified!;
      // Last-Modified stays the item's own date, which If-Unmodified-Since is compared with.
      expect(before.lastModified).toBe(new Date(`${JSON.parse(before.text).modified_gmt}Z`).toUTCString());
      const written = await site.api(path, { method: 'POST', as: 'editor', headers: { [precondition]: header }, body: { title: `Written after ${zone}` } });
      expect(written.status, `${precondition}: ${JSON.stringify(written.body)}`).toBe(200);
      // The tag read before that write no longer names the stored version.
      const stale = await site.api(path, { method: 'POST', as: 'editor', headers: { 'if-match': before.etag! }, body: { title: 'Stale' } });
      expect(stale.status).toBe(412);
    }
  });
});
