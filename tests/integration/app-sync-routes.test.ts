// The desktop app's routes for connected sites and sync (private namespace inkwell/v1),
// over real HTTP: the app host with its local site, and real remote sites. Connecting by
// application password (and the ways it fails), the credential-grant page driven as a
// browser would, sync started, followed as server-sent events, refused twice at once and
// cancelled, conflicts listed and resolved, the local copy served for the editor, a revoked
// password replaced, disconnecting, and no access without the app's credential.
// Each test that connects, syncs or writes has a desktop app (and, where it changes the
// remote, a remote) of its own, so the tests pass alone and in any order.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppHost } from '../../electron/app-host.ts';
import { remoteSitesDir } from '../../electron/app-paths.ts';
import { openLocalSite } from '../../electron/remote/connect/local-site.ts';
import { createPost } from '../../server/content/post-writer.ts';
import { getUserByLogin } from '../../server/store/users.ts';
import { listAppPasswords, revokeAppPassword } from '../../server/store/app-passwords.ts';
import { appPasswordCreateCommand } from '../../server/auth/account-commands.ts';
import { SiteClient, type SiteCredentials, type SiteError } from '../../shared/site-client.ts';
import { followSync, syncToEnd } from '../helpers/app-sync.ts';
import type { ConnectedSite, CopySession, GrantStarted, GrantState, SyncConflict, SyncRun } from '../../shared/connected-sites.ts';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { freePort } from '../helpers/free-port.ts';
import { siteFailure, startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';
import { solidImage } from '../helpers/images.ts';
import { cookieSet, formToken, postForm, postSignIn } from '../helpers/grant-page.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';
import { readSiteTemplates } from '../../shared/site-templates.ts';
import { moveToNextSecond } from '../helpers/clock-ahead.ts';

const POSTS = 150;

let remoteA: TestSite;
let remoteB: TestSite;
/** The app no test connects a site to: what it lists stays empty. */
let desktop: SignedInApp;
let host: AppHost;
let app: SiteClient;
let plainServer: http.Server;
let plainUrl: string;
const desktops: SignedInApp[] = [];
const remotes: TestSite[] = [];

const credentialsOf = (site: TestSite, role: TestRole): SiteCredentials => ({ login: site.users[role].login, password: site.users[role].appPassword });

function seedPosts(site: TestSite, count: number, prefix: string): void {
  const context = site.running.site.context;
  const admin = getUserByLogin(context.store, 'administrator1')!;
  const user = { id: admin.id, login: admin.login, role: admin.role };
  context.store.transaction(() => {
    for (let n = 0; n < count; n++) {
      const params = { title: `${prefix} ${n}`, content: `<!-- wp:paragraph --><p>Body ${n}</p><!-- /wp:paragraph -->`, status: 'publish' };
      createPost(context, 'post', user, params, new Set(Object.keys(params)));
    }
  });
}

/** A desktop app of its own, closed after the file. */
async function newDesktop(): Promise<SignedInApp> {
  const started = await startSignedInApp();
  desktops.push(started);
  return started;
}

/** A remote of its own (deployment A), for a test that changes it, closed after the file. */
async function newRemote(): Promise<TestSite> {
  const started = await startTestSite('a');
  remotes.push(started);
  return started;
}

/** A desktop app of its own, connected to `remote` with the editor's application password. */
async function connectedDesktop(remote: TestSite): Promise<{ own: SignedInApp; site: ConnectedSite }> {
  const own = await newDesktop();
  const site = await own.app.post<ConnectedSite>('inkwell/v1/sites', { address: remote.url, ...credentialsOf(remote, 'editor') });
  return { own, site };
}

beforeAll(async () => {
  [remoteA, remoteB] = await Promise.all([startTestSite('a'), startTestSite('b')]);
  seedPosts(remoteA, POSTS, 'Remote post');
  desktop = await startSignedInApp();
  ({ host, app } = desktop);
  plainServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Just a page</h1>'));
  await new Promise<void>((resolve) => plainServer.listen(0, '127.0.0.1', resolve));
  plainUrl = `http://127.0.0.1:${(plainServer.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await Promise.all([desktop, ...desktops].map((started) => started?.close()));
  await Promise.all([remoteA, remoteB, ...remotes].map((started) => started?.close()));
  plainServer?.close();
});

describe('access', () => {
  it('refuses every route without the app’s credential, and to a local user who is not the administrator', async () => {
    const anonymous = new SiteClient(app.apiRoot, null);
    for (const [method, route] of [['GET', 'sites'], ['POST', 'sites'], ['POST', 'discover'], ['POST', 'grants'], ['GET', 'sites/x/sync/progress'], ['POST', 'sites/x/sync'], ['GET', 'sites/x/conflicts']]) {
      const body = method === 'POST' ? { address: remoteA.url, login: 'a', password: 'b' } : undefined;
      const refused = await siteFailure(anonymous.request(method, `inkwell/v1/${route}`, { body }));
      expect(refused, `${method} ${route}`).toMatchObject({ status: 401, code: 'inkwell_forbidden' });
    }
    const wrong = new SiteClient(app.apiRoot, { login: 'admin', password: 'not the password' });
    expect((await siteFailure(wrong.get('inkwell/v1/sites'))).status).toBe(401);
  });

  it('keeps the routes out of the site’s index', async () => {
    const index = await app.get<{ routes: Record<string, unknown> }>('');
    expect(Object.keys(index.routes).some((route) => route.startsWith('/inkwell'))).toBe(false);
  });
});

describe('connecting with an application password', () => {
  it('says what it found at an address before signing in', async () => {
    const found = await app.post<ConnectedSite>('inkwell/v1/discover', { address: remoteB.url });
    expect(found).toMatchObject({ apiRoot: remoteB.apiRoot, deployment: 'b', contentNamespace: 'cms/v2', batchMax: 25, authUrl: `${remoteB.url}/authorize-application` });
  });

  it('explains an address that is not a web address, one that is not a site, and one where nothing answers', async () => {
    expect(await siteFailure(app.post('inkwell/v1/sites', { address: 'ftp://files.example', ...credentialsOf(remoteA, 'editor') })))
      .toMatchObject({ status: 400, code: 'inkwell_remote_invalid_address' });
    const notASite = await siteFailure(app.post('inkwell/v1/sites', { address: plainUrl, ...credentialsOf(remoteA, 'editor') }));
    expect(notASite).toMatchObject({ status: 422, code: 'inkwell_remote_not_a_site' });
    expect(notASite.message).toContain('not a site this app can connect to');
    expect(await siteFailure(app.post('inkwell/v1/sites', { address: `http://127.0.0.1:${await freePort()}`, ...credentialsOf(remoteA, 'editor') })))
      .toMatchObject({ status: 502, code: 'inkwell_remote_unreachable' });
    expect(await app.get<ConnectedSite[]>('inkwell/v1/sites')).toEqual([]);
  });

  it('refuses a wrong application password with a reason, and stores nothing', async () => {
    const refused = await siteFailure(app.post('inkwell/v1/sites', { address: remoteA.url, login: remoteA.users.editor.login, password: 'abcd efgh ijkl mnop qrst uvwx' }));
    expect(refused).toMatchObject({ status: 422, code: 'inkwell_remote_wrong_credentials' });
    expect(refused.message).toContain('did not accept this user name and application password');
    expect(await app.get<ConnectedSite[]>('inkwell/v1/sites')).toEqual([]);
  });

  it('connects with good credentials, lists the site, keeps the password sealed, and refuses the same site twice', async () => {
    const { app: ownApp, dataDir } = await newDesktop();
    const site = await ownApp.post<ConnectedSite>('inkwell/v1/sites', { address: remoteA.url, ...credentialsOf(remoteA, 'editor') });
    expect(site).toMatchObject({ name: expect.any(String), deployment: 'a', login: 'editor1', syncing: null, lastSync: null, conflicts: 0, problem: null });
    expect(await ownApp.get<ConnectedSite[]>('inkwell/v1/sites')).toEqual([site]);
    const files = fs.readdirSync(remoteSitesDir(dataDir), { recursive: true }).map(String);
    for (const file of files.filter((name) => name.endsWith('.json'))) {
      expect(fs.readFileSync(path.join(remoteSitesDir(dataDir), file), 'utf8')).not.toContain(remoteA.users.editor.appPassword);
    }
    expect(await siteFailure(ownApp.post('inkwell/v1/sites', { address: remoteA.url, ...credentialsOf(remoteA, 'editor') })))
      .toMatchObject({ status: 409, code: 'inkwell_remote_already_connected' });
  });
});

