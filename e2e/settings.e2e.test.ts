// The site's settings screen in Chromium, as a writer in New York uses it: the zone found by
// typing, the date and time formats picked with their live example (a custom one too), saved
// on the site; then every date on every screen reads in the new zone and format at once, and a
// scheduled post keeps its moment. For a connected site the remote's own settings change (an
// administrator's account), or the screen says who may change them (an editor's).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Post, SiteSettings } from '../shared/site-types.ts';
import type { ConnectedSite, CopySession } from '../shared/connected-sites.ts';
import { SiteClient } from '../shared/site-client.ts';
import { startTestSite } from '../tests/helpers/test-site.ts';
import { forFile } from '../tests/helpers/for-file.ts';
import { appForFile, startInZone } from './harness.ts';
import { solidImage } from '../tests/helpers/images.ts';

const app = appForFile();
const remote = forFile(() => startTestSite('a', { timezone: 'Europe/Paris' }), (site) => site.close());

beforeAll(() => startInZone(app, 'America/New_York'));

/** As a writer does: the site's card on the Sites screen, Write for this site, then Settings. */
async function writeFor(site: ConnectedSite): Promise<void> {
  const { page } = app;
  await app.open('/sites');
  // Connected through the API: the screen reads the list anew, as after a restart.
  await page.reload();
  await page.getByRole('listitem', { name: site.name }).getByRole('button', { name: 'Write for this site' }).click();
  await expect.poll(() => page.getByLabel('Writing for').inputValue()).toBe(site.id);
  await page.getByRole('link', { name: 'Settings' }).click();
}

afterEach(async () => {
  // Each test connects the remote with its own account; the next one starts writing for this computer.
  await app.page.getByLabel('Writing for').selectOption('');
  for (const site of await app.api.get<ConnectedSite[]>('inkwell/v1/sites')) await app.api.delete(`inkwell/v1/sites/${site.id}`);
});

