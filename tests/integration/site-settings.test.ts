// The site's settings route (the reference's /wp/v2/settings): who may read and change it, what
// a bad value does (a 400 that changes nothing), and what a new zone does to dates: every date
// reads in it at once, and a scheduled item keeps its instant.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectError, expectInvalidParam } from '../helpers/expect-api.ts';

describe('site settings', () => {
  let site: TestSite;
  beforeEach(async () => {
    site = await startTestSite('a', { timezone: 'America/New_York' });
  });
  afterEach(() => site.close());

  const settings = () => site.api('cms/v2/settings', { as: 'administrator' });
  const change = (body: Record<string, unknown>, as: 'administrator' | 'editor' | null = 'administrator') =>
    site.api('cms/v2/settings', { method: 'POST', as, body });

  it('answers the reference\'s fields to an administrator, and only to one', async () => {
    const answer = await settings();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ title: 'My Site', description: '', timezone: 'America/New_York', date_format: 'F j, Y', time_format: 'g:i a' });
    expectError(await site.api('cms/v2/settings', { as: null }), 401, 'rest_forbidden');
    expectError(await site.api('cms/v2/settings', { as: 'editor' }), 403, 'rest_forbidden');
    expectError(await change({ title: 'Taken over' }, 'editor'), 403, 'rest_forbidden');
    expect((await settings()).body.title).toBe('My Site');
  });

  it('saves title, tagline, zone and formats, and the index follows', async () => {
    const saved = await change({ title: 'Field Notes', description: 'Written offline', timezone: 'Asia/Tokyo', date_format: 'd/m/Y', time_format: 'H:i' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ title: 'Field Notes', description: 'Written offline', timezone: 'Asia/Tokyo', date_format: 'd/m/Y', time_format: 'H:i' });
    expect((await settings()).body).toMatchObject(saved.body);
    const index = (await site.api('')).body;
    expect(index).toMatchObject({ name: 'Field Notes', description: 'Written offline', timezone_string: 'Asia/Tokyo', gmt_offset: 9 });
  });

  it('takes a manual UTC offset as the reference keeps it: no zone name, gmt_offset in hours', async () => {
    for (const offset of ['UTC+5:30', 'UTC+5.5']) {
      const saved = await change({ timezone: offset });
      expect(saved.status).toBe(200);
      expect(saved.body.timezone).toBe('');
      expect((await site.api('')).body).toMatchObject({ timezone_string: '', gmt_offset: 5.5 });
    }
    await change({ timezone: 'UTC-3' });
    expect((await site.api('')).body).toMatchObject({ timezone_string: '', gmt_offset: -3 });
    await change({ timezone: 'UTC' });
    expect((await site.api('')).body).toMatchObject({ timezone_string: 'UTC', gmt_offset: 0 });
  });

  it('refuses a zone it does not know, an offset out of range and an empty format, and changes nothing', async () => {
    for (const timezone of ['Mars/Olympus_Mons', 'america/new_york', 'UTC+15', 'UTC+5:20', 'EST5EDT; DROP', 'New York', 'System', 'Local', 'Default']) {
      const refused = await change({ title: 'Should not stick', timezone });
      expectInvalidParam(refused, 'timezone');
      expect(refused.body.data.params.timezone).toContain(timezone);
    }
    expectInvalidParam(await change({ date_format: '  ' }), 'date_format');
    expectInvalidParam(await change({ time_format: 'x'.repeat(101) }), 'time_format');
    expectInvalidParam(await change({ timezone: 7 }), 'timezone');
    expect((await settings()).body).toMatchObject({ title: 'My Site', timezone: 'America/New_York', date_format: 'F j, Y', time_format: 'g:i a' });
  });

  it('shows every date in the new zone at once, and a scheduled item keeps its instant', async () => {
    const scheduled = (await site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Later', status: 'future', date: '2031-03-01T09:00:00' } })).body;
    expect(scheduled).toMatchObject({ status: 'future', date: '2031-03-01T09:00:00', date_gmt: '2031-03-01T14:00:00' });
    await site.api(`cms/v2/posts/${scheduled.id}`, { method: 'POST', as: 'administrator', body: { content: 'a change, for a revision' } });
    await change({ timezone: 'Europe/Paris' });
    const after = (await site.api(`cms/v2/posts/${scheduled.id}`, { as: 'administrator', query: { context: 'edit' } })).body;
    expect(after).toMatchObject({ status: 'future', date: '2031-03-01T15:00:00', date_gmt: '2031-03-01T14:00:00' });
    expect(after.modified).not.toBe(scheduled.modified);
    const listed = (await site.api('cms/v2/posts', { as: 'administrator', query: { status: 'future' } })).body;
    expect(listed[0].date).toBe('2031-03-01T15:00:00');
    const revisions = (await site.api(`cms/v2/posts/${scheduled.id}/revisions`, { as: 'administrator' })).body;
    for (const revision of revisions) expect(Date.parse(`${revision.date}+01:00`)).toBe(Date.parse(`${revision.date_gmt}Z`));
    // A date the writer sets now is read in the new zone.
    const moved = (await site.api(`cms/v2/posts/${scheduled.id}`, { method: 'POST', as: 'administrator', body: { date: '2031-03-01T09:00:00' } })).body;
    expect(moved).toMatchObject({ date: '2031-03-01T09:00:00', date_gmt: '2031-03-01T08:00:00' });
  });

  it('shows readers a post’s date in the site’s zone and formats', async () => {
    const post = (await site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Dated', status: 'publish', date: '2026-03-02T08:30:00' } })).body;
    await change({ timezone: 'Europe/Paris', date_format: 'd/m/Y', time_format: 'H:i' });
    const page = await (await fetch(post.link)).text();
    // 08:30 in New York is 13:30 UTC, 14:30 in Paris.
    expect(page).toContain('02/03/2026 at 14:30 (Europe/Paris)');
  });
});
