// What the Sites screen says when connecting or syncing fails, in Chromium, against real HTTP
// servers that fail that way: a name that does not resolve, a plain web page, a certificate
// nobody signed, application passwords turned off, a site that went offline during use, and a
// site that sends the app to another origin (the writer is asked, and connects there by confirming).
// Each message is read on the screen (light and dark screenshots kept) as a writer reads it.
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './harness.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { serveFailingProxy, serveSelfSigned, serveStandIn, serverKeeper, wordpressIndex } from '../tests/helpers/remote-stand-in.ts';
import { serveHostileRemote } from '../tests/helpers/hostile-remote.ts';

/** What no writer should read on the screen. */
const RAW = /ENOTFOUND|EAI_AGAIN|ECONN|getaddrinfo|fetch failed|Failed to fetch|\[object Object\]|TypeError|\bundefined\b|CERT_|SELF_SIGNED|\b[a-z]+_[a-z_]+\b/;

const app = appForFile();
const remote = forFile(() => startTestSite('a'), (site) => site.close());

beforeAll(async () => {
  await app.page.getByRole('navigation', { name: 'Main' }).waitFor();
  await app.page.getByRole('link', { name: 'Sites' }).click();
});

const serve = serverKeeper();

/** Types the address and an account into the connect form, connects, and returns the alert's words. */
async function connectAndRead(address: string, snap: string): Promise<string> {
  const form = app.page.getByRole('form', { name: 'Connect a site' });
  await form.getByLabel('Site address').fill(address);
  await form.getByLabel('User name').fill(remote.users.editor.login);
  await form.getByLabel('Application password').fill(remote.users.editor.appPassword);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  const alert = form.getByRole('alert');
  await alert.waitFor();
  const words = (await alert.textContent()) ?? '';
  await app.snap(snap);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  expect(words).not.toMatch(RAW);
  return words;
}

describe('the Sites screen, when a site cannot be connected', () => {
  it('says a name that does not resolve is not found', async () => {
    expect(await connectAndRead('no-such-site.invalid', 'sites-message-not-found')).toContain('No site was found at no-such-site.invalid');
  });

  it('says a plain web page is not a site it can connect to, and what to check', async () => {
    const words = await connectAndRead(await serve(serveStandIn({ index: { status: 200, body: '<h1>A shop</h1>' } })), 'sites-message-not-a-site');
    expect(words).toContain('not a site this app can connect to');
    expect(words).toContain('Check that the address is the site');
  });

  it('says a certificate nobody signed is not trusted, and what to ask for', async () => {
    const words = await connectAndRead(await serve(serveSelfSigned()), 'sites-message-certificate');
    expect(words).toContain('security certificate');
    expect(words).toContain('ask the site');
  });

  it('says application passwords are turned off on the site', async () => {
    const me = { status: 401, body: { code: 'application_passwords_disabled', message: 'Application passwords are not available.', data: { status: 401 } } };
    const words = await connectAndRead(await serve(serveStandIn({ me })), 'sites-message-app-passwords-off');
    expect(words).toContain('has application passwords turned off');
  });
});

describe('the Sites screen, when a connected site goes offline', () => {
  it('says the site could not be reached and that the local changes are kept', async () => {
    const proxy = await serveFailingProxy(remote.url, () => null);
    const { page } = app;
    const form = page.getByRole('form', { name: 'Connect a site' });
    await form.getByLabel('Site address').fill(proxy.url);
    await form.getByLabel('User name').fill(remote.users.editor.login);
    await form.getByLabel('Application password').fill(remote.users.editor.appPassword);
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    await form.getByRole('status').filter({ hasText: 'Connected to' }).waitFor();
    const card = page.getByRole('listitem', { name: (await remote.api('')).body.name });
    await card.getByRole('button', { name: 'Sync now' }).click();
    await card.getByRole('status').filter({ hasText: /^Synced on / }).waitFor({ timeout: 30_000 });
    await proxy.close();
    await card.getByRole('button', { name: 'Sync now' }).click();
    const status = card.getByRole('status').filter({ hasText: /^Offline on / });
    await status.waitFor({ timeout: 30_000 });
    const words = (await status.textContent()) ?? '';
    expect(words).toMatch(/could not be reached|nothing answers/);
    expect(words).toContain('Your local changes are kept and go at the next sync.');
    expect(words).not.toMatch(RAW);
    await app.snap('sites-message-offline');
  });
});

describe('the Sites screen, when a site sends the app to another origin', () => {
  it('says where, sends nothing there, and connects there only when the writer confirms', async () => {
    const elsewhere = await serveHostileRemote();
    await serve(Promise.resolve(elsewhere));
    const typed = await serveHostileRemote({ homeRedirect: `${elsewhere.url}/` });
    await serve(Promise.resolve(typed));
    const form = app.page.getByRole('form', { name: 'Connect a site' });
    await form.getByLabel('Site address').fill(typed.url);
    await form.getByLabel('User name').fill('jo');
    await form.getByLabel('Application password').fill('abcd efgh ijkl mnop qrst uvwx');
    await form.getByRole('button', { name: 'Connect', exact: true }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    const words = (await alert.textContent()) ?? '';
    expect(words).toContain(`sends you to ${elsewhere.url}`);
    expect(words).not.toMatch(RAW);
    await app.snap('sites-message-sent-elsewhere');
    expect(elsewhere.seen).toEqual([]);
    await alert.getByRole('button', { name: `Connect to ${elsewhere.url}` }).click();
    await form.getByRole('status').filter({ hasText: 'Connected to Hostile Blog as jo' }).waitFor();
    expect(elsewhere.seen.filter((request) => request.credentials).map((request) => request.path)).toEqual(['/wp-json/wp/v2/users/me?context=edit']);
    expect(typed.seen.filter((request) => request.credentials)).toEqual([]);
  });
});

describe('the Sites screen in the browser, on a WordPress site', () => {
  it('says to paste an application password, with a link to the profile page where WordPress makes one, and offers no sign-in on the site', async () => {
    const index = (origin: string) => ({
      status: 200,
      body: { ...wordpressIndex('Stand-in Blog'), authentication: { 'application-passwords': { endpoints: { authorization: `${origin}/wp-admin/authorize-application.php` } } } },
    });
    const address = await serve(serveStandIn({ index }));
    const form = app.page.getByRole('form', { name: 'Connect a site' });
    await form.getByLabel('Site address').fill(address);
    await form.getByRole('button', { name: 'Check address' }).click();
    const note = form.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toContain('Create an application password on your profile page there and paste it above with your user name.');
    expect(await note.getByRole('link', { name: 'your profile page there' }).getAttribute('href')).toBe(`${address.replace(/\/$/, '')}/wp-admin/profile.php#application-passwords-section`);
    expect(await form.getByRole('button', { name: 'Sign in with the site' }).count()).toBe(0);
    await app.snap('sites-browser-wordpress-sign-in');
  });
});
