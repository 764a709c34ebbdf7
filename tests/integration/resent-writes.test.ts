// A write sent twice with one request id (Idempotency-Key, or the X-Request-Id nginx sets) is
// made once and answered twice alike, over every write route of the route table (uploads, image
// edits and batches in both modes included): with If-Match too; the id with another request is
// refused (422) and writes nothing; another user's request with that id is made; without an id
// nothing changes. And a write whose answer was lost after its commit (a proxy in the test
// closes the connection as the answer comes) is answered again when sent again, not made twice.
// A write refused at its commit records nothing and leaves no file.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { appPasswordCreateCommand, createUserCommand } from '../../server/auth/account-commands.ts';
import { serviceUnavailable } from '../../server/rest/errors.ts';
import { imageQueue } from '../../server/media/image-limits.ts';
import { setRateLimit } from '../../server/namespaces/contact-form/rate-limit.ts';
import { openStore } from '../../server/store/open-store.ts';
import { insertRequestRecord, REQUEST_RECORD_MS } from '../../server/store/request-records.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { request, routeUrl } from '../helpers/http-request.ts';
import { NOT_RECORDED, WRITE_SAMPLES, send, type Sender, type SentWrite, type WriteSample } from '../helpers/resendable-writes.ts';
import { closeConnectorServices } from '../helpers/connector-services-double.ts';
import { keepTokens, type Tokens } from '../../server/namespaces/seo/connector-client.ts';
import { readSecret } from '../../server/namespaces/seo/connector-secrets.ts';
import { answerDropper, startAnswerDroppingProxy, DROP_ANSWER_HEADER, type AnswerDroppingProxy } from '../helpers/answer-dropping-proxy.ts';

let site: TestSite;
/** Deployment b, for the samples of its own namespaces. */
let siteB: TestSite;
const otherAdmins = new Map<TestSite, Sender>();
const siteOf = (sample: WriteSample) => (sample.deployment === 'b' ? siteB : site);
let ids = 0;
const newId = () => `id-${process.pid}-${++ids}`;

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
function written(of: TestSite = site): string {
  const uploads = path.join(of.dataDir, 'uploads');
  const files = fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort() : [];
  return createHash('sha256').update(JSON.stringify([rowsDigest(of), files])).digest('base64url');
}

const answerOf = (answer: Awaited<ReturnType<typeof send>>) => ({
  status: answer.status, body: answer.body, etag: answer.headers.get('etag'), location: answer.headers.get('location'),
});

/** The same request with another body (another file's bytes for an upload; without a body, another query). */
function changed(write: SentWrite): SentWrite {
  if (Buffer.isBuffer(write.body)) return { ...write, body: Buffer.concat([write.body, Buffer.from('another body')]) };
  return write.body ? { ...write, body: { ...write.body, slug: 'another-body' } } : { ...write, query: { ...write.query, context: 'edit' } };
}
const madeStatus = (sample: WriteSample) => sample.status ?? 200;
const sampleOf = (route: string) => WRITE_SAMPLES.find((sample) => sample.route === route)!;

beforeAll(async () => {
  [site, siteB] = await Promise.all([startTestSite('a'), startTestSite('b')]);
  for (const each of [site, siteB]) {
    const store = each.running.site.context.store;
    createUserCommand(store, { login: 'administrator2', role: 'administrator', password: 'administrator2-password' });
    const { password } = appPasswordCreateCommand(store, { login: 'administrator2', name: 'tests' });
    // The feedback route's per-address limit (10 a minute) is not what is tested here.
    setRateLimit(store, { requests: 1000, seconds: 60 });
    otherAdmins.set(each, { authorization: `Basic ${Buffer.from(`administrator2:${password}`).toString('base64')}` });
  }
}, 60_000);
afterAll(() => Promise.all([site?.close(), siteB?.close(), closeConnectorServices()]));

