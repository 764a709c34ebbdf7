// A sync that pushes one post asks the remote only what it needs: who the account is, the
// site's details and types, what changed of each kind (posts, pages, synced patterns) and every id (for deletions), the
// post's category the first time it is sent, and the create. Nothing is asked first to learn
// whether trash may be listed (the list itself says so), and a category once linked is not
// looked up again.
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { openWorkspace } from '../../electron/remote/workspace.ts';
import { connectFixture, FAST_RETRY, nextSecond, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { startTestSite } from '../helpers/test-site.ts';

/** A request as method and path, its query's names sorted (their values vary with the clock). */
function shape(line: string): string {
  const [method, target] = line.split(' ');
  const url = new URL(target, 'http://remote');
  return `${method} ${url.pathname}${url.search ? `?${[...new Set(url.searchParams.keys())].sort().join('&')}` : ''}`;
}

const READS = [
  'GET /cms-json/cms/v2/users/me?context',
  'GET /cms-json/',
  'GET /cms-json/cms/v2/types',
  // Each kind: what changed since the last sync, then every id with its date and status.
  'GET /cms-json/cms/v2/posts?context&modified_after&order&orderby&page&per_page&status',
  'GET /cms-json/cms/v2/posts?_fields&context&order&orderby&page&per_page&status',
  'GET /cms-json/cms/v2/pages?context&modified_after&order&orderby&page&per_page&status',
  'GET /cms-json/cms/v2/pages?_fields&context&order&orderby&page&per_page&status',
  'GET /cms-json/cms/v2/blocks?context&modified_after&order&orderby&page&per_page&status',
  'GET /cms-json/cms/v2/blocks?_fields&context&order&orderby&page&per_page&status',
];

describe.each(['a', 'b'] as const)('the requests of a one-post push (deployment %s)', (deployment) => {
  let f: SyncFixture;

  beforeEach(async () => {
    f = await syncFixture({ deployment });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok' });
    await nextSecond();
  });
  afterEach(async () => {
    await f?.close();
  });

  async function requestsOfSync(pushed: number): Promise<string[]> {
    const before = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed });
    return f.requests.slice(before).map(shape);
  }

  it('reads what changed, links the category once, and creates the post in one request', async () => {
    await f.local('POST', 'posts', { title: 'One', content: '<p>Written here</p>' });
    expect(await requestsOfSync(1)).toEqual([...READS, 'GET /cms-json/cms/v2/categories?_fields&slug', 'POST /cms-json/batch/v1']);
    await nextSecond();

    await f.local('POST', 'posts', { title: 'Two', content: '<p>Written here too</p>' });
    expect(await requestsOfSync(1)).toEqual([...READS, 'POST /cms-json/batch/v1']);
    await nextSecond();

    expect(await requestsOfSync(0)).toEqual(READS);
  });
});

describe('a remote that will not list trash', () => {
  it('is read without it once the list says so, and every item still comes here', async () => {
    const remote = await startTestSite('a');
    const requests: string[] = [];
    // As a remote whose status argument has no trash: a list asking for it is refused with 400.
    const refusingTrash: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(shape(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`));
      if ((url.searchParams.get('status') ?? '').split(',').includes('trash')) {
        return Response.json({ code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400, params: { status: 'status[5] is not one of publish, future, draft, pending, private.' } } }, { status: 400 });
      }
      return fetch(input, init);
    };
    const account = remote.users.administrator;
    const fixture = await connectFixture(remote.url, { login: account.login, password: account.appPassword }, {}, (sites, siteId) => openWorkspace(sites, siteId, { fetchImpl: refusingTrash }));
    try {
      await remote.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'On the site', status: 'publish' } });
      await remote.api('/cms/v2/pages', { method: 'POST', as: 'administrator', body: { title: 'A page there', status: 'draft' } });
      expect(await syncSite(fixture.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 2 });
      const changedLists = requests.filter((line) => line.includes('modified_after') || (line.includes('status') && !line.includes('_fields')));
      // Each kind: the list with trash refused, then read without it; the ids listed without it at once.
      expect(changedLists).toEqual([
        'GET /cms-json/cms/v2/posts?context&order&orderby&page&per_page&status', 'GET /cms-json/cms/v2/posts?context&order&orderby&page&per_page&status',
        'GET /cms-json/cms/v2/pages?context&order&orderby&page&per_page&status', 'GET /cms-json/cms/v2/pages?context&order&orderby&page&per_page&status',
        'GET /cms-json/cms/v2/blocks?context&order&orderby&page&per_page&status', 'GET /cms-json/cms/v2/blocks?context&order&orderby&page&per_page&status',
      ]);
      expect(requests.filter((line) => line.includes('_fields&context'))).toHaveLength(3);
    } finally {
      fixture.workspace.close();
      await remote.close();
      fs.rmSync(fixture.appDir, { recursive: true, force: true });
    }
  });
});
