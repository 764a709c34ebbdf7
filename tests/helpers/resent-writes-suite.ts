// What the resent-writes files share (resent-writes: the content's, contact forms' and batch's
// writes, the route table's rule, the id headers, records, lost answers; resent-writes-seo:
// seo/v1's writes, deployment b's): their sites, what a write changes, a write stopped after the
// commit that records it, and the cases generated over each write route they are given. Two
// files, each with the sites it needs, so that the two halves run side by side.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPasswordCreateCommand, createUserCommand } from '../../server/auth/account-commands.ts';
import { serviceUnavailable } from '../../server/rest/errors.ts';
import { setRateLimit } from '../../server/namespaces/contact-form/rate-limit.ts';
import { startTestSite, type TestSite } from './test-site.ts';
import { WRITE_SAMPLES, send, type Sender, type SentWrite, type WriteSample } from './resendable-writes.ts';
import type { QueryParams } from './http-request.ts';
import { closeConnectorServices } from './connector-services-double.ts';

let ids = 0;
export const newId = () => `id-${process.pid}-${++ids}`;

/** The tables the writes change, and the columns of theirs that show a write. */
const WRITTEN_TABLES: Record<string, string> = {
  posts: 'SELECT id, type, status, title, modified_gmt, parent, meta FROM posts ORDER BY id',
  terms: 'SELECT id, name FROM terms ORDER BY id',
  options: "SELECT name, value FROM options WHERE name = 'settings' OR name LIKE 'seo%' ORDER BY name",
  seo_indexables: 'SELECT id, object_type, object_sub_type, object_id, link_count FROM seo_indexables ORDER BY id',
  media: 'SELECT post_id, file, details, missing_sizes FROM media ORDER BY post_id',
  contact_forms: 'SELECT id, title, modified FROM contact_forms ORDER BY id',
  contact_form_submissions: 'SELECT id, form_id, status FROM contact_form_submissions ORDER BY id',
  contact_form_mail: 'SELECT id, submission_id, kind, status FROM contact_form_mail ORDER BY id',
};
/**
 * Each site's rows as last read, with their tables' version then (Store.versionOf: every write
 * of them, by any connection, changes it; the site's own caches trust it): read again only once
 * it changed, since most readings follow a request that wrote nothing (a third of the file's
 * time on PostgreSQL, a round trip a table, went to reading them).
 */
const rowsRead = new WeakMap<TestSite, { version: string; digest: string }>();

function rowsDigest(of: TestSite): string {
  const store = of.running.site.context.store;
  const version = store.versionOf(Object.keys(WRITTEN_TABLES));
  const read = rowsRead.get(of);
  if (read?.version === version) return read.digest;
  const digest = createHash('sha256').update(JSON.stringify(Object.values(WRITTEN_TABLES).map((sql) => store.all(sql)))).digest('base64url');
  rowsRead.set(of, { version, digest });
  return digest;
}

/** What the writes change, files included: a second write made (or a stray file) shows here. */
export function written(of: TestSite): string {
  const uploads = path.join(of.dataDir, 'uploads');
  const files = fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort() : [];
  return createHash('sha256').update(JSON.stringify([rowsDigest(of), files])).digest('base64url');
}

export const answerOf = (answer: Awaited<ReturnType<typeof send>>) => ({
  status: answer.status, body: answer.body, etag: answer.headers.get('etag'), location: answer.headers.get('location'),
});

/** The same request with another body (another file's bytes for an upload; without a body, another query). */
export function changed(write: SentWrite): SentWrite {
  if (Buffer.isBuffer(write.body)) return { ...write, body: Buffer.concat([write.body, Buffer.from('another body')]) };
  return write.body ? { ...write, body: { ...write.body, slug: 'another-body' } } : { ...write, query: { ...write.query, context: 'edit' } };
}
export const madeStatus = (sample: WriteSample) => sample.status ?? 200;
export const sampleOf = (route: string) => WRITE_SAMPLES.find((sample) => sample.route === route)!;