describe('the route table', () => {
  it("has a request here for every write route of both deployments, or says why it is not recorded", async () => {
    {
      const writeRoutes = (of: TestSite) => of.running.site.router.routes()
        .flatMap((route) => route.endpoints.flatMap((endpoint) => endpoint.methods.filter((method) => method !== 'GET').map((method) => `${method} ${route.pattern}`)));
      const routes = [...new Set([...writeRoutes(site), ...writeRoutes(siteB)])];
      const covered = new Set([...WRITE_SAMPLES.map((sample) => sample.route), ...Object.keys(NOT_RECORDED)]);
      expect(routes.filter((route) => !covered.has(route))).toEqual([]);
      expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
    }
  });
});

describe.each(WRITE_SAMPLES.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s', (_, sample) => {
  it('sent twice with one id: made once, answered twice alike', async () => {
    const site = siteOf(sample);
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
    const site = siteOf(sample);
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
    const site = siteOf(sample);
    const id = { 'idempotency-key': newId() };
    expect((await send(site, 'administrator', await sample.make(site, 'administrator'), id)).status).toBeLessThan(300);
    const write = await sample.make(site, otherAdmins.get(site)!);
    const before = written(site);
    const answer = await send(site, otherAdmins.get(site)!, write, id);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    expect(written(site)).not.toEqual(before);
  });
});

// What a request without an id does when sent twice, where today's answer tells: a create is made
// again, an update naming a version is refused (412).
const SENT_TWICE_WITHOUT_ID = WRITE_SAMPLES.filter((sample) => sample.name === 'create' || sample.name.includes('If-Match'));
describe.each(SENT_TWICE_WITHOUT_ID.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s', (_, sample) => {
  it('without an id, sent twice: made twice, or refused as before', async () => {
    const site = siteOf(sample);
    const write = await sample.make(site, 'administrator');
    const first = await send(site, 'administrator', write);
    expect(first.status).toBeLessThan(300);
    const once = written(site);
    const again = await send(site, 'administrator', write);
    expect(again.status).toBe(sample.name === 'create' ? madeStatus(sample) : 412);
    if (sample.name === 'create') expect(written(site)).not.toEqual(once);
  });
});

