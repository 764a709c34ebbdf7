// Every failure a writer can meet connecting and syncing a site, driven against real HTTP
// servers that answer that way, and what the app says: plain words and a next step, never a
// raw system error ("getaddrinfo ENOTFOUND", "fetch failed", "[object Object]", an error code).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient, type SiteCredentials } from '../../shared/site-client.ts';
import { openEventStream } from '../../shared/event-stream.ts';
import type { ConnectedSite } from '../../shared/connected-sites.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { siteFailure, startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';
import { closedAddress, serveFailingProxy, serveSelfSigned, serveStandIn, serverKeeper, type Answer, type Served } from '../helpers/remote-stand-in.ts';

/** What no writer should read: system error names, codes of the interface, markup, "not JSON". */
const RAW = /ENOTFOUND|EAI_AGAIN|ECONN|getaddrinfo|fetch failed|\[object Object\]|TypeError|\bundefined\b|\bnull\b|CERT_|SELF_SIGNED|DEPTH_ZERO|UNABLE_TO|<\/?[a-z][^>]*>|\b[a-z]+_[a-z_]+\b|JSON/;
/** A next step the writer can take. */
const NEXT_STEP = /\b(check|try|ask|create|type|choose|sign in|use|tell|wait|turn|connect)\b/i;

const TIMEOUT_MS = 1500;
let desktop: SignedInApp;
let app: SiteClient;
let remote: TestSite;

const editor = (): SiteCredentials => ({ login: remote.users.editor.login, password: remote.users.editor.appPassword });

beforeAll(async () => {
  remote = await startTestSite('a');
  desktop = await startSignedInApp({ remoteHttp: { timeoutMs: TIMEOUT_MS } });
  app = desktop.app;
}, 60_000);

afterAll(async () => {
  await desktop?.close();
  await remote?.close();
});

const serve = serverKeeper();

/** What connecting to `address` answered: the app's status and the message the writer reads. */
function connectFailure(address: string, credentials: SiteCredentials = editor()): Promise<{ status: number; code: string; message: string }> {
  return siteFailure(app.post('inkwell/v1/sites', { address, ...credentials }));
}

function expectPlain(message: string, ...mustSay: RegExp[]): void {
  expect(message, message).not.toMatch(RAW);
  expect(message, message).toMatch(NEXT_STEP);
  for (const words of mustSay) expect(message, message).toMatch(words);
}

const json = (status: number, code: string, message: string): Answer => ({ status, body: { code, message, data: { status } } });

describe('connecting, when the address is wrong', () => {
  it('says what is wrong with an address that is not a web address', async () => {
    for (const address of ['ftp://files.example', 'http://exa mple.org', '   ']) {
      const failed = await connectFailure(address);
      expect(failed.status).toBe(400);
      expectPlain(failed.message, /not a web address|no address/i);
    }
  });

  it('says a name that does not resolve is not found, and to check it', async () => {
    expectPlain((await connectFailure('https://no-such-site.invalid')).message, /no-such-site\.invalid/, /not|no site/i);
  });

  it('says nothing answers at an address where nothing listens', async () => {
    const failed = await connectFailure(await closedAddress());
    expect(failed.status).toBe(502);
    expectPlain(failed.message, /nothing answers|refused/i);
  });

  it('says a site that does not answer in time did not answer, and to try again', async () => {
    const failed = await connectFailure(await serve(serveStandIn({ index: 'hang' })));
    expect(failed.status).toBe(504);
    expectPlain(failed.message, /did not answer within 2 seconds/);
  });

  it('says a certificate that cannot be verified is not trusted, without its error code', async () => {
    const failed = await connectFailure(await serve(serveSelfSigned()));
    expect(failed.status).toBe(502);
    expectPlain(failed.message, /certificate/i);
  });
});

describe('connecting, when the site is not one the app can write for', () => {
  it('says a plain web page is not a WordPress site', async () => {
    const failed = await connectFailure(await serve(serveStandIn({ index: { status: 200, body: '<h1>A shop</h1>' } })));
    expect(failed.status).toBe(422);
    expectPlain(failed.message, /not a site this app can connect to|not a WordPress/i);
  });

  it('says a site whose REST API is turned off or closed to apps has none the app can use', async () => {
    for (const index of [
      { status: 404, body: '<h1>Not found</h1>' },
      json(401, 'rest_login_required', 'REST API restricted to authenticated users.'),
      json(403, 'rest_disabled', 'The REST API is disabled on this site.'),
    ]) {
      const failed = await connectFailure(await serve(serveStandIn({ index })));
      expectPlain(failed.message, /REST API|content API/);
    }
  });
});

