// Behind nginx (deploy/nginx-inkwell.conf), an instance that made a write (a POST, PUT or DELETE)
// and died before answering: nginx sends the request on to the other instance with the same
// X-Request-Id, which answers it as made (the item as it now stands, a forced delete's
// `previous`) instead of 502, 412, 410 or 404, and makes it once. The death is certain, not timed: a proxy in front of each
// instance closes the connection as the answer comes (the instance had committed: an answer
// waits for its commit), once, for the request the test marks. One process, and a front with workers.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { startProxy, type Proxy } from '../helpers/nginx.ts';
import { freePort } from '../helpers/free-port.ts';
import { answerDropper, startAnswerDroppingProxy, DROP_ANSWER_HEADER, type AnswerDroppingProxy } from '../helpers/answer-dropping-proxy.ts';

describe.each([
  ['one process', []],
  ['--workers 2', ['--workers', '2']],
] as const)('instances of %s', (_, serving) => {
  let instances: InstanceSet;
  let droppers: AnswerDroppingProxy[] = [];
  let proxy: Proxy;
  let api: string;
  const dropper = answerDropper();

  beforeAll(async () => {
    instances = prepareInstances();
    const proxyPort = await freePort();
    const started = () => instances.start('--url', `http://127.0.0.1:${proxyPort}`, '--trusted-proxy', '127.0.0.1', ...serving);
    const [a, b] = await Promise.all([started(), started()]);
    droppers = await Promise.all([a, b].map((instance) => startAnswerDroppingProxy(instance.port, dropper)));
    proxy = await startProxy(droppers.map((dropping) => dropping.port), proxyPort);
    api = `${proxy.url}/cms-json/cms/v2/posts`;
  }, 90_000);
  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(droppers.map((dropping) => dropping.close()));
    await instances?.close();
  });

  const editor = () => ({ authorization: instances.editorAuth });

  async function post(): Promise<{ id: number; etag: string }> {
    const created = await request(api, { method: 'POST', headers: editor(), body: { title: 'Sent once', status: 'draft' } });
    expect(created.status).toBe(201);
    return { id: created.body.id, etag: created.headers.get('etag')! };
  }

  /** Reads through nginx until it sends to both instances again (one that died is left out for its fail_timeout). */
  async function bothServing(): Promise<void> {
    const before = droppers.map((dropping) => dropping.chunksSeen());
    while (droppers.some((dropping, n) => dropping.chunksSeen() === before[n])) {
      expect((await request(`${proxy.url}/cms-json/`)).status).toBe(200);
      await delay(50);
    }
  }

  /** Sends through nginx a request whose first answer is lost after it was made. */
  async function sentAfterADeath(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    await bothServing();
    const dropped = dropper.armed();
    const answer = await request(path, { method, body: options.body, headers: { ...editor(), ...options.headers, [DROP_ANSWER_HEADER]: '1' } });
    await dropped;
    return answer;
  }

  const revisions = async (id: number) => (await request(`${api}/${id}/revisions`, { headers: editor() })).body.length as number;

  describe('behind nginx, a write made by an instance that died before answering', () => {
    // A POST too (the configuration's `non_idempotent`): without it nginx answers 502 and the client cannot tell.
    it.each(['PUT', 'POST'])('an If-Match update sent as %s is answered 200 with the change, made once', async (method) => {
      const { id, etag } = await post();
      const before = await revisions(id);
      const title = `Changed once by a ${method}`;
      const answer = await sentAfterADeath(method, `${api}/${id}`, { body: { title }, headers: { 'if-match': etag } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.title.raw).toBe(title);
      expect(answer.headers.get('etag')).toBeTruthy();
      expect(await revisions(id)).toBe(before + 1);
    });

    it('a move to the trash is answered with the trashed item, not 410', async () => {
      const { id, etag } = await post();
      const answer = await sentAfterADeath('DELETE', `${api}/${id}`, { headers: { 'if-match': etag } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ id, status: 'trash' });
    });

    it('a create is answered 201 with the item it made, made once', async () => {
      const slug = `made-once-${serving.length}-${Date.now()}`;
      const answer = await sentAfterADeath('POST', api, { body: { title: 'Made once', slug, status: 'draft' } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.headers.get('location')).toMatch(new RegExp(`/posts/${answer.body.id}$`));
      const found = await request(`${api}?slug=${slug}&status=draft&context=edit`, { headers: editor() });
      expect(found.body.map((item: { id: number }) => item.id)).toEqual([answer.body.id]);
    });

    it('a forced delete is answered with what it deleted, not 404', async () => {
      const { id } = await post();
      const answer = await sentAfterADeath('DELETE', `${api}/${id}?force=true`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ deleted: true, previous: { id, title: { raw: 'Sent once' } } });
    });
  });
});