describe('the request id headers', () => {
  const update = WRITE_SAMPLES.find((sample) => sample.route.startsWith('PUT /cms/v2/posts/'))!;

  it('X-Request-Id counts as Idempotency-Key does', async () => {
    const write = await update.make(site, 'editor');
    const id = { 'x-request-id': newId() };
    const first = answerOf(await send(site, 'editor', write, id));
    expect(first.status).toBe(200);
    expect(answerOf(await send(site, 'editor', write, id))).toEqual(first);
  });

  it('X-Request-Id on a POST (which nginx never sends twice) is not recorded: sent twice, made twice', async () => {
    const write = await WRITE_SAMPLES.find((sample) => sample.route === 'POST /cms/v2/posts')!.make(site, 'editor');
    const id = { 'x-request-id': newId() };
    const first = await send(site, 'editor', write, id);
    const again = await send(site, 'editor', write, id);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it("the client's Idempotency-Key wins over a proxy's X-Request-Id, new for each sending", async () => {
    const write = await update.make(site, 'editor');
    const key = newId();
    const first = answerOf(await send(site, 'editor', write, { 'idempotency-key': key, 'x-request-id': newId() }));
    expect(first.status).toBe(200);
    expect(answerOf(await send(site, 'editor', write, { 'idempotency-key': key, 'x-request-id': newId() }))).toEqual(first);
  });

  // Posts' create is made on the loop; an upload and a batch after what they await (the file's work, each request before).
  it.each(['POST /cms/v2/posts', 'POST /cms/v2/media', 'POST /batch/v1'])('%s sent twice at once with one id: made once, each answered as made or told it is being served', async (route) => {
    const sample = sampleOf(route);
    const write = await sample.make(site, 'editor');
    const id = { 'idempotency-key': newId() };
    const before = written();
    const answers = await Promise.all([send(site, 'editor', write, id), send(site, 'editor', write, id)]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === madeStatus(sample) || status === 409), JSON.stringify(answers.map((answer) => answer.body))).toBe(true);
    expect(statuses).toContain(madeStatus(sample));
    const refused = answers.find((answer) => answer.status === 409);
    if (refused) expect(refused.body.code).toBe('rest_request_in_progress');
    const once = written();
    expect(once).not.toEqual(before);
    // Sent once more, it is answered as made and nothing more is written: the two made one.
    expect((await send(site, 'editor', write, id)).status).toBe(madeStatus(sample));
    expect(written()).toEqual(once);
  });

  // What each request writes at its commit (a batch's first item, an upload and an edit after their file work).
  it.each(['PUT /cms/v2/posts/(?P<id>[\\d]+)', 'POST /cms/v2/media', 'POST /cms/v2/media/(?P<id>[\\d]+)/edit', 'POST /batch/v1'])('%s refused at its commit records nothing and leaves no file: sent again, it is made', async (route) => {
    const sample = sampleOf(route);
    const write = await sample.make(site, 'editor');
    const id = { 'idempotency-key': newId() };
    const store = site.running.site.context.store;
    const before = written();
    // As a worker's commit is refused once the front answered 503 (commit-claim.ts).
    store.commitGuard = () => {
      throw serviceUnavailable();
    };
    let refused;
    try {
      refused = await send(site, 'editor', write, id);
    } finally {
      store.commitGuard = null;
    }
    // A batch is answered 207 with each item's 503.
    if (refused.status === 207) expect(refused.body.responses.map((answer: { status: number }) => answer.status)).toEqual((write.body as { requests: unknown[] }).requests.map(() => 503));
    else expect(refused.status).toBe(503);
    expect(written()).toEqual(before);
    const made = await send(site, 'editor', write, id);
    expect(made.status, JSON.stringify(made.body)).toBe(madeStatus(sample));
    expect(written()).not.toEqual(before);
  });

  it("a batch whose first item's commit is refused records with the next: sent again, nothing is made again", async () => {
    const sample = sampleOf('POST /batch/v1');
    const write = await sample.make(site, 'editor');
    const id = { 'idempotency-key': newId() };
    const store = site.running.site.context.store;
    // The commit of the first item (the create) is refused, as a worker's is once the front answered 503.
    const created = (write.body as { requests: { body: { title: string } }[] }).requests[0].body.title;
    store.commitGuard = () => {
      if (store.get('SELECT 1 FROM posts WHERE title = ?', created) === undefined) return;
      store.commitGuard = null;
      throw serviceUnavailable();
    };
    let first;
    try {
      first = answerOf(await send(site, 'editor', write, id));
    } finally {
      store.commitGuard = null;
    }
    expect(first.body.responses.map((answer: { status: number }) => answer.status)).toEqual([503, 200, 200]);
    const once = written();
    expect(answerOf(await send(site, 'editor', write, id))).toEqual(first);
    expect(written()).toEqual(once);
  });

  it("two image edits of one account at once, each with its own id: each recorded in its own request (the image queue starts the second from the first's end)", async () => {
    const sample = sampleOf('POST /cms/v2/media/(?P<id>[\\d]+)/edit');
    const writes = [await sample.make(site, 'editor'), await sample.make(site, 'editor')];
    const ids = writes.map(() => ({ 'idempotency-key': newId() }));
    const first = await Promise.all(writes.map((write, index) => send(site, 'editor', write, ids[index])));
    expect(first.map((answer) => answer.status)).toEqual([201, 201]);
    const once = written();
    const again = await Promise.all(writes.map((write, index) => send(site, 'editor', write, ids[index])));
    expect(again.map((answer) => answer.body.id)).toEqual(first.map((answer) => answer.body.id));
    expect(written()).toEqual(once);
  });

  it('an upload whose id another instance recorded while this one made its sizes: its write refused at the record, no file left, 409, one plain line logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    const write = await sampleOf('POST /cms/v2/media').make(site, 'editor');
    const key = newId();
    const before = written();
    // Another instance's record (its own connection) commits as this one's image work starts.
    const otherInstance = openStore(site.dataDir, site.database);
    const elsewhere = AsyncLocalStorage.snapshot();
    imageQueue.once('started', () => elsewhere(() => otherInstance.transaction(() => insertRequestRecord(otherInstance, { userId: site.users.editor.id, key: `idempotency-key:${key}` }, { method: 'POST', path: '/cms/v2/media', digest: 'elsewhere' }))));
    onTestFinished(() => otherInstance.close());
    const answer = await send(site, 'editor', write, { 'idempotency-key': key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.code).toBe('rest_request_in_progress');
    expect(written()).toEqual(before);
    // The race is expected: not an unexpected error with its stack, at most one line saying what happened.
    const lines = logged.mock.calls.map((args) => args.map(String).join(' '));
    expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(1);
    for (const line of lines) expect(line).toMatch(/^Answered 409: Another instance recorded this request id first: [^\n]+$/);
  });

  it.each(['POST /cms/v2/media', 'POST /cms/v2/media/(?P<id>[\\d]+)/edit'])('%s sent again with its id is answered without image work', async (route) => {
    const write = await sampleOf(route).make(site, 'editor');
    const id = { 'idempotency-key': newId() };
    expect((await send(site, 'editor', write, id)).status).toBe(201);
    let queued = 0;
    const count = () => queued++;
    imageQueue.on('queued', count);
    try {
      expect((await send(site, 'editor', write, id)).status).toBe(201);
    } finally {
      imageQueue.off('queued', count);
    }
    expect(queued).toBe(0);
  });

  it('an upload sent again with its id under another file name: 422, nothing written', async () => {
    const write = await sampleOf('POST /cms/v2/media').make(site, 'editor');
    const id = { 'idempotency-key': newId() };
    expect((await send(site, 'editor', write, id)).status).toBe(201);
    const once = written();
    const renamed = await send(site, 'editor', { ...write, headers: { ...write.headers, 'content-disposition': 'attachment; filename="another-name.png"' } }, id);
    expect(renamed.status).toBe(422);
    expect(renamed.body.code).toBe('rest_request_id_reused');
    expect(written()).toEqual(once);
  });

  it("a visitor's feedback sent twice with one id: one submission, one mail, answered twice alike; with another submission 422", async () => {
    const write = await sampleOf('POST /contact-form/v1/contact-forms/(?P<id>[\\d]+)/feedback').make(site, 'administrator');
    const asVisitor = (sent: SentWrite) => site.api(sent.path, { method: sent.method, body: sent.body, headers: { ...sent.headers, 'idempotency-key': key } });
    const key = newId();
    const store = site.running.site.context.store;
    const mails = () => store.get<{ n: number }>('SELECT count(*) AS n FROM contact_form_mail')!.n;
    const mailsBefore = mails();
    const first = answerOf(await asVisitor(write));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status).toBe('mail_sent');
    const once = written();
    expect(answerOf(await asVisitor(write))).toEqual(first);
    expect(written()).toEqual(once);
    expect(mails()).toBe(mailsBefore + 1);
    const other = await asVisitor(changed(write));
    expect(other.status).toBe(422);
    expect(written()).toEqual(once);
  });

  it("a visitor's feedback whose instance stopped between its stored submission and its mail: kept unsent; sent again, told so (409), no mail", async () => {
    const write = await sampleOf('POST /contact-form/v1/contact-forms/(?P<id>[\\d]+)/feedback').make(site, 'administrator');
    const id = { 'idempotency-key': newId() };
    const store = site.running.site.context.store;
    const submissions = () => store.all<{ id: number; status: string }>('SELECT id, status FROM contact_form_submissions WHERE form_id = ? ORDER BY id', Number(write.path.split('/')[4]));
    const mails = () => store.get<{ n: number }>('SELECT count(*) AS n FROM contact_form_mail')!.n;
    const mailsBefore = mails();
    const asVisitor = () => site.api(write.path, { method: write.method, body: write.body, headers: { ...write.headers, ...id } });
    await stoppedAfterCommit(id, asVisitor);
    const kept = submissions();
    expect(kept.map((submission) => submission.status)).toEqual(['received']);
    const again = await asVisitor();
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.code).toBe('rest_request_answer_lost');
    expect(again.body.message).toMatch(/submission was received/);
    expect(submissions()).toEqual(kept);
    expect(mails()).toBe(mailsBefore);
  });

  it('an id of more than 255 characters is refused, nothing written', async () => {
    const write = await update.make(site, 'editor');
    const before = written();
    const answer = await send(site, 'editor', write, { 'idempotency-key': 'x'.repeat(256) });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('rest_invalid_request_id');
    expect(written()).toEqual(before);
  });
});