describe('sync', () => {
  // The tests that only read share one app connected to remote A and synced once; each test
  // that syncs or writes connects an app (and, where it changes the remote, a remote) of its own.
  let synced: SignedInApp;
  let siteA: ConnectedSite;
  beforeAll(async () => {
    ({ own: synced, site: siteA } = await connectedDesktop(remoteA));
    expect(await syncToEnd(synced.app, siteA.id)).toMatchObject({ result: 'ok' });
  });

  it('runs one sync per site, follows its progress as server-sent events to the end, and records the result', async () => {
    const { own: { app }, site: siteA } = await connectedDesktop(remoteA);
    const [first, second] = await Promise.allSettled([
      app.request('POST', `inkwell/v1/sites/${siteA.id}/sync`),
      app.request('POST', `inkwell/v1/sites/${siteA.id}/sync`),
    ]);
    expect(first.status === 'fulfilled' && first.value.status).toBe(202);
    expect(second.status).toBe('rejected');
    expect(((second as PromiseRejectedResult).reason as SiteError)).toMatchObject({ status: 409, code: 'inkwell_sync_running' });

    const events = await followSync(app, siteA.id);
    const progress = events.filter((event) => event.event === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    for (const { data } of progress) expect(data).toMatchObject({ phase: expect.any(String), done: expect.any(Number), total: expect.any(Number), step: expect.any(String) });
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ result: 'ok', pulled: POSTS, conflicts: 0 });

    const listed = await app.get<ConnectedSite>(`inkwell/v1/sites/${siteA.id}`);
    expect(listed.syncing).toBeNull();
    expect(listed.lastSync).toEqual(done.data);
  });

  it('answers the stream of a site that is not syncing with its last run at once', async () => {
    const events = await followSync(synced.app, siteA.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'done', data: { result: 'ok' } });
  });

  it('sends the stream as text/event-stream that is never cached', async () => {
    const response = await fetch(synced.app.url(`inkwell/v1/sites/${siteA.id}/sync/progress`), { headers: synced.app.authHeaders() });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toMatch(/^event: done\ndata: \{.*\}\n\n$/);
  });

  it('serves the local copy under its own address with its own credential, for the editor to write for the site', async () => {
    const { app, host, credentials: desktopCredentials } = synced;
    const session = await app.post<CopySession>(`inkwell/v1/sites/${siteA.id}/session`, {});
    expect(session).toMatchObject({ siteId: siteA.id, name: siteA.name, apiRoot: `${host.running.url}/sites/${siteA.id}/cms-json/` });
    const copy = new SiteClient(session.apiRoot, session.credentials);
    const { items, total } = await copy.list<{ id: number; title: { raw: string }; link: string }>('cms/v2/posts', { context: 'edit', search: 'Remote post 12', per_page: 1 });
    expect(total).toBeGreaterThan(0);
    expect(items[0].title.raw).toMatch(/^Remote post 12/);
    expect(items[0].link.startsWith(`${host.running.url}/sites/${siteA.id}/`)).toBe(true);
    const draft = await copy.post<{ id: number; status: string }>('cms/v2/posts', { title: 'Written offline for the site', status: 'draft' });
    expect(draft.status).toBe('draft');
    expect((await copy.get<{ title: { raw: string } }>(`cms/v2/posts/${draft.id}`, { context: 'edit' })).title.raw).toBe('Written offline for the site');
    // Its pages answer at its own address too: a published post, and the draft's preview for its writer.
    const published = await fetch(items[0].link);
    expect([published.status, await published.text()]).toEqual([200, expect.stringContaining('Remote post 12')]);
    const draftLink = (await copy.get<{ link: string }>(`cms/v2/posts/${draft.id}`, { context: 'edit' })).link;
    const preview = await fetch(`${draftLink}&preview=true`, { headers: copy.authHeaders() });
    expect([preview.status, await preview.text()]).toEqual([200, expect.stringContaining('Written offline for the site')]);
    // The copy is a site of its own: the app's credential is not its credential, and nothing answers without one.
    expect((await siteFailure(new SiteClient(session.apiRoot, desktopCredentials).get('cms/v2/users/me'))).status).toBe(401);
    expect((await siteFailure(new SiteClient(session.apiRoot, null).get('cms/v2/posts', { status: 'draft' }))).status).toBe(400);
    // Asking again gives the same credential while the app runs.
    expect((await app.post<CopySession>(`inkwell/v1/sites/${siteA.id}/session`, {})).credentials).toEqual(session.credentials);
  });

  it('offers the editor the remote’s own templates, which the copy does not know', async () => {
    const { app } = synced;
    expect(await app.get(`inkwell/v1/sites/${siteA.id}/templates`, { type: 'pages' })).toEqual([{ slug: 'full-width', title: 'Full width' }, { slug: 'no-title', title: 'No title' }]);
    expect(await app.get(`inkwell/v1/sites/${siteA.id}/templates`, { type: 'posts' })).toEqual([{ slug: 'full-width', title: 'Full width' }]);
    const session = await app.post<CopySession>(`inkwell/v1/sites/${siteA.id}/session`, {});
    expect(await readSiteTemplates(new SiteClient(session.apiRoot, session.credentials), 'cms/v2', 'pages')).toEqual([]);
    expect((await siteFailure(app.get(`inkwell/v1/sites/${siteA.id}/templates`, { type: 'media' }))).status).toBe(400);
  });

  it('offers the colour controls the remote’s palette: an Inkwell site has no theme of its own, so the default palette, not an error', async () => {
    const { app } = synced;
    expect(await app.get(`inkwell/v1/sites/${siteA.id}/palette`)).toEqual({ theme: [], withDefault: true });
    expect((await siteFailure(app.get('inkwell/v1/sites/no-such-site/palette'))).status).toBe(404);
  });

  it('offers the inserter the remote’s patterns: an Inkwell site lends none (it has no such route), so none, not an error', async () => {
    const { app } = synced;
    expect(await app.get(`inkwell/v1/sites/${siteA.id}/patterns`)).toEqual({ patterns: [], categories: [] });
    expect((await siteFailure(app.get('inkwell/v1/sites/no-such-site/patterns'))).status).toBe(404);
  });

  it('shows a pulled post’s images from the copy the app serves, not from the remote', async () => {
    const remote = await newRemote();
    const { own: { app, host }, site: siteA } = await connectedDesktop(remote);
    const upload = await remote.api('/cms/v2/media', {
      method: 'POST', as: 'administrator', body: await solidImage(64, 48),
      headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="harbour.jpg"' },
    });
    expect(upload.status).toBe(201);
    const content = `<!-- wp:image {"id":${upload.body.id}} -->\n<figure class="wp-block-image"><img src="${upload.body.source_url}" alt="" class="wp-image-${upload.body.id}"/></figure>\n<!-- /wp:image -->`;
    const post = await remote.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Harbour at dusk', content, featured_media: upload.body.id, status: 'publish' } });
    expect(post.status).toBe(201);
    expect(await syncToEnd(app, siteA.id)).toMatchObject({ result: 'ok' });

    const session = await app.post<CopySession>(`inkwell/v1/sites/${siteA.id}/session`, {});
    const copy = new SiteClient(session.apiRoot, session.credentials);
    const { items } = await copy.list<{ featured_media: number; content: { raw: string } }>('cms/v2/posts', { context: 'edit', search: 'Harbour at dusk' });
    const media = await copy.get<{ source_url: string }>(`cms/v2/media/${items[0].featured_media}`);
    const copyUploads = `${host.running.url}/sites/${siteA.id}/uploads/`;
    expect(media.source_url.startsWith(copyUploads)).toBe(true);
    expect(items[0].content.raw).toContain(`src="${media.source_url}"`);
    const image = await fetch(media.source_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('cancels a running sync', async () => {
    const remote = await newRemote();
    seedPosts(remote, 100, 'Later post');
    const { own: { app }, site: siteA } = await connectedDesktop(remote);
    await app.post(`inkwell/v1/sites/${siteA.id}/sync`, {});
    expect(await app.delete(`inkwell/v1/sites/${siteA.id}/sync`)).toEqual({ cancelled: true });
    const done = (await followSync(app, siteA.id)).at(-1)!;
    expect(done).toMatchObject({ event: 'done', data: { result: 'cancelled' } });
    expect(await app.delete(`inkwell/v1/sites/${siteA.id}/sync`)).toEqual({ cancelled: false });
  });

  it('lists an item changed on both sides as a conflict with both versions, and resolves it as chosen', async () => {
    const { own: { app, dataDir }, site: siteA } = await connectedDesktop(remoteA);
    expect(await syncToEnd(app, siteA.id)).toMatchObject({ result: 'ok' });
    const remotePost = (await remoteA.api('cms/v2/posts', { as: 'editor', query: { search: 'Remote post 7', per_page: 1 } })).body[0];
    // Edit the local copy as the editor would, then the remote, in a later second.
    const copy = siteOf(openLocalSite(path.join(remoteSitesDir(dataDir), 'sites', siteA.id, 'site'), 'a'));
    try {
      const admin = getUserByLogin(copy.context.store, 'admin')!;
      const local = await copy.dispatch({ method: 'GET', path: '/cms/v2/posts', query: { search: 'Remote post 7', context: 'edit' }, headers: {}, user: { id: admin.id, login: admin.login, role: admin.role } });
      const localId = (local.body as { id: number }[])[0].id;
      const edited = await copy.dispatch({ method: 'POST', path: `/cms/v2/posts/${localId}`, query: {}, body: { title: 'Edited here' }, headers: {}, user: { id: admin.id, login: admin.login, role: admin.role } });
      expect(edited.status).toBe(200);
    } finally {
      copy.close();
    }
    // The later second is this process's clock moved on to it (both sites run here), not waited for.
    moveToNextSecond();
    expect((await remoteA.api(`cms/v2/posts/${remotePost.id}`, { method: 'POST', as: 'editor', body: { title: 'Edited there' } })).status).toBe(200);

    const run = await syncToEnd(app, siteA.id) as SyncRun;
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1 });
    const conflicts = await app.get<SyncConflict[]>(`inkwell/v1/sites/${siteA.id}/conflicts`);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ kind: 'post', remoteId: remotePost.id, local: { title: 'Edited here' }, remote: { title: 'Edited there' } });
    expect((await app.get<ConnectedSite>(`inkwell/v1/sites/${siteA.id}`)).conflicts).toBe(1);

    expect(await siteFailure(app.post(`inkwell/v1/sites/${siteA.id}/conflicts/${conflicts[0].id}`, { choice: 'mine' })))
      .toMatchObject({ status: 400, code: 'rest_invalid_param' });
    // Changed there again since it was shown (in the same second, even): keeping this computer's version is refused in plain words, and the list shows the newest.
    expect((await remoteA.api(`cms/v2/posts/${remotePost.id}`, { method: 'POST', as: 'editor', body: { title: 'Edited there again' } })).status).toBe(200);
    expect(await siteFailure(app.post(`inkwell/v1/sites/${siteA.id}/conflicts/${conflicts[0].id}`, { choice: 'local' })))
      .toMatchObject({ status: 409, code: 'inkwell_conflict_changed', message: expect.stringContaining('changed again since it was shown') });
    expect((await app.get<SyncConflict[]>(`inkwell/v1/sites/${siteA.id}/conflicts`))[0].remote.title).toBe('Edited there again');
    const resolved = await app.post<{ resolved: boolean; conflicts: SyncConflict[] }>(`inkwell/v1/sites/${siteA.id}/conflicts/${conflicts[0].id}`, { choice: 'remote' });
    expect(resolved).toEqual({ resolved: true, conflicts: [] });
    expect(await siteFailure(app.post(`inkwell/v1/sites/${siteA.id}/conflicts/${conflicts[0].id}`, { choice: 'remote' })))
      .toMatchObject({ status: 404, code: 'inkwell_conflict_not_found' });
  });
});

