// A connected real WordPress's own settings, read and changed through the app (its private
// route, with the stored application password): title, zone and formats saved on WordPress
// itself; a zone WordPress does not know (which it keeps silently, answering 200) reported, not
// taken as saved; an account that may not manage options told so in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteClient } from '../../shared/site-client.ts';
import { desktopApi } from '../../shared/api-routes.ts';
import type { ConnectedSite } from '../../shared/connected-sites.ts';
import type { SiteSettings } from '../../shared/site-types.ts';
import { basicAuth, wordpress } from '../helpers/wordpress-fixture.ts';
import type { WordPressRole } from '../helpers/wordpress/wordpress.ts';
import { siteFailure, startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';

let desktop: SignedInApp;
let app: SiteClient;
let original: SiteSettings;

/** WordPress's own answer, as another administrator of the site reads it. */
async function wpSettings(): Promise<SiteSettings> {
  const wp = wordpress();
  const response = await fetch(new URL('wp/v2/settings', wp.apiRoot), { headers: { authorization: basicAuth(wp, 'administrator') } });
  return response.json() as Promise<SiteSettings>;
}

async function connect(role: WordPressRole): Promise<ConnectedSite> {
  const wp = wordpress();
  return app.post(desktopApi.sites(), { address: wp.url, login: wp.accounts[role].login, password: wp.accounts[role].appPassword });
}

beforeAll(async () => {
  desktop = await startSignedInApp();
  app = desktop.app;
  original = await wpSettings();
});

afterAll(async () => {
  // The run's WordPress is shared by the other files: it gets its settings back.
  const wp = wordpress();
  const { title, description, timezone, date_format, time_format } = original;
  await fetch(new URL('wp/v2/settings', wp.apiRoot), {
    method: 'POST',
    headers: { authorization: basicAuth(wp, 'administrator'), 'content-type': 'application/json' },
    body: JSON.stringify({ title, description, timezone, date_format, time_format }),
  });
  await desktop?.close();
});

describe('a connected WordPress’s settings', () => {
  it('are read and changed on WordPress itself with an administrator’s account', async () => {
    const site = await connect('administrator');
    const read = await app.get(desktopApi.siteSettings(site.id));
    expect(read).toMatchObject({ title: original.title, timezone: original.timezone, date_format: original.date_format, time_format: original.time_format });

    const saved = await app.post(desktopApi.siteSettings(site.id), { title: 'Notes from the field', timezone: 'Pacific/Auckland', date_format: 'd/m/Y', time_format: 'H:i' });
    expect(saved).toMatchObject({ title: 'Notes from the field', timezone: 'Pacific/Auckland', date_format: 'd/m/Y', time_format: 'H:i' });
    expect(await wpSettings()).toMatchObject({ title: 'Notes from the field', timezone: 'Pacific/Auckland', date_format: 'd/m/Y' });
    // The app's record of the site follows: its name and zone on the Sites screen.
    const listed = (await app.get(desktopApi.sites())).find((entry) => entry.id === site.id);
    expect(listed).toMatchObject({ name: 'Notes from the field', timezone: 'Pacific/Auckland' });

    // WordPress keeps its zone for one it does not know and still answers 200: the app says so.
    const refused = await siteFailure(app.post(desktopApi.siteSettings(site.id), { timezone: 'Mars/Olympus_Mons' }));
    expect({ status: refused.status, code: refused.code }).toEqual({ status: 422, code: 'inkwell_remote_setting_refused' });
    expect(refused.message).toContain('did not take the time zone “Mars/Olympus_Mons” and kept “Pacific/Auckland”');
    expect((await wpSettings()).timezone).toBe('Pacific/Auckland');
    await app.delete(desktopApi.site(site.id));
  });

  it('are refused in words to an account that may not manage the site', async () => {
    const site = await connect('editor');
    const refused = await siteFailure(app.get(desktopApi.siteSettings(site.id)));
    expect({ status: refused.status, code: refused.code }).toEqual({ status: 422, code: 'inkwell_remote_not_allowed' });
    expect(refused.message).toMatch(/^This account is not allowed to do that on .* Ask an administrator of the site/);
    await app.delete(desktopApi.site(site.id));
  });
});
