// `POST /batch/v1` over real HTTP, in both deployments: the 25-request limit, routes that
// do not allow batch, the two validation modes (and what each leaves behind), the shape of
// the answer, and sub-requests acting as the user of the outer request.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';

interface BatchItem {
  method?: string;
  path: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string | string[]>;
}
interface Envelope {
  status: number;
  headers: Record<string, string>;
  body: any;
}

function expectItemError(envelope: Envelope | null, status: number, code: string): void {
  expect(envelope, 'an envelope for the failed request').not.toBeNull();
  expect({ status: envelope!.status, code: envelope!.body?.code }, JSON.stringify(envelope!.body)).toEqual({ status, code });
  expect(envelope!.body.data.status).toBe(status);
}

describe.each(['a', 'b'] as const)('batch (deployment %s)', (deployment) => {
  let site: TestSite;
  const batch = (requests: BatchItem[], options: { as?: TestRole | null; validation?: string } = {}) =>
    site.api('/batch/v1', {
      method: 'POST',
      as: options.as === undefined ? 'editor' : options.as,
      body: { ...(options.validation ? { validation: options.validation } : {}), requests },
    });
  const newPost = async (title: string, as: TestRole = 'editor', extra: Record<string, unknown> = {}) => {
    const result = await site.api('/cms/v2/posts', { method: 'POST', as, body: { title, ...extra } });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as { id: number };
  };
  const stored = async (id: number) => (await site.api(`/cms/v2/posts/${id}`, { as: 'administrator', query: { context: 'edit' } })).body;
  const titlesMatching = async (search: string) => {
    const result = await site.api('/cms/v2/posts', { as: 'administrator', query: { search, status: 'any', per_page: 100 } });
    expect(result.status).toBe(200);
    return (result.body as { title: { rendered: string } }[]).map((post) => post.title.rendered).sort();
  };

  /** Every post and page not in the trash: a batch that ran nothing leaves the count as it was. */
  const countAll = async () => {
    const counts = await Promise.all(['posts', 'pages'].map((base) => site.api(`/cms/v2/${base}`, { as: 'administrator', query: { status: 'any', per_page: 1 } })));
    return counts.reduce((sum, result) => sum + Number(result.headers.get('x-wp-total')), 0);
  };

  beforeAll(async () => {
    site = await startTestSite(deployment);
  });
  afterAll(() => site.close());

  describe('limits', () => {
    it('refuses more than 25 requests with 400 before running any of them', async () => {
      await newPost('Overflow witness');
      const before = await countAll();
      const requests = Array.from({ length: 26 }, (_, index) => ({ path: '/cms/v2/posts', body: { title: `Overflow ${index}` } }));
      const result = await batch(requests);
      expectError(result, 400, 'rest_invalid_param');
      expect(Object.keys(result.body.data.params)).toEqual(['requests']);
      expect(await titlesMatching('Overflow')).toEqual(['Overflow witness']);
      expect(await countAll()).toBe(before);
    });

    it('runs exactly 25 requests', async () => {
      const requests = Array.from({ length: 25 }, (_, index) => ({ path: '/cms/v2/posts', body: { title: `Quota ${String(index).padStart(2, '0')}` } }));
      const result = await batch(requests);
      expect(result.status).toBe(207);
      expect(result.body.responses).toHaveLength(25);
      expect(result.body.responses.every((response: Envelope) => response.status === 201)).toBe(true);
      expect(await titlesMatching('Quota')).toEqual(requests.map((request) => request.body.title));
    });

    it('refuses a batch without requests, with an invalid mode, or with an item that is not a batch item', async () => {
      const before = await countAll();
      const missing = await site.api('/batch/v1', { method: 'POST', as: 'editor', body: { validation: 'normal' } });
      expectError(missing, 400, 'rest_missing_callback_param');
      expect(missing.body.data.params).toEqual(['requests']);
      const mode = await batch([{ path: '/cms/v2/posts', body: { title: 'Mode probe' } }], { validation: 'some' });
      expectError(mode, 400, 'rest_invalid_param');
      expect(Object.keys(mode.body.data.params)).toEqual(['validation']);
      const get = await batch([{ method: 'GET', path: '/cms/v2/posts' }]);
      expectError(get, 400, 'rest_invalid_param');
      expect(get.body.data.details.requests.code).toBe('rest_not_in_enum');
      const noPath = await batch([{ body: { title: 'Pathless' } } as unknown as BatchItem]);
      expectError(noPath, 400, 'rest_invalid_param');
      expect(await countAll()).toBe(before);
    });
  });

  describe('normal validation', () => {
    it('runs every request on its own, in order, and answers 207 with an envelope for each', async () => {
      const renamed = await newPost('Normal rename');
      const removed = await newPost('Normal remove');
      const result = await batch([
        { method: 'PUT', path: `/cms/v2/posts/${renamed.id}`, body: { title: 'Normal renamed' } },
        { path: '/cms/v2/posts', body: { title: 'Normal invalid', status: 'sleeping' } },
        { path: '/cms/v2/posts', body: { title: 'Normal created' } },
        { method: 'DELETE', path: `/cms/v2/posts/${removed.id}` },
        { method: 'PATCH', path: '/cms/v2/posts/999999', body: { title: 'Nobody' } },
      ]);
      expect(result.status).toBe(207);
      expect(result.body).not.toHaveProperty('failed');
      const responses: Envelope[] = result.body.responses;
      expect(responses.map((response) => response.status)).toEqual([200, 400, 201, 200, 404]);
      for (const response of responses) expect(Object.keys(response).sort()).toEqual(['body', 'headers', 'status']);
      expectItemError(responses[1], 400, 'rest_invalid_param');
      expect(Object.keys(responses[1].body.data.params)).toEqual(['status']);
      expectItemError(responses[4], 404, 'rest_post_invalid_id');
      expect(responses[0].body.title.raw).toBe('Normal renamed');
      expect(responses[2].headers.location).toBe(`${site.apiRoot}cms/v2/posts/${responses[2].body.id}`);

      expect((await stored(renamed.id)).title.raw).toBe('Normal renamed');
      expect((await stored(removed.id)).status).toBe('trash');
      expect((await stored(responses[2].body.id)).title.raw).toBe('Normal created');
      expect(await titlesMatching('Normal')).toEqual(['Normal created', 'Normal renamed']);
    });

    it('answers the bytes of JSON.stringify, each item with the ETag of its body as answered, for every kind of item', async () => {
      const renamed = await newPost('Bytes rename');
      const removed = await newPost('Bytes remove');
      const response = await fetch(`${site.apiRoot}batch/v1`, {
        method: 'POST',
        headers: { authorization: site.authHeader('editor'), 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [
          { method: 'PUT', path: `/cms/v2/posts/${renamed.id}`, body: { title: 'Bytes “renamed” </script>' } },
          { path: '/cms/v2/posts', body: { title: 'Bytes invalid', status: 'sleeping' } },
          { path: '/cms/v2/posts', body: { title: 'Bytes created', content: '<p>Ünïcödé \u2028 text</p>' } },
          { method: 'DELETE', path: `/cms/v2/posts/${removed.id}` },
          { method: 'PATCH', path: '/cms/v2/posts/999999', body: { title: 'Nobody' } },
          { method: 'POST', path: '/cms/v2/nowhere', body: {} },
        ] }),
      });
      expect(response.status).toBe(207);
      const text = await response.text();
      const answer = JSON.parse(text) as { responses: Envelope[] };
      expect(text).toBe(JSON.stringify(answer));
      const tagged = answer.responses.filter((item) => typeof item.headers.etag === 'string');
      expect(tagged.map((item) => item.status)).toEqual([200, 201, 200]);
      for (const item of tagged) {
        const digest = createHash('sha1').update(JSON.stringify(item.body)).digest('base64url').slice(0, 16);
        expect(item.headers.etag).toMatch(new RegExp(`:${digest}"$`));
      }
    });

    it('answers a route that does not allow batch, or no route, in that item only', async () => {
      const target = await newPost('Batch neighbour');
      const result = await batch([
        { method: 'POST', path: `/cms/v2/posts/${target.id}/autosaves`, body: { title: 'Autosaved in batch' } },
        { method: 'POST', path: '/batch/v1', body: { requests: [] } },
        { method: 'POST', path: '/cms/v2/nowhere', body: {} },
        { method: 'POST', path: `/cms/v2/posts/${target.id}`, body: { title: 'Neighbour renamed' } },
      ]);
      expect(result.status).toBe(207);
      const responses: Envelope[] = result.body.responses;
      expectItemError(responses[0], 400, 'rest_batch_not_allowed');
      expectItemError(responses[1], 400, 'rest_batch_not_allowed');
      expectItemError(responses[2], 404, 'rest_no_route');
      expect(responses[3].status).toBe(200);
      const after = await site.api(`/cms/v2/posts/${target.id}/autosaves`, { as: 'editor' });
      expect(after.body).toEqual([]);
      expect((await stored(target.id)).title.raw).toBe('Neighbour renamed');
    });

    it('passes a path’s query string and the item’s headers to the sub-request', async () => {
      const forced = await newPost('Forced in batch');
      const guarded = await newPost('Guarded in batch');
      const etag = (await site.api(`/cms/v2/posts/${guarded.id}`, { as: 'editor' })).headers.get('etag')!;
      await site.api(`/cms/v2/posts/${guarded.id}`, { method: 'POST', as: 'editor', body: { title: 'Guarded, changed since' } });
      const result = await batch([
        { method: 'DELETE', path: `/cms/v2/posts/${forced.id}?force=true` },
        { method: 'PUT', path: `/cms/v2/posts/${guarded.id}`, headers: { 'If-Match': [etag] }, body: { title: 'Stale write' } },
      ]);
      const responses: Envelope[] = result.body.responses;
      expect(responses[0].status).toBe(200);
      expect(responses[0].body.deleted).toBe(true);
      expectItemError(responses[1], 412, 'rest_precondition_failed');
      expectError(await site.api(`/cms/v2/posts/${forced.id}`, { as: 'administrator' }), 404, 'rest_post_invalid_id');
      expect((await stored(guarded.id)).title.raw).toBe('Guarded, changed since');
    });

    it('takes a status value of the deployment only, item by item', async () => {
      const result = await batch([
        { path: '/cms/v2/posts', body: { title: 'Deployment status', status: 'read' } },
        { path: '/cms/v2/pages', body: { title: 'Batch page', status: 'draft' } },
      ]);
      const responses: Envelope[] = result.body.responses;
      if (deployment === 'b') {
        expect(responses[0].status).toBe(201);
        expect(responses[0].body.status).toBe('read');
      } else {
        expectItemError(responses[0], 400, 'rest_invalid_param');
      }
      expect(responses[1].status).toBe(201);
      expect(responses[1].body.type).toBe('page');
    });
  });

  describe('require-all-validate', () => {
    it('runs nothing when one request fails validation, and says which one failed', async () => {
      const kept = await newPost('Atomic kept');
      const spared = await newPost('Atomic spared');
      const before = await countAll();
      const result = await batch([
        { method: 'PUT', path: `/cms/v2/posts/${kept.id}`, body: { title: 'Atomic should not land' } },
        { path: '/cms/v2/posts', body: { title: 'Atomic should not exist' } },
        { method: 'DELETE', path: `/cms/v2/posts/${spared.id}`, body: { force: true } },
        { path: '/cms/v2/posts', body: { title: 'Atomic invalid', comment_status: 'maybe' } },
      ], { validation: 'require-all-validate' });
      expect(result.status).toBe(207);
      expect(Object.keys(result.body).sort()).toEqual(['failed', 'responses']);
      expect(result.body.failed).toBe('validation');
      const responses: (Envelope | null)[] = result.body.responses;
      expect(responses).toHaveLength(4);
      expect(responses.slice(0, 3)).toEqual([null, null, null]);
      expectItemError(responses[3], 400, 'rest_invalid_param');
      expect(Object.keys(responses[3]!.body.data.params)).toEqual(['comment_status']);

      expect((await stored(kept.id)).title.raw).toBe('Atomic kept');
      expect((await stored(spared.id)).status).toBe('draft');
      expect(await countAll()).toBe(before);
      expect(await titlesMatching('Atomic')).toEqual(['Atomic kept', 'Atomic spared']);
    });

    it('counts a route that does not allow batch, or no route, as a validation failure', async () => {
      const kept = await newPost('Strict route kept');
      for (const path of [`/cms/v2/posts/${kept.id}/autosaves`, '/cms/v2/unknown']) {
        const result = await batch([
          { method: 'PUT', path: `/cms/v2/posts/${kept.id}`, body: { title: 'Strict route changed' } },
          { method: 'POST', path, body: { title: 'x' } },
        ], { validation: 'require-all-validate' });
        expect(result.body.failed).toBe('validation');
        expect(result.body.responses[0]).toBeNull();
        expect(result.body.responses[1].body.code).toBe(path.endsWith('unknown') ? 'rest_no_route' : 'rest_batch_not_allowed');
      }
      expect((await stored(kept.id)).title.raw).toBe('Strict route kept');
    });

    it('runs everything when all requests validate; a refusal at run time stays in its item', async () => {
      const own = await newPost('Author own', 'author');
      const foreign = await newPost('Editor owned', 'editor');
      const result = await batch([
        { method: 'PUT', path: `/cms/v2/posts/${own.id}`, body: { title: 'Author renamed own' } },
        { method: 'PUT', path: `/cms/v2/posts/${foreign.id}`, body: { title: 'Author renamed foreign' } },
        { path: '/cms/v2/posts', body: { title: 'Strict created' } },
      ], { validation: 'require-all-validate', as: 'author' });
      expect(result.status).toBe(207);
      expect(result.body).not.toHaveProperty('failed');
      const responses: Envelope[] = result.body.responses;
      expect(responses.map((response) => response.status)).toEqual([200, 403, 201]);
      expectItemError(responses[1], 403, 'rest_cannot_edit');
      expect((await stored(own.id)).title.raw).toBe('Author renamed own');
      expect((await stored(foreign.id)).title.raw).toBe('Editor owned');
      expect((await stored(responses[2].body.id)).author).toBe(site.users.author.id);
    });
  });

  describe('who the sub-requests run as', () => {
    it('runs every sub-request as the user of the outer request', async () => {
      const result = await batch([
        { path: '/cms/v2/posts', body: { title: 'Contributor draft' } },
        { path: '/cms/v2/posts', body: { title: 'Contributor publish', status: 'publish' } },
      ], { as: 'contributor' });
      const responses: Envelope[] = result.body.responses;
      expect(responses[0].status).toBe(201);
      expect(responses[0].body.author).toBe(site.users.contributor.id);
      expectItemError(responses[1], 403, 'rest_cannot_publish');
      expect(await titlesMatching('Contributor')).toEqual(['Contributor draft']);
    });

    it('answers 401 in every item of an anonymous batch, whatever credentials an item carries', async () => {
      const target = await newPost('Anonymous target');
      const before = await countAll();
      const result = await batch([
        { path: '/cms/v2/posts', body: { title: 'Anonymous create' } },
        { method: 'DELETE', path: `/cms/v2/posts/${target.id}`, headers: { Authorization: site.authHeader('administrator') } },
      ], { as: null });
      expect(result.status).toBe(207);
      const responses: Envelope[] = result.body.responses;
      expectItemError(responses[0], 401, 'rest_cannot_create');
      expectItemError(responses[1], 401, 'rest_cannot_delete');
      expect((await stored(target.id)).status).toBe('draft');
      expect(await countAll()).toBe(before);
    });

    it('does not let an item’s credentials change the outer user', async () => {
      const result = await batch([
        { path: '/cms/v2/posts', body: { title: 'Subscriber header' }, headers: { authorization: site.authHeader('subscriber') } },
      ], { as: 'editor' });
      expect(result.body.responses[0].status).toBe(201);
      expect(result.body.responses[0].body.author).toBe(site.users.editor.id);
      const lowered = await batch([
        { path: '/cms/v2/posts', body: { title: 'Admin header', status: 'publish' }, headers: { authorization: site.authHeader('administrator') } },
      ], { as: 'subscriber' });
      expectItemError(lowered.body.responses[0], 403, 'rest_cannot_create');
    });
  });
});
