// What the editor's main button does (Publish, Schedule or Update) and the checks a writer
// sees before an item goes live. Plain functions: the publish panel shows what they say.
import type { Post } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';
import { formatSiteDate, isPast, type SiteZone } from '../components/site-dates.ts';
import type { PostFields } from './post-fields.ts';

export type PublishAction = 'publish' | 'schedule' | 'update';

export const ACTION_TEXT: Record<PublishAction, string> = { publish: 'Publish', schedule: 'Schedule', update: 'Update' };

/** Statuses in which readers (or, for private, the site's editors) already see the item. */
const LIVE = new Set(['publish', 'future', 'private']);

export function isLive(post: Post | null): boolean {
  return post !== null && LIVE.has(post.status);
}

/** Update for what is live or scheduled; Schedule for a draft dated later; Publish otherwise. */
export function publishAction(post: Post | null, fields: PostFields, zone: SiteZone, now: Date = new Date()): PublishAction {
  if (isLive(post)) return 'update';
  return fields.date !== '' && !isPast(fields.date, zone, now) ? 'schedule' : 'publish';
}

export interface Check {
  name: string;
  /** False: worth a look before publishing (nothing here prevents it). */
  ok: boolean;
  text: string;
}

export function prePublishChecks(kind: PostKind, fields: PostFields, zone: SiteZone, now: Date = new Date()): Check[] {
  const checks: Check[] = [
    fields.title.trim() !== ''
      ? { name: 'Title', ok: true, text: fields.title.trim() }
      : { name: 'Title', ok: false, text: 'No title: readers and feeds show it as “(no title)”.' },
    fields.excerpt.trim() !== ''
      ? { name: 'Excerpt', ok: true, text: 'Written' }
      : { name: 'Excerpt', ok: false, text: 'None: the site uses the first 55 words, which search results and links show.' },
  ];
  if (kind === 'posts') {
    checks.push(fields.categories.length > 0
      ? { name: 'Categories', ok: true, text: `${fields.categories.length} chosen` }
      : { name: 'Categories', ok: false, text: 'None chosen: it goes into the site’s default category.' });
  }
  checks.push(fields.featured_media > 0
    ? { name: 'Featured image', ok: true, text: 'Chosen' }
    : { name: 'Featured image', ok: false, text: 'None: shares and lists show no picture.' });
  checks.push(scheduleCheck(fields.date, zone, now));
  return checks;
}

function scheduleCheck(date: string, zone: SiteZone, now: Date): Check {
  if (date === '') return { name: 'When', ok: true, text: `Now (site time: ${zone.label})` };
  if (isPast(date, zone, now)) return { name: 'When', ok: false, text: `${formatSiteDate(date, zone)} has already passed.` };
  return { name: 'When', ok: true, text: `Scheduled for ${formatSiteDate(date, zone)}` };
}

/** A date set for an item not yet live that has passed: the writer decides what it means. */
export function hasPastDate(post: Post | null, fields: PostFields, zone: SiteZone, now: Date = new Date()): boolean {
  return !isLive(post) && fields.date !== '' && isPast(fields.date, zone, now);
}