export interface ResentWritesSites {
  /** The file's site of a deployment, started before its tests. */
  site(deployment: 'a' | 'b'): TestSite;
  /** The site a sample is sent to: its deployment's. */
  siteOf(sample: WriteSample): TestSite;
  /** Another administrator of the site, to send as. */
  otherAdmin(site: TestSite): Sender;
}

/** Sites of these deployments, started before the file's tests (with a second administrator) and closed after them. */
export function resentWritesSites(deployments: readonly ('a' | 'b')[]): ResentWritesSites {
  const started = new Map<'a' | 'b', TestSite>();
  const otherAdmins = new Map<TestSite, Sender>();
  beforeAll(async () => {
    const sites = await Promise.all(deployments.map((deployment) => startTestSite(deployment)));
    deployments.forEach((deployment, index) => started.set(deployment, sites[index]));
    for (const each of sites) {
      const store = each.running.site.context.store;
      createUserCommand(store, { login: 'administrator2', role: 'administrator', password: 'administrator2-password' });
      const { password } = appPasswordCreateCommand(store, { login: 'administrator2', name: 'tests' });
      // The feedback route's per-address limit (10 a minute) is not what is tested here.
      setRateLimit(store, { requests: 1000, seconds: 60 });
      otherAdmins.set(each, { authorization: `Basic ${Buffer.from(`administrator2:${password}`).toString('base64')}` });
    }
  }, 60_000);
  afterAll(() => Promise.all([...[...started.values()].map((site) => site.close()), closeConnectorServices()]));
  const site = (deployment: 'a' | 'b') => {
    const found = started.get(deployment);
    if (!found) throw new Error(`No site of deployment ${deployment} in this file.`);
    return found;
  };
  return { site, siteOf: (sample) => site(sample.deployment ?? 'a'), otherAdmin: (of) => otherAdmins.get(of)! };
}

/**
 * Sends a write as when its instance stops right after the commit that records it (or, with
 * `reached`, the later commit that makes it true): every write after that commit is refused (a
 * feedback's mail, later items of a batch, the record's completion), so the first request is
 * answered 503 (the client of a dead instance gets none).
 */
export async function stoppedAfterCommit(at: TestSite, id: Record<string, string>, sendIt: () => ReturnType<typeof send>, reached?: () => boolean): Promise<void> {
  const store = at.running.site.context.store;
  const recorded = (completed: boolean) => store.get(
    `SELECT 1 FROM request_records WHERE request_key = ? AND status IS ${completed ? 'NOT ' : ''}NULL`, `idempotency-key:${id['idempotency-key']}`,
  ) !== undefined;
  let stopped = false;
  // Asked before each commit, after its writes: the one that records (or reaches) goes through, none after.
  store.commitGuard = () => {
    if (stopped) throw serviceUnavailable();
    stopped = reached ? reached() : recorded(false);
  };
  try {
    expect((await sendIt()).status).toBe(503);
  } finally {
    store.commitGuard = null;
  }
  expect(recorded(false)).toBe(true);
}

