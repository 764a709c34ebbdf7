// A write sent twice with one request id (Idempotency-Key, or the X-Request-Id nginx sets) is
// made once and answered twice alike, over every write route of the route table (uploads, image
// edits and batches in both modes included): with If-Match too; the id with another request is
// refused (422) and writes nothing; another user's request with that id is made; without an id
// nothing changes. And a write whose answer was lost after its commit (a proxy in the test
// closes the connection as the answer comes) is answered again when sent again, not made twice.
// A write refused at its commit records nothing and leaves no file. Sent again after its instance
// stopped right after the commit that records it, every write route is answered as made, shaped
// as a first answer (a feedback's mail, not sent before the stop, sent then). seo/v1's writes (deployment
// b's) are resent-writes-seo's, run beside this file; the rule over the route table is here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { serviceUnavailable } from '../../server/rest/errors.ts';
import { imageQueue } from '../../server/media/image-limits.ts';
import { openStore } from '../../server/store/open-store.ts';
import { insertRequestRecord, REQUEST_RECORD_MS } from '../../server/store/request-records.ts';
import { MAIL_PENDING } from '../../server/namespaces/contact-form/feedback.ts';
import type { TestSite } from '../helpers/test-site.ts';
import { request, routeUrl } from '../helpers/http-request.ts';
import { NOT_RECORDED, WRITE_SAMPLES, send, type SentWrite } from '../helpers/resendable-writes.ts';
import { answerDropper, startAnswerDroppingProxy, DROP_ANSWER_HEADER, type AnswerDroppingProxy } from '../helpers/answer-dropping-proxy.ts';
import {
  answerOf, changed, describeAnswerNeverKept, describeSentTwice, describeSentTwiceWithoutId, madeStatus, newId, resentWritesSites, sampleOf,
  stoppedAfterCommit, written,
} from '../helpers/resent-writes-suite.ts';

// Deployment b's site only for the route table: its own samples are resent-writes-seo's.
const sites = resentWritesSites(['a', 'b']);
let site: TestSite;
beforeAll(() => {
  site = sites.site('a');
});
const SAMPLES = WRITE_SAMPLES.filter((sample) => sample.deployment !== 'b');

describe('the route table', () => {
  it("has a request here for every write route of both deployments, or says why it is not recorded", async () => {
    {
      const writeRoutes = (of: TestSite) => of.running.site.router.routes()
        .flatMap((route) => route.endpoints.flatMap((endpoint) => endpoint.methods.filter((method) => method !== 'GET').map((method) => `${method} ${route.pattern}`)));
      const routes = [...new Set([...writeRoutes(site), ...writeRoutes(sites.site('b'))])];
      const covered = new Set([...WRITE_SAMPLES.map((sample) => sample.route), ...Object.keys(NOT_RECORDED)]);
      expect(routes.filter((route) => !covered.has(route))).toEqual([]);
      expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
    }
  });
});

describeSentTwice(sites, SAMPLES);
describeSentTwiceWithoutId(sites, SAMPLES);