describe('a new application password', () => {
  it('replaces a revoked one after the site accepts it, keeping the local copy', async () => {
    const remote = await newRemote();
    const { own: { app }, site } = await connectedDesktop(remote);
    expect(await syncToEnd(app, site.id)).toMatchObject({ result: 'ok' });
    const editor = remote.users.editor;
    const remoteStore = remote.running.site.context.store;
    // The site's owner revokes every application password of the account (as with the site's CLI).
    for (const { uuid } of listAppPasswords(remoteStore, editor.id)) revokeAppPassword(remoteStore, editor.id, uuid);
    expect(await syncToEnd(app, site.id)).toMatchObject({ result: 'failed' });

    expect(await siteFailure(app.post(`inkwell/v1/sites/${site.id}/credentials`, { password: 'abcd efgh ijkl mnop qrst uvwx' })))
      .toMatchObject({ status: 422, code: 'inkwell_remote_wrong_credentials' });
    const created = appPasswordCreateCommand(remoteStore, { login: editor.login, name: 'Inkwell again' });
    expect(await app.post<ConnectedSite>(`inkwell/v1/sites/${site.id}/credentials`, { password: created.password })).toMatchObject({ id: site.id, problem: null });
    expect(await syncToEnd(app, site.id)).toMatchObject({ result: 'ok' });
  });
});

