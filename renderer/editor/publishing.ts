// What the editor's main button does (Publish, Schedule, Update, or Submit for review for an
// account that may not publish), the statuses it offers, the checks a writer sees before an
// item goes live, and what it says once done. Plain functions: the panels show what they say.
import type { Post } from '../../shared/site-types.ts';
import type { PostKind } from '../routing/routes.ts';
import { formatSiteDate, isPast, type SiteZone } from '../components/site-dates.ts';
import type { PostFields } from './post-fields.ts';

export type PublishAction = 'publish' | 'schedule' | 'update' | 'submit';

export const ACTION_TEXT: Record<PublishAction, string> = { publish: 'Publish', schedule: 'Schedule', update: 'Update', submit: 'Submit for review' };

/** What an item not yet live is saved as; going live is the Publish button's business. */
const UNPUBLISHED = [
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Waiting for review' },
  { value: 'private', label: 'Private (only editors of the site see it)' },
];

/** The statuses a Save may keep: private only for an account that may publish (WordPress asks the same right). */
export function unpublishedStatuses(mayPublish: boolean): { value: string; label: string }[] {
  return UNPUBLISHED.filter((status) => mayPublish || status.value !== 'private');
}

/** Statuses in which readers (or, for private, the site's editors) already see the item. */
const LIVE = new Set(['publish', 'future', 'private']);

export function isLive(post: Post | null): boolean {
  return post !== null && LIVE.has(post.status);
}

/**
 * Update for what is live or scheduled; Submit for review for an account that may not publish;
 * Schedule for a draft dated later; Publish otherwise.
 */
export function publishAction(post: Post | null, fields: PostFields, zone: SiteZone, now: Date = new Date(), mayPublish = true): PublishAction {
  if (isLive(post)) return 'update';
  if (!mayPublish) return 'submit';
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

/** Where the writer writes: this computer's own site (null), or a connected site's local copy, by the site's name. */
export type CopyOf = string | null;

/**
 * What the editor says once Publish (or Submit) was saved. In a connected site's local copy
 * nothing reached the site yet: it says when it will, and offers no link to a page the
 * site does not have. Null for a status that is not an outcome of publishing.
 */
export function publishedText(post: Post, zone: SiteZone, copyOf: CopyOf): { text: string; link: string | null } | null {
  const link = copyOf === null ? post.link : null;
  const atSync = (done: string) => ({ text: `${done} on ${copyOf} at the next sync.`, link });
  switch (post.status) {
    case 'pending':
      return { text: copyOf === null ? 'Submitted for review.' : `Submitted for review: it goes to ${copyOf}’s editors at the next sync.`, link: null };
    case 'future':
      return copyOf === null ? { text: `Scheduled for ${formatSiteDate(post.date, zone)}.`, link } : atSync(`Will be scheduled for ${formatSiteDate(post.date, zone)}`);
    case 'publish':
      return copyOf === null ? { text: 'Published.', link } : atSync('Will be published');
    case 'private':
      return copyOf === null ? { text: 'Published privately.', link } : atSync('Will be published privately');
    default:
      return null;
  }
}
