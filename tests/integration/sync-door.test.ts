// What a remote sends passes the local copy's own rules on the way in (issue 16: sync has
// one door into the local copy). The remote here serves what a site that does not filter
// would (written into its store directly): markup in a term's name, a script in its
// description, pages whose parents go round in a circle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import type { RequestUser } from '../../server/rest/types.ts';
import { createPost } from '../../server/content/post-writer.ts';
import { getPost, updatePost } from '../../server/store/posts.ts';
import { createTerm, getTerm } from '../../server/store/terms.ts';
import { connectSite } from '../../electron/remote/connect/connect.ts';
import { RemoteSites } from '../../electron/remote/connect/remote-sites.ts';
import { fileKeyCipher, keyFileBeside } from '../../server/auth/secret-cipher.ts';
import { openWorkspace, type RemoteWorkspace } from '../../electron/remote/workspace.ts';
import { pullSite } from '../../electron/remote/pull/pull.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

describe('the local copy’s door', () => {
  // The remote is read-only here; each test pulls it into a copy of its own.
  let remote: TestSite;
  let appDir: string;
  const workspaces: RemoteWorkspace[] = [];
  let category: number;
  let post: number;
  let pageA: number;
  let pageB: number;

  const localStore = (workspace: RemoteWorkspace) => siteOf(workspace.local).context.store;

  async function openCopy(): Promise<RemoteWorkspace> {
    const dataDir = path.join(appDir, `remotes-${workspaces.length + 1}`);
    const sites = new RemoteSites(dataDir, fileKeyCipher(keyFileBeside(dataDir)));
    const { site: entry } = await connectSite(sites, remote.url, { login: remote.users.administrator.login, password: remote.users.administrator.appPassword });
    const workspace = openWorkspace(sites, entry.id);
    workspaces.push(workspace);
    return workspace;
  }

  beforeAll(async () => {
    remote = await startTestSite('a');
    const site = remote.running.site.context;
    const admin: RequestUser = { id: remote.users.administrator.id, login: remote.users.administrator.login, role: 'administrator' };
    category = createTerm(site.store, {
      taxonomy: 'category', name: '<b>Bold</b> news', slug: 'bold-news', parent: 0,
      description: '<script>alert(1)</script><em>Kept</em> <img src=x onerror=alert(2)>',
    });
    const params = { title: 'Filed under bold news', status: 'draft', categories: [category] };
    post = createPost(site, 'post', admin, params, new Set(Object.keys(params))).id;
    const page = (title: string) => createPost(site, 'page', admin, { title, status: 'draft' }, new Set(['title', 'status'])).id;
    pageA = page('Page A');
    pageB = page('Page B');
    // A circle no site's rules allow: A under B, B under A.
    updatePost(site.store, pageA, { parent: pageB });
    updatePost(site.store, pageB, { parent: pageA });

    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-door-'));
  }, 60_000);

  afterAll(async () => {
    for (const workspace of workspaces) workspace.close();
    await remote?.close();
    if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('takes a pulled term as the site’s term routes take one: a plain-text name, a description without scripts', async () => {
    const workspace = await openCopy();
    const report = await pullSite(workspace);
    expect(report.failures.filter((failure) => failure.kind === 'post')).toEqual([]);
    const localId = workspace.map.localTermOf('category', category)!;
    const term = getTerm(localStore(workspace), localId, 'category')!;
    expect(term.name).not.toContain('<');
    expect(term.name).toContain('Bold');
    expect(term.description).toContain('<em>Kept</em>');
    expect(term.description).not.toMatch(/<script|onerror/);
    const localPost = getPost(localStore(workspace), workspace.map.item('post', post)!.localId)!;
    expect(localPost.title).toBe('Filed under bold news');
    expect(localStore(workspace).all<{ term_id: number }>('SELECT term_id FROM term_relationships WHERE post_id = ?', localPost.id)).toEqual([{ term_id: localId }]);
  }, 60_000);

  it('never links pages into a circle: the page whose parent would close it is reported, the pull finishes', async () => {
    const workspace = await openCopy();
    await pullSite(workspace);
    const [a, b] = [pageA, pageB].map((id) => getPost(localStore(workspace), workspace.map.item('page', id)!.localId)!);
    // Following parents from either page ends at the top.
    for (const start of [a, b]) {
      const seen = new Set<number>();
      for (let page = start; page.parent !== 0; page = getPost(localStore(workspace), page.parent)!) {
        expect(seen.has(page.id)).toBe(false);
        seen.add(page.id);
      }
    }
    const second = await pullSite(workspace);
    expect(second.failures).toEqual([expect.objectContaining({ kind: 'page', message: expect.stringContaining('Invalid post parent ID') })]);
    expect([pageA, pageB]).toContain(second.failures[0].remoteId);
  }, 60_000);
});