/** Each sample sent twice with one id, the id again with another request, and by another user. */
export function describeSentTwice(sites: ResentWritesSites, samples: readonly WriteSample[]): void {
  describe.each(samples.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s', (_, sample) => {
    it('sent twice with one id: made once, answered twice alike', async () => {
      const site = sites.siteOf(sample);
      const write = await sample.make(site, 'administrator');
      const id = { 'idempotency-key': newId() };
      const before = written(site);
      const first = answerOf(await send(site, 'administrator', write, id));
      expect(first.status, JSON.stringify(first.body)).toBe(madeStatus(sample));
      const once = written(site);
      expect(once).not.toEqual(before);
      const again = answerOf(await send(site, 'administrator', write, id));
      expect(written(site)).toEqual(once);
      expect(again).toEqual(first);
    });

    it('the id again with another request: 422, nothing written', async () => {
      const site = sites.siteOf(sample);
      const write = await sample.make(site, 'administrator');
      const id = { 'idempotency-key': newId() };
      expect((await send(site, 'administrator', write, id)).status).toBeLessThan(300);
      const once = written(site);
      const other = await send(site, 'administrator', changed(write), id);
      expect(other.status).toBe(422);
      expect(other.body.code).toBe('rest_request_id_reused');
      expect(written(site)).toEqual(once);
    });

    it("another user's request with that id is made", async () => {
      const site = sites.siteOf(sample);
      const id = { 'idempotency-key': newId() };
      expect((await send(site, 'administrator', await sample.make(site, 'administrator'), id)).status).toBeLessThan(300);
      const write = await sample.make(site, sites.otherAdmin(site));
      const before = written(site);
      const answer = await send(site, sites.otherAdmin(site), write, id);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      expect(written(site)).not.toEqual(before);
    });
  });
}

// What a request without an id does when sent twice, where today's answer tells: a create is made
// again, an update naming a version is refused (412).
export function describeSentTwiceWithoutId(sites: ResentWritesSites, samples: readonly WriteSample[]): void {
  describe.each(samples.filter((sample) => sample.name === 'create' || sample.name.includes('If-Match')).map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s', (_, sample) => {
    it('without an id, sent twice: made twice, or refused as before', async () => {
      const site = sites.siteOf(sample);
      const write = await sample.make(site, 'administrator');
      const first = await send(site, 'administrator', write);
      expect(first.status).toBeLessThan(300);
      const once = written(site);
      const again = await send(site, 'administrator', write);
      expect(again.status).toBe(sample.name === 'create' ? madeStatus(sample) : 412);
      if (sample.name === 'create') expect(written(site)).not.toEqual(once);
    });
  });
}

/** The global parameters that shape an answer (rest/dispatch.ts), each alone and together. */
const SHAPINGS: Record<string, QueryParams> = {
  'as sent': {},
  _fields: { _fields: 'id,status,title,success,settings,results,deleted,responses' },
  _envelope: { _envelope: '1' },
  '_fields and _envelope': { _fields: 'id,status,title,success,settings,results,deleted,responses', _envelope: '1' },
};
/** Headers whose values are the same for two answers of one route (an ETag's is the item's). */
const SAME_VALUES = ['allow', 'cache-control', 'content-type', 'link', 'vary'];

/** A key that is data (a keyphrase, an id), not a field's name. */
const DATA_KEY = /^(?![A-Za-z_][\w-]*$)/;

