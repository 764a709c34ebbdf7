// The editor's publishing decisions and dates in the site's zone: what the main button does,
// what the check before publishing says, a date that has passed, and lists kept in the address.
import { describe, expect, it } from 'vitest';
import { formatInstant, formatSiteDate, formatSiteDateInList, isPast, relativeTime, siteNow, zoneOf } from '../../renderer/components/site-dates.ts';
import { hasPastDate, prePublishChecks, publishAction, publishedText, unpublishedStatuses } from '../../renderer/editor/publishing.ts';
import { fieldsOf } from '../../renderer/editor/post-fields.ts';
import { listAddress, readListState } from '../../renderer/posts/list-address.ts';
import type { Post } from '../../shared/site-types.ts';

const NEW_YORK = zoneOf({ timezone_string: 'America/New_York', gmt_offset: -5 });
// 25 Nov 2026 14:00 UTC is 09:00 in New York.
const NOW = new Date('2026-11-25T14:00:00Z');
const post = (status: string, date = '2026-11-20T10:00:00') => ({ id: 1, status, date } as unknown as Post);

describe('dates in the site zone', () => {
  it('reads a zone by name, else by offset, and says which it is', () => {
    expect(NEW_YORK).toEqual({ zone: 'America/New_York', label: 'America/New York', dateFormat: 'F j, Y', timeFormat: 'g:i a' });
    expect(zoneOf({ timezone_string: '', gmt_offset: 5.5 })).toMatchObject({ zone: 'UTC+5:30', label: 'UTC+5:30' });
    expect(zoneOf({ timezone_string: '', gmt_offset: -3 }).label).toBe('UTC-3');
    expect(zoneOf({}).label).toBe('UTC');
    // luxon's own words are not a site's zone: "System" would be this computer's clock.
    expect(zoneOf({ timezone_string: 'System', gmt_offset: 2 }).zone).toBe('UTC+2');
    expect(formatSiteDate('2026-11-25T09:00', zoneOf({ gmt_offset: 5.5 }))).toBe('November 25, 2026 at 9:00 am UTC+5:30');
  });

  it('judges past and future by the site clock, not the computer one', () => {
    expect(isPast('2026-11-25T08:59', NEW_YORK, NOW)).toBe(true);
    expect(isPast('2026-11-25T09:01', NEW_YORK, NOW)).toBe(false);
    // 10:00 would be past in UTC (14:00) but is still ahead in New York.
    expect(isPast('2026-11-25T10:00', NEW_YORK, NOW)).toBe(false);
    expect(siteNow(NEW_YORK, NOW)).toBe('2026-11-25T09:00');
    expect(formatSiteDate('2026-11-25T09:00', NEW_YORK)).toBe('November 25, 2026 at 9:00 am America/New York');
  });

  it('follows the site\'s own date and time formats (PHP formats, custom ones too), for local dates and instants alike', () => {
    const european = zoneOf({ timezone_string: 'Europe/Berlin' }, { dateFormat: 'd/m/Y', timeFormat: 'H:i' });
    expect(formatSiteDate('2026-07-04T18:05:00', european)).toBe('04/07/2026 at 18:05 Europe/Berlin');
    // The same instant read on a New York site and on a Berlin one: the zone converts, the label says which.
    expect(formatInstant('2026-11-25T14:00:00', NEW_YORK)).toBe('November 25, 2026 at 9:00 am America/New York');
    expect(formatInstant(NOW, european)).toBe('25/11/2026 at 15:00 Europe/Berlin');
    expect(formatSiteDateInList('2026-11-25T23:30:00', zoneOf({ gmt_offset: -3 }, { dateFormat: 'l, \\t\\h\\e jS \\o\\f F', timeFormat: 'g:i A' }))).toBe('Wednesday, the 25th of November at 11:30 PM');
    expect(formatSiteDate('2026-03-29T02:30:00', european)).toMatch(/^29\/03\/2026 at 03:30 /);
  });

  it('says how long ago, and "just now" for the last minute', () => {
    expect(relativeTime('2026-11-25T13:55:00', NOW)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-25T14:00:02', NOW)).toBe('just now');
  });
});

describe('the publish button and its check', () => {
  it('publishes a draft, schedules one dated later, updates what is live or scheduled', () => {
    const fields = fieldsOf(null);
    expect(publishAction(null, fields, NEW_YORK, NOW)).toBe('publish');
    expect(publishAction(null, { ...fields, date: '2026-12-01T09:00' }, NEW_YORK, NOW)).toBe('schedule');
    expect(publishAction(null, { ...fields, date: '2026-11-01T09:00' }, NEW_YORK, NOW)).toBe('publish');
    for (const status of ['publish', 'future', 'private']) expect(publishAction(post(status), fields, NEW_YORK, NOW)).toBe('update');
    expect(publishAction(post('pending'), fields, NEW_YORK, NOW)).toBe('publish');
  });

  it('names what is missing, and nothing when all is there', () => {
    const empty = prePublishChecks('posts', fieldsOf(null), NEW_YORK, NOW);
    expect(empty.map((check) => [check.name, check.ok])).toEqual([['Title', false], ['Excerpt', false], ['Categories', false], ['Featured image', false], ['When', true]]);
    const full = { ...fieldsOf(null), title: 'Done', excerpt: 'Short', categories: [3], featured_media: 7, date: '2026-12-01T09:00' };
    const checks = prePublishChecks('posts', full, NEW_YORK, NOW);
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(checks.at(-1)?.text).toBe('Scheduled for December 1, 2026 at 9:00 am America/New York');
    // Pages have no categories.
    expect(prePublishChecks('pages', full, NEW_YORK, NOW).map((check) => check.name)).not.toContain('Categories');
  });

  it('flags a date that has passed on an item not yet live, never on a live one', () => {
    const dated = { ...fieldsOf(null), date: '2026-11-25T08:00' };
    expect(hasPastDate(null, dated, NEW_YORK, NOW)).toBe(true);
    expect(prePublishChecks('posts', dated, NEW_YORK, NOW).at(-1)).toMatchObject({ ok: false, text: 'November 25, 2026 at 8:00 am America/New York has already passed.' });
    expect(hasPastDate(post('publish'), dated, NEW_YORK, NOW)).toBe(false);
    expect(hasPastDate(null, { ...dated, date: '' }, NEW_YORK, NOW)).toBe(false);
  });
});

describe('what the editor offers and says, by where it writes and what the account may do', () => {
  const fields = fieldsOf(null);
  const done = (status: string) => ({ ...post(status, '2026-12-01T09:00:00'), link: 'https://site.test/p/1' } as Post);

  it('submits for review, never publishes, schedules or offers private, for an account that may not publish', () => {
    for (const date of ['', '2026-12-01T09:00', '2026-11-01T09:00']) expect(publishAction(null, { ...fields, date }, NEW_YORK, NOW, false)).toBe('submit');
    expect(unpublishedStatuses(false).map((status) => status.value)).toEqual(['draft', 'pending']);
    expect(unpublishedStatuses(true).map((status) => status.value)).toEqual(['draft', 'pending', 'private']);
    // What is live already is updated, whoever may publish.
    expect(publishAction(post('publish'), fields, NEW_YORK, NOW, false)).toBe('update');
  });

  it('never says published, nor links to the item, before the site holds it', () => {
    for (const status of ['publish', 'future', 'private', 'pending']) {
      const inCopy = publishedText(done(status), NEW_YORK, 'Team Blog');
      expect(inCopy?.link).toBeNull();
      expect(inCopy?.text).toMatch(/(on|to) Team Blog.* at the next sync\.$/);
      expect(inCopy?.text).not.toMatch(/^Published/);
    }
    expect(publishedText(done('pending'), NEW_YORK, null)).toEqual({ text: 'Submitted for review.', link: null });
    expect(publishedText(done('publish'), NEW_YORK, null)).toEqual({ text: 'Published.', link: 'https://site.test/p/1' });
    expect(publishedText(done('future'), NEW_YORK, 'Team Blog')?.text).toBe('Will be scheduled for December 1, 2026 at 9:00 am America/New York on Team Blog at the next sync.');
    expect(publishedText(done('draft'), NEW_YORK, null)).toBeNull();
  });
});

describe('a list in its address', () => {
  it('keeps tab, search, sort, order, page and view, and leaves out defaults', () => {
    const state = { tab: 'drafts', search: 'a & b', orderby: 'title', order: 'asc' as const, page: 3, tree: false };
    const address = listAddress('posts', state);
    expect(address).toBe('#/posts?tab=drafts&search=a+%26+b&orderby=title&order=asc&page=3');
    expect(readListState(address)).toEqual(state);
    expect(listAddress('pages', readListState('#/pages'))).toBe('#/pages');
    expect(readListState('#/pages?page=-2&order=sideways&view=tree')).toMatchObject({ page: 1, order: 'desc', tree: true });
  });
});