describe('records', () => {
  const update = () => WRITE_SAMPLES.find((sample) => sample.route.startsWith('PUT /cms/v2/posts/'))!.make(site, 'editor');
  const recorded = (key: string) => site.running.site.context.store.get<{ n: number }>('SELECT count(*) AS n FROM request_records WHERE request_key = ?', `idempotency-key:${key}`)!.n;
  const recordAt = (key: string, now: number) => {
    const store = site.running.site.context.store;
    store.transaction(() => insertRequestRecord(store, { userId: site.users.editor.id, key: `idempotency-key:${key}` }, { method: 'PUT', path: '/cms/v2/posts/1', digest: 'another' }, now));
  };

  it('are forgotten after a day: the id is free again', async () => {
    const key = newId();
    recordAt(key, Date.now() - REQUEST_RECORD_MS - 1000);
    const write = await update();
    expect((await send(site, 'editor', write, { 'idempotency-key': key })).status).toBe(200);
    expect(recorded(key)).toBe(1);
  });

  it('past their day are deleted by a later write, without a timer', () => {
    const old = newId();
    recordAt(old, Date.now() - REQUEST_RECORD_MS - 1000);
    expect(recorded(old)).toBe(1);
    // A write more than the sweep interval after the last sweep (10 minutes) deletes them all.
    recordAt(newId(), Date.now() + 11 * 60_000);
    expect(recorded(old)).toBe(0);
  });
});