/**
 * What two answers of one route share when their items and names differ: each field's name,
 * each value's type; a list's the names its items have (their number and nulls are the
 * site's, which the first answer's fixture may differ in), a map's keyed by data one shape.
 */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return { list: [...new Set(value.flatMap((each) => (each !== null && typeof each === 'object' ? Object.keys(each) : [typeof each])))].sort() };
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(Object.entries(value).map(([name, each]) => [DATA_KEY.test(name) ? '(data)' : name, shapeOf(each)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}
const answerShape = (answer: Awaited<ReturnType<typeof send>>) => ({
  status: answer.status,
  headers: Object.fromEntries([...answer.headers.keys()].filter((name) => name !== 'date').sort().map((name) => [name, SAME_VALUES.includes(name) ? answer.headers.get(name) : 'sent'])),
  // An envelope's status, and the headers it holds (named so), as the answer's own.
  envelope: answer.body?.status !== undefined && answer.body?.headers !== undefined ? { status: answer.body.status, headers: Object.keys(answer.body.headers).sort() } : null,
  body: shapeOf(answer.body),
});

/**
 * Each sample sent again after its instance stopped right after the commit that records it:
 * made once, and answered as made, shaped (`_fields`, `_envelope`) as a first answer of its
 * route is, over every write route given (a route added is covered the day it is added).
 */
export function describeAnswerNeverKept(sites: ResentWritesSites, samples: readonly WriteSample[]): void {
  describe('a write whose answer was never kept (its instance stopped after the commit), sent again', () => {
    it.each(samples.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s: made once, answered as made', async (_, sample) => {
      const site = sites.siteOf(sample);
      const write = await sample.make(site, 'administrator');
      const id = { 'idempotency-key': newId() };
      const before = written(site);
      await stoppedAfterCommit(site, id, () => send(site, 'administrator', write, id));
      const made = written(site);
      expect(made).not.toEqual(before);
      const again = await send(site, 'administrator', write, id);
      if (!sample.resumes) {
        expect(written(site)).toEqual(made);
      } else {
        // Its parts not made before the stop (a batch's items, a feedback's mail) made now, once; answered alike when sent once more.
        const resumed = written(site);
        expect(resumed).not.toEqual(made);
        expect(answerOf(await send(site, 'administrator', write, id))).toEqual(answerOf(again));
        expect(written(site)).toEqual(resumed);
      }
      const items = Buffer.isBuffer(write.body) ? undefined : (write.body as { requests?: { body?: { title?: string } }[] } | undefined)?.requests;
      if (sample.resumes && items) {
        // A batch's items each answered as a first answer's are.
        const first = await send(site, 'administrator', await sample.make(site, 'administrator'), { 'idempotency-key': newId() });
        const statuses = (answer: typeof first) => answer.body.responses.map((item: { status: number }) => item.status);
        expect(statuses(again)).toEqual(statuses(first));
        // Each item made, once: a post of each title an item made sent (the one made before the stop not made again).
        items.forEach((item, index) => {
          if (item.body?.title === undefined || again.body.responses[index].status >= 300) return;
          expect(site.running.site.context.store.all("SELECT id FROM posts WHERE title = ? AND type <> 'revision'", item.body.title)).toHaveLength(1);
        });
      }
      expect(again.status, JSON.stringify(again.body)).toBe(madeStatus(sample));
      expect(again.body.code).toBeUndefined();
      if (sample.creates) {
        // The item made, once: the one a read of its collection's newest shows.
        const collection = write.path.replace(/\/\d+\/edit$/, '');
        const newest = await send(site, 'administrator', { method: 'GET', path: collection, query: { orderby: 'id', order: 'desc', per_page: 1, context: 'edit' } });
        expect(again.body.id).toBe((Array.isArray(newest.body) ? newest.body : [])[0]?.id ?? again.body.id);
        if (madeStatus(sample) === 201) expect(again.headers.get('location')).toBe(new URL(`${collection.slice(1)}/${again.body.id}`, site.apiRoot).href);
        if (!Buffer.isBuffer(write.body) && typeof write.body?.title === 'string') expect(again.body.title.raw ?? again.body.title).toBe(write.body.title);
      }
    });

    const cases = samples.flatMap((sample) => Object.entries(SHAPINGS).map(([shaping, query]) => [`${sample.route} (${sample.name}), ${shaping}`, sample, query] as const));
    it.each(cases)('%s: shaped as a first answer', async (_, sample, query) => {
      const site = sites.siteOf(sample);
      const shaped = (write: SentWrite): SentWrite => ({ ...write, query: { ...write.query, ...query } });
      // A first answer, from an instance that did not stop; then the same route's, given again after its instance stopped.
      const first = await send(site, 'administrator', shaped(await sample.make(site, 'administrator')), { 'idempotency-key': newId() });
      expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
      const write = shaped(await sample.make(site, 'administrator'));
      const id = { 'idempotency-key': newId() };
      await stoppedAfterCommit(site, id, () => send(site, 'administrator', write, id));
      const again = await send(site, 'administrator', write, id);
      expect(answerShape(again)).toEqual(answerShape(first));
    });
  });
}