describe('signing in through the site’s grant page', () => {
  /** Signs in to the grant page with the account password and answers it; returns where the page sends the browser. */
  async function answerGrantPage(authorizeUrl: string, action: 'approve' | 'reject'): Promise<string> {
    const login = await postSignIn(authorizeUrl, remoteB.users.author.login, remoteB.users.author.password);
    expect(login.status).toBe(303);
    const cookie = cookieSet(login, 'cms_session')!;
    const page = await (await fetch(authorizeUrl, { headers: { cookie } })).text();
    const answered = await postForm(authorizeUrl, { token: formToken(page), action }, cookie);
    expect(answered.status).toBe(303);
    return answered.headers.get('location')!;
  }

  it('connects after the user approves on the site, and shows the result in the browser and to the app', async () => {
    // An app of its own: the other tests' app stays with no site connected.
    const { app, host } = await newDesktop();
    const started = await app.post<GrantStarted>('inkwell/v1/grants', { address: remoteB.url });
    const authorize = new URL(started.authorizeUrl);
    expect(authorize.origin + authorize.pathname).toBe(`${remoteB.url}/authorize-application`);
    expect(authorize.searchParams.get('app_name')).toBe('Inkwell');
    expect(authorize.searchParams.get('app_id')).toMatch(/^[0-9a-f-]{36}$/);
    const callback = authorize.searchParams.get('success_url')!;
    expect(callback.startsWith(`${host.running.url}/cms-json/inkwell/v1/grants/`)).toBe(true);
    expect(await app.get<GrantState>(`inkwell/v1/grants/${started.id}`)).toMatchObject({ status: 'waiting', siteId: null });

    const back = await answerGrantPage(started.authorizeUrl, 'approve');
    expect(back.startsWith(callback)).toBe(true);
    expect(new URL(back).searchParams.get('user_login')).toBe('author1');
    // The browser lands on the app's callback, without the app's credential.
    const received = await fetch(back, { redirect: 'manual' });
    expect(received.status).toBe(303);
    expect(received.headers.get('location')).toBe(callback);
    const result = await fetch(callback);
    expect(result.headers.get('content-type')).toContain('text/html');
    expect(await result.text()).toContain('Inkwell is connected to');

    const state = await app.get<GrantState>(`inkwell/v1/grants/${started.id}`);
    expect(state).toMatchObject({ status: 'connected', siteId: expect.any(String) });
    const site = await app.get<ConnectedSite>(`inkwell/v1/sites/${state.siteId}`);
    expect(site).toMatchObject({ apiRoot: remoteB.apiRoot, deployment: 'b', login: 'author1' });
    // The same answer again is refused: a grant is answered once.
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(409);
  });

  it('stores nothing when the user rejects, and refuses a callback it did not start', async () => {
    const before = (await app.get<ConnectedSite[]>('inkwell/v1/sites')).length;
    const started = await app.post<GrantStarted>('inkwell/v1/grants', { address: remoteB.url });
    const back = await answerGrantPage(started.authorizeUrl, 'reject');
    expect(new URL(back).searchParams.get('success')).toBe('false');
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
    expect(await app.get<GrantState>(`inkwell/v1/grants/${started.id}`)).toMatchObject({ status: 'rejected' });
    expect(await app.get<ConnectedSite[]>('inkwell/v1/sites')).toHaveLength(before);

    const forged = new URL(`${host.running.url}/cms-json/inkwell/v1/grants/made-up-grant/callback`);
    forged.searchParams.set('user_login', 'author1');
    forged.searchParams.set('password', remoteB.users.author.appPassword);
    expect((await fetch(forged)).status).toBe(404);
    expect(await app.get<ConnectedSite[]>('inkwell/v1/sites')).toHaveLength(before);
  });

  it('says so when a site has no grant page to sign in with', async () => {
    expect(await siteFailure(app.post('inkwell/v1/grants', { address: plainUrl }))).toMatchObject({ status: 422, code: 'inkwell_remote_not_a_site' });
  });
});

describe('disconnecting', () => {
  it('forgets the site, its sealed credentials and its local copy', async () => {
    const { own: { app, dataDir }, site } = await connectedDesktop(await newRemote());
    expect(await syncToEnd(app, site.id)).toMatchObject({ result: 'ok' });
    const copyDir = path.join(remoteSitesDir(dataDir), 'sites', site.id);
    expect(fs.existsSync(copyDir)).toBe(true);
    expect(await app.delete(`inkwell/v1/sites/${site.id}`)).toEqual({ deleted: true, id: site.id });
    const sealed = JSON.parse(fs.readFileSync(path.join(remoteSitesDir(dataDir), 'credentials.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(sealed)).not.toContain(site.id);
    expect(fs.existsSync(copyDir)).toBe(false);
    expect(await siteFailure(app.get(`inkwell/v1/sites/${site.id}`))).toMatchObject({ status: 404, code: 'inkwell_site_not_found' });
    expect((await app.get<ConnectedSite[]>('inkwell/v1/sites')).map((entry) => entry.id)).not.toContain(site.id);
  });
});