describe('a write whose answer was lost after its commit, sent again', () => {
  let proxy: AnswerDroppingProxy;
  const dropper = answerDropper();
  beforeAll(async () => {
    proxy = await startAnswerDroppingProxy(Number(new URL(site.url).port), dropper);
  });
  afterAll(() => proxy?.close());

  // Post-process is left out: made again, it writes what it wrote (sent twice above, its answer tells).
  const lostRoutes = ['POST /contact-form/v1/contact-forms/(?P<id>[\\d]+)/feedback', 'POST /cms/v2/media', 'POST /cms/v2/media/(?P<id>[\\d]+)/edit', 'POST /batch/v1'];
  const samples = WRITE_SAMPLES.filter((sample) => lostRoutes.includes(sample.route) || (sample.route.startsWith('/cms/v2/posts', sample.route.indexOf(' ') + 1) && !sample.route.includes('revisions') && !sample.route.includes('autosaves') && !sample.route.startsWith('PATCH') && !sample.route.startsWith('POST /cms/v2/posts/')));
  it.each(samples.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s: answered as made, made once', async (_, sample) => {
    const write = await sample.make(site, 'author');
    const id = { 'idempotency-key': newId() };
    const before = written();
    const dropped = dropper.armed();
    const lost = request(routeUrl(`http://127.0.0.1:${proxy.port}${new URL(site.apiRoot).pathname}`, write.path), {
      method: write.method, query: write.query, body: write.body,
      headers: { host: new URL(site.url).host, authorization: site.authHeader('author'), ...write.headers, ...id, [DROP_ANSWER_HEADER]: '1' },
    });
    await expect(lost).rejects.toThrow();
    await dropped;
    const made = written();
    expect(made).not.toEqual(before);
    const again = await send(site, 'author', write, id);
    expect(again.status, JSON.stringify(again.body)).toBe(madeStatus(sample));
    expect(written()).toEqual(made);
    if (sample.name === 'forced') expect(again.body).toMatchObject({ deleted: true, previous: { id: Number(write.path.split('/').pop()) } });
    else if (!Buffer.isBuffer(write.body) && write.body?.title) expect(again.body.title.raw).toBe(write.body.title);
  });
});

/**
 * Sends a write as when its instance stops right after the commit that records it: every
 * write after that commit is refused (a feedback's mail, later items of a batch, the record's
 * completion), so the first request is answered 503 (the client of a dead instance gets none).
 */
async function stoppedAfterCommit(id: Record<string, string>, sendIt: () => ReturnType<typeof send>, at = site): Promise<void> {
  const store = at.running.site.context.store;
  const recorded = (completed: boolean) => store.get(
    `SELECT 1 FROM request_records WHERE request_key = ? AND status IS ${completed ? 'NOT ' : ''}NULL`, `idempotency-key:${id['idempotency-key']}`,
  ) !== undefined;
  let stopped = false;
  // Asked before each commit, after the record is written into it: the one that holds it goes through, none after.
  store.commitGuard = () => {
    if (stopped) throw serviceUnavailable();
    stopped = recorded(false);
  };
  try {
    expect((await sendIt()).status).toBe(503);
  } finally {
    store.commitGuard = null;
  }
  expect(recorded(false)).toBe(true);
}