describe('connecting, when the account is refused', () => {
  it('says a wrong application password was not accepted, and where to make one', async () => {
    const failed = await connectFailure(remote.url, { login: remote.users.editor.login, password: 'abcd efgh ijkl mnop qrst uvwx' });
    expect(failed.status).toBe(422);
    expectPlain(failed.message, /did not accept/, /application password/);
  });

  it('says application passwords are turned off on the site, and what to ask for', async () => {
    const failed = await connectFailure(await serve(serveStandIn({ me: json(401, 'application_passwords_disabled', 'Application passwords are not available.') })));
    expectPlain(failed.message, /application passwords/i, /turned off|not available/i);
  });

  it('says a 403, 404 or 500 of the site in words, with what to do next', async () => {
    const cases: [Answer, RegExp][] = [
      [json(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.'), /not allowed/],
      [json(404, 'rest_no_route', 'No route was found matching the URL and request method.'), /could not find|not found|no /i],
      [{ status: 500, body: '<p>There has been a critical error on this website.</p>' }, /error of its own|went wrong/],
    ];
    for (const [me, words] of cases) {
      const failed = await connectFailure(await serve(serveStandIn({ me })));
      expectPlain(failed.message, words);
    }
  });
});

describe('syncing, when the site fails on the way', () => {
  let failWith: Answer | null = null;
  let site: ConnectedSite;
  let proxy: Served;

  beforeAll(async () => {
    proxy = await serveFailingProxy(remote.url, (_method, url) => (url.includes('/cms/v2/posts') ? failWith : null));
    site = await app.post<ConnectedSite>('inkwell/v1/sites', { address: proxy.url, ...editor() });
  });
  afterAll(() => proxy.close());

  async function syncMessage(synced: ConnectedSite = site): Promise<{ result: string | null; message: string }> {
    await app.post(`inkwell/v1/sites/${synced.id}/sync`, {});
    for await (const _event of await openEventStream(app, `inkwell/v1/sites/${synced.id}/sync/progress`)) { /* to its end */ }
    const run = (await app.get<ConnectedSite[]>('inkwell/v1/sites')).find((entry) => entry.id === synced.id)!.lastSync!;
    return { result: run.result, message: run.message };
  }

  it('says a password revoked since, a missing route and a server error in words', async () => {
    const cases: [Answer, RegExp][] = [
      [json(401, 'incorrect_password', 'The provided password is an invalid application password.'), /did not accept/],
      [json(404, 'rest_no_route', 'No route was found matching the URL and request method.'), /could not find|not found|no /i],
      [{ status: 500, body: '<p>There has been a critical error on this website.</p>' }, /error of its own|went wrong/],
      [{ status: 502, body: '<html><body>Bad gateway</body></html>' }, /error of its own|went wrong/],
    ];
    for (const [answer, words] of cases) {
      failWith = answer;
      const run = await syncMessage();
      expect(run.result, run.message).toBe('failed');
      expectPlain(run.message, words);
    }
    failWith = null;
    expect((await syncMessage()).result).toBe('ok');
  });

  it('syncs what the account may edit when a role was taken away for posts, and says how to sync them', async () => {
    failWith = json(403, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.');
    const run = await syncMessage();
    failWith = null;
    expect(run.result).toBe('ok');
    expectPlain(run.message, /may not edit posts/, /connect with an editor or administrator account/);
  });

  it('takes the zone and name the site has now at each sync, so the copy’s dates read in its zone', async () => {
    await remote.api('cms/v2/settings', { method: 'POST', as: 'administrator', body: { title: 'Renamed on the site', timezone: 'Asia/Kolkata' } });
    expect((await syncMessage()).result).toBe('ok');
    const session = await app.post<{ apiRoot: string; credentials: SiteCredentials }>(`inkwell/v1/sites/${site.id}/session`, {});
    const copy = new SiteClient(session.apiRoot, session.credentials);
    expect(await copy.get('')).toMatchObject({ name: 'Renamed on the site', timezone_string: 'Asia/Kolkata', gmt_offset: 5.5 });
    // The Sites screen's card names it so, and tells its sync times on its clock.
    expect((await app.get<ConnectedSite[]>('inkwell/v1/sites')).find((entry) => entry.id === site.id)).toMatchObject({ name: 'Renamed on the site', timezone: 'Asia/Kolkata' });
  });

  it('says the site could not be reached when it is offline, and that nothing is lost', async () => {
    // Connected through a way of its own, which goes away: the other tests' way stays open.
    const way = await serveFailingProxy(remote.url, () => null);
    const offline = await app.post<ConnectedSite>('inkwell/v1/sites', { address: way.url, ...editor() });
    await way.close();
    const run = await syncMessage(offline);
    expect(run.result).toBe('offline');
    expectPlain(run.message, /could not be reached|nothing answers/, /kept/);
  });
});