describe('the request id headers', () => {
  const update = WRITE_SAMPLES.find((sample) => sample.route.startsWith('PUT /cms/v2/posts/'))!;

  it('X-Request-Id counts as Idempotency-Key does', async () => {
    const write = await update.make(site, 'editor');
    const id = { 'x-request-id': newId() };
    const first = answerOf(await send(site, 'editor', write, id));
    expect(first.status).toBe(200);
    expect(answerOf(await send(site, 'editor', write, id))).toEqual(first);
  });

  // nginx sends a POST on to another instance too (deploy/nginx-inkwell.conf: non_idempotent), with its id.
  it('X-Request-Id on a POST is recorded too: sent twice, made once and answered alike', async () => {
    const write = await WRITE_SAMPLES.find((sample) => sample.route === 'POST /cms/v2/posts')!.make(site, 'editor');
    const id = { 'x-request-id': newId() };
    const first = answerOf(await send(site, 'editor', write, id));
    expect(first.status).toBe(201);
    expect(answerOf(await send(site, 'editor', write, id))).toEqual(first);
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
    const before = written(site);
    const answers = await Promise.all([send(site, 'editor', write, id), send(site, 'editor', write, id)]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === madeStatus(sample) || status === 409), JSON.stringify(answers.map((answer) => answer.body))).toBe(true);
    expect(statuses).toContain(madeStatus(sample));
    const refused = answers.find((answer) => answer.status === 409);
    if (refused) expect(refused.body.code).toBe('rest_request_in_progress');
    const once = written(site);
    expect(once).not.toEqual(before);
    // Sent once more, it is answered as made and nothing more is written: the two made one.
    expect((await send(site, 'editor', write, id)).status).toBe(madeStatus(sample));
    expect(written(site)).toEqual(once);
  });

  // What each request writes at its commit (a batch's first item, an upload and an edit after their file work).
  it.each(['PUT /cms/v2/posts/(?P<id>[\\d]+)', 'POST /cms/v2/media', 'POST /cms/v2/media/(?P<id>[\\d]+)/edit', 'POST /batch/v1'])('%s refused at its commit records nothing and leaves no file: sent again, it is made', async (route) => {
    const sample = sampleOf(route);
    const write = await sample.make(site, 'editor');
    const id = { 'idempotency-key': newId() };
    const store = site.running.site.context.store;
    const before = written(site);
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
    expect(written(site)).toEqual(before);
    const made = await send(site, 'editor', write, id);
    expect(made.status, JSON.stringify(made.body)).toBe(madeStatus(sample));
    expect(written(site)).not.toEqual(before);
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
    const once = written(site);
    expect(answerOf(await send(site, 'editor', write, id))).toEqual(first);
    expect(written(site)).toEqual(once);
  });

  it("two image edits of one account at once, each with its own id: each recorded in its own request (the image queue starts the second from the first's end)", async () => {
    const sample = sampleOf('POST /cms/v2/media/(?P<id>[\\d]+)/edit');
    const writes = [await sample.make(site, 'editor'), await sample.make(site, 'editor')];
    const ids = writes.map(() => ({ 'idempotency-key': newId() }));
    const first = await Promise.all(writes.map((write, index) => send(site, 'editor', write, ids[index])));
    expect(first.map((answer) => answer.status)).toEqual([201, 201]);
    const once = written(site);
    const again = await Promise.all(writes.map((write, index) => send(site, 'editor', write, ids[index])));
    expect(again.map((answer) => answer.body.id)).toEqual(first.map((answer) => answer.body.id));
    expect(written(site)).toEqual(once);
  });

  it('an upload whose id another instance recorded while this one made its sizes: its write refused at the record, no file left, 409, one plain line logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    const write = await sampleOf('POST /cms/v2/media').make(site, 'editor');
    const key = newId();
    const before = written(site);
    // Another instance's record (its own connection) commits as this one's image work starts.
    const otherInstance = openStore(site.dataDir, site.database);
    const elsewhere = AsyncLocalStorage.snapshot();
    imageQueue.once('started', () => elsewhere(() => otherInstance.transaction(() => insertRequestRecord(otherInstance, { userId: site.users.editor.id, key: `idempotency-key:${key}` }, { method: 'POST', path: '/cms/v2/media', digest: 'elsewhere' }))));
    onTestFinished(() => otherInstance.close());
    const answer = await send(site, 'editor', write, { 'idempotency-key': key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.code).toBe('rest_request_in_progress');
    expect(written(site)).toEqual(before);
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
    const once = written(site);
    const renamed = await send(site, 'editor', { ...write, headers: { ...write.headers, 'content-disposition': 'attachment; filename="another-name.png"' } }, id);
    expect(renamed.status).toBe(422);
    expect(renamed.body.code).toBe('rest_request_id_reused');
    expect(written(site)).toEqual(once);
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
    const once = written(site);
    expect(answerOf(await asVisitor(write))).toEqual(first);
    expect(written(site)).toEqual(once);
    expect(mails()).toBe(mailsBefore + 1);
    const other = await asVisitor(changed(write));
    expect(other.status).toBe(422);
    expect(written(site)).toEqual(once);
  });

  it('a batch whose instance stopped after its second item: sent again, the two made answered from the record, the third made, each once', async () => {
    const write = await sampleOf('POST /batch/v1').make(site, 'editor');
    const requests = (write.body as { requests: { method: string; path: string; body?: { title?: string } }[] }).requests;
    const id = { 'idempotency-key': newId() };
    const store = site.running.site.context.store;
    const itemsRecorded = () => Number(store.get<{ n: number }>('SELECT count(*) AS n FROM request_records_items WHERE request_key = ?', `idempotency-key:${id['idempotency-key']}`)!.n);
    // Every commit after the one that records the second item's answer refused, as when the instance dies there.
    let stopped = false;
    store.commitGuard = () => {
      if (stopped) throw serviceUnavailable();
      stopped = itemsRecorded() === 2;
    };
    try {
      expect((await send(site, 'editor', write, id)).status).toBe(503);
    } finally {
      store.commitGuard = null;
    }
    const deleted = Number(requests[2].path.split('/').pop());
    const statusOf = (postId: number) => store.get<{ status: string }>('SELECT status FROM posts WHERE id = ?', postId)!.status;
    expect(statusOf(deleted)).toBe('draft');
    const again = await send(site, 'editor', write, id);
    expect(again.status, JSON.stringify(again.body)).toBe(207);
    expect(again.body.responses.map((item: { status: number }) => item.status)).toEqual([201, 200, 200]);
    const postsTitled = (title: string) => store.all<{ id: number }>("SELECT id FROM posts WHERE title = ? AND type <> 'revision'", title);
    expect(postsTitled(requests[0].body!.title!)).toEqual([{ id: again.body.responses[0].body.id }]);
    expect(again.body.responses[1].body.title.raw).toBe(requests[1].body!.title);
    expect(postsTitled(requests[1].body!.title!)).toHaveLength(1);
    expect(statusOf(deleted)).toBe('trash');
    const made = written(site);
    expect(answerOf(await send(site, 'editor', write, id))).toEqual(answerOf(again));
    expect(written(site)).toEqual(made);
    // The items' answers go with the batch's own.
    expect(itemsRecorded()).toBe(0);
  });

  it("a visitor's feedback whose instance stopped between its stored submission and its mail: sent again, its mail sent once, before the answer, answered as made (its mail pending)", async () => {
    const write = await sampleOf('POST /contact-form/v1/contact-forms/(?P<id>[\\d]+)/feedback').make(site, 'administrator');
    const id = { 'idempotency-key': newId() };
    const store = site.running.site.context.store;
    const submissions = () => store.all<{ id: number; status: string }>('SELECT id, status FROM contact_form_submissions WHERE form_id = ? ORDER BY id', Number(write.path.split('/')[4]));
    const mails = () => store.get<{ n: number }>('SELECT count(*) AS n FROM contact_form_mail')!.n;
    const mailsBefore = mails();
    const asVisitor = () => site.api(write.path, { method: write.method, body: write.body, headers: { ...write.headers, ...id } });
    await stoppedAfterCommit(site, id, asVisitor);
    expect(submissions().map((submission) => submission.status)).toEqual(['received']);
    const again = await asVisitor();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'mail_sent', message: MAIL_PENDING, invalid_fields: [] });
    expect(submissions().map((submission) => submission.status)).toEqual(['mail_sent']);
    expect(mails()).toBe(mailsBefore + 1);
    expect(answerOf(await asVisitor())).toEqual(answerOf(again));
    expect(mails()).toBe(mailsBefore + 1);
  });

  it('an id of more than 255 characters is refused, nothing written', async () => {
    const write = await update.make(site, 'editor');
    const before = written(site);
    const answer = await send(site, 'editor', write, { 'idempotency-key': 'x'.repeat(256) });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('rest_invalid_request_id');
    expect(written(site)).toEqual(before);
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
    const before = written(site);
    const dropped = dropper.armed();
    const lost = request(routeUrl(`http://127.0.0.1:${proxy.port}${new URL(site.apiRoot).pathname}`, write.path), {
      method: write.method, query: write.query, body: write.body,
      headers: { host: new URL(site.url).host, authorization: site.authHeader('author'), ...write.headers, ...id, [DROP_ANSWER_HEADER]: '1' },
    });
    await expect(lost).rejects.toThrow();
    await dropped;
    const made = written(site);
    expect(made).not.toEqual(before);
    const again = await send(site, 'author', write, id);
    expect(again.status, JSON.stringify(again.body)).toBe(madeStatus(sample));
    expect(written(site)).toEqual(made);
    if (sample.name === 'forced') expect(again.body).toMatchObject({ deleted: true, previous: { id: Number(write.path.split('/').pop()) } });
    else if (!Buffer.isBuffer(write.body) && write.body?.title) expect(again.body.title.raw).toBe(write.body.title);
  });
});

describeAnswerNeverKept(sites, SAMPLES);