/** seo/v1's writes but a post's search settings tell their answer in the transaction of their write (settings-paths.ts): it is recorded with them. */
const answerTold = (sample: WriteSample) => sample.deployment === 'b' && !sample.name.includes('If-Match');

describe('a write whose answer was never kept (its instance stopped after the commit), sent again', () => {

  // A create names what it made in its record (an upload and an image edit too): shown as made. seo/v1's writes
  // keep their answer with their write: answered as made. A batch, a feedback and the other POSTs name nothing:
  // 409 with what to do. The others show the item their path names.
  it.each(WRITE_SAMPLES.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s: made once, answered as made where its item is known', async (_, sample) => {
    const site = siteOf(sample);
    const write = await sample.make(site, 'administrator');
    const id = { 'idempotency-key': newId() };
    const before = written(site);
    await stoppedAfterCommit(id, () => send(site, 'administrator', write, id), site);
    const made = written(site);
    expect(made).not.toEqual(before);
    const again = await send(site, 'administrator', write, id);
    expect(written(site)).toEqual(made);
    if (sample.creates) {
      expect(again.status, JSON.stringify(again.body)).toBe(madeStatus(sample));
      // The item made, once: the one a read of its collection's newest shows.
      const collection = write.path.replace(/\/\d+\/edit$/, '');
      const newest = await send(site, 'administrator', { method: 'GET', path: collection, query: { orderby: 'id', order: 'desc', per_page: 1, context: 'edit' } });
      expect(again.body.id).toBe((Array.isArray(newest.body) ? newest.body : [])[0]?.id ?? again.body.id);
      if (madeStatus(sample) === 201) expect(again.headers.get('location')).toBe(new URL(`${collection.slice(1)}/${again.body.id}`, site.apiRoot).href);
      if (!Buffer.isBuffer(write.body) && typeof write.body?.title === 'string') expect(again.body.title.raw ?? again.body.title).toBe(write.body.title);
    } else if (answerTold(sample)) {
      // A route with no GET among them (rank/keyphrases/untrack): its answer as it was made.
      expect(again.status, JSON.stringify(again.body)).toBe(madeStatus(sample));
      expect(again.body.code).toBeUndefined();
    } else if (write.method === 'POST') {
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.body.code).toBe('rest_request_answer_lost');
      expect(again.body.message).toMatch(/Do not send it again/);
    } else {
      expect(again.status, JSON.stringify(again.body)).toBeLessThan(500);
    }
  });

  // The rank-tracking connector's writes after a refresh of its expired tokens: the refresh is kept on its own
  // (the old refresh token may be spent), the record with the write it was made for (on PostgreSQL it took the record).
  const connectorWrites = WRITE_SAMPLES.filter((sample) => /^\S+ \/seo\/v1\/rank\/keyphrases/.test(sample.route));
  it.each(connectorWrites.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s with expired tokens, refreshed first: made once, answered as made', async (_, sample) => {
    const write = await sample.make(siteB, 'administrator');
    const context = siteB.running.site.context;
    keepTokens(context, 'rank', { access_token: 'expired', refresh_token: 'refresh', expires_at: Date.now() - 1000, created_at: Date.now() - 3_600_000 });
    const id = { 'idempotency-key': newId() };
    const before = written(siteB);
    await stoppedAfterCommit(id, () => send(siteB, 'administrator', write, id), siteB);
    expect(readSecret<Tokens>(context, 'rank_tokens')!.expires_at).toBeGreaterThan(Date.now());
    const made = written(siteB);
    expect(made).not.toEqual(before);
    const again = await send(siteB, 'administrator', write, id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.status).toBe(200);
    if (write.body && !Buffer.isBuffer(write.body)) expect(Object.keys(again.body.results)).toEqual(write.body.keyphrases);
    expect(written(siteB)).toEqual(made);
  });
});