describe('the site settings screen', () => {
  // One story, one test: the dates are read in the zone and formats the first step saves.
  it('changes the zone and the formats on the settings screen, and then every date reads in them: lists, a scheduled post, revisions and the media library', async () => {
    let scheduled: Post;
    // shows the site as it is, finds a zone by typing, and previews the formats live
    {
      // 09:00 in New York on 1 March 2031 is 14:00 UTC.
      scheduled = await app.api.post<Post>('cms/v2/posts', { title: 'Spring issue', status: 'future', date: '2031-03-01T09:00:00' });
      expect(scheduled.date_gmt).toBe('2031-03-01T14:00:00');
      const { page } = app;
      await app.open('/settings');
      const form = page.getByRole('form', { name: 'Site settings' });
      await expect.poll(() => form.getByLabel('Site title').inputValue()).toBe('My Site');
      expect(await form.getByRole('listbox', { name: 'Time zone' }).inputValue()).toBe('America/New_York');
      await form.getByText(/A date will read: .* America\/New York/).waitFor();
      await app.snap('settings');

      await form.getByLabel('Find a city or an offset').fill('tokyo');
      await expect.poll(() => form.getByRole('option').allTextContents()).toEqual(['America/New York (UTC-05:00)', 'Asia/Tokyo (UTC+09:00)']);
      await form.getByRole('listbox', { name: 'Time zone' }).selectOption('Asia/Tokyo');
      await form.getByLabel('Find a city or an offset').fill('kathmandu xyz');
      await form.getByText('No zone matches “kathmandu xyz”').waitFor();
      await form.getByLabel('Find a city or an offset').fill('');

      await form.getByRole('group', { name: 'Date format' }).getByRole('radio').nth(3).check();
      await form.getByRole('group', { name: 'Time format' }).getByRole('radio').nth(2).check();
      await form.getByText(/A date will read: \d\d\/\d\d\/\d{4} at \d\d:\d\d Asia\/Tokyo/).waitFor();
      // A custom format of the reference's letters, with its example as it is typed.
      await form.getByLabel('Custom date format').fill('l, jS F Y');
      await form.getByText(/A date will read: [A-Z][a-z]+day, \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4} at \d\d:\d\d Asia\/Tokyo/).waitFor();
      await form.getByLabel('Site title').fill('Field Notes');
      await app.snap('settings-changed');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await form.getByRole('status').filter({ hasText: 'Saved. Every date now reads in Asia/Tokyo.' }).waitFor();
      const saved = await app.api.get<SiteSettings>('cms/v2/settings');
      expect(saved).toMatchObject({ title: 'Field Notes', timezone: 'Asia/Tokyo', date_format: 'l, jS F Y', time_format: 'H:i' });
    }

    // shows every date in the new zone and format at once, and the scheduled post keeps its moment
    {
      const { page } = app;
      await page.getByRole('link', { name: 'Posts' }).click();
      // 14:00 UTC is 23:00 in Tokyo, the same day.
      await page.getByRole('columnheader', { name: 'Date (Asia/Tokyo)' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Spring issue' });
      await row.getByText('Saturday, 1st March 2031 at 23:00').waitFor();
      await app.snap('settings-list-dates');
      expect((await app.api.get<Post>(`cms/v2/posts/${scheduled.id}`, { context: 'edit' })).date_gmt).toBe('2031-03-01T14:00:00');
      await row.getByRole('link', { name: 'Spring issue' }).click();
      await page.getByText('Scheduled for Saturday, 1st March 2031 at 23:00 Asia/Tokyo').first().waitFor();
    }

    // shows the same format, with the zone named, in revisions and in the media library
    {
      const { page } = app;
      const post = await app.api.post<Post>('cms/v2/posts', { title: 'Two versions', content: 'First' });
      await app.api.post(`cms/v2/posts/${post.id}`, { content: 'Second' });
      await app.open(`/posts/${post.id}`);
      await page.getByRole('button', { name: 'Revisions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revisions' });
      const option = dialog.getByRole('listbox', { name: 'Saved revisions' }).getByRole('option').first();
      await expect.poll(() => option.getAttribute('title')).toMatch(/^[A-Z][a-z]+day, \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4} at \d\d:\d\d Asia\/Tokyo$/);
      await dialog.getByRole('button', { name: 'Close' }).click();

      const image = await solidImage(40, 30, 'png');
      await app.api.request('POST', 'cms/v2/media', { body: new Blob([new Uint8Array(image)], { type: 'image/png' }), headers: { 'content-disposition': 'attachment; filename="dated.png"' } });
      await page.getByRole('link', { name: 'Media' }).click();
      await page.getByRole('list', { name: 'Media items' }).getByRole('button').first().click();
      await page.getByRole('region', { name: 'Media details' }).getByText(/uploaded [A-Z][a-z]+day, \d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4} at \d\d:\d\d Asia\/Tokyo/).waitFor();
      await app.snap('settings-media-date');
    }
  }, 180_000);

  it('changes a connected site’s own settings when its account may, and mirrors them in its copy', async () => {
    const { page } = app;
    const connected = await app.api.post<ConnectedSite>('inkwell/v1/sites', { address: remote.url, login: remote.users.administrator.login, password: remote.users.administrator.appPassword });
    await writeFor(connected);
    const form = page.getByRole('form', { name: 'Site settings' });
    await expect.poll(() => form.getByRole('listbox', { name: 'Time zone' }).inputValue()).toBe('Europe/Paris');
    await page.getByText(`The title, time zone and date format of ${connected.name}.`).waitFor();
    // A WordPress's REST API saves zone names only: a fixed offset is refused before sending.
    await form.getByLabel('Find a city or an offset').fill('utc+5:30');
    await form.getByRole('listbox', { name: 'Time zone' }).selectOption('UTC+5:30');
    await form.getByRole('alert').filter({ hasText: 'takes a city’s time zone, not a fixed offset' }).waitFor();
    expect(await form.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    await form.getByLabel('Find a city or an offset').fill('lisbon');
    await form.getByRole('listbox', { name: 'Time zone' }).selectOption('Europe/Lisbon');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByRole('status').filter({ hasText: 'Every date now reads in Europe/Lisbon' }).waitFor();
    await app.snap('settings-connected-site');
    expect((await remote.api('cms/v2/settings', { as: 'administrator' })).body.timezone).toBe('Europe/Lisbon');
    const session = await app.api.post<CopySession>(`inkwell/v1/sites/${connected.id}/session`, {});
    expect((await new SiteClient(session.apiRoot, session.credentials).get<SiteSettings>('cms/v2/settings')).timezone).toBe('Europe/Lisbon');
    expect((await app.api.get<ConnectedSite[]>('inkwell/v1/sites')).find((site) => site.id === connected.id)?.timezone).toBe('Europe/Lisbon');
    await page.getByLabel('Writing for').selectOption('');
  });

  it('says who may change a connected site’s settings when its account may not', async () => {
    const { page } = app;
    const connected = await app.api.post<ConnectedSite>('inkwell/v1/sites', { address: remote.url, login: remote.users.editor.login, password: remote.users.editor.appPassword });
    await writeFor(connected);
    await page.getByText(`Only an administrator of ${connected.name} can change its settings.`).waitFor();
    expect(await page.getByRole('form', { name: 'Site settings' }).count()).toBe(0);
    await app.snap('settings-not-allowed');
    await page.getByLabel('Writing for').selectOption('');
  });
});
