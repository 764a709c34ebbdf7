// Site settings, kept as one option and read from memory; the writable ones checked as the
// reference's settings route checks them (a bad value changes nothing).
import { isDeepStrictEqual } from 'node:util';
import type { Store } from '../store/db.ts';
import { getOption, setOption } from '../store/options.ts';
import { gmtToMillis, isValidZone, nowPair, pairFromGmt, zoneOffsetHours } from '../../shared/dates.ts';

export interface SiteSettings {
  name: string;
  description: string;
  /** A luxon zone: an IANA name, or a fixed offset `UTC+5:30` (the reference's `gmt_offset` sites). */
  timezone_string: string;
  /** PHP `date()` formats, as the reference keeps them. */
  date_format: string;
  time_format: string;
  show_on_front: 'posts' | 'page';
  page_on_front: number;
  page_for_posts: number;
  default_category: number;
}

/** The reference's defaults, for sites made before these settings existed. */
export const DEFAULT_FORMATS: Pick<SiteSettings, 'date_format' | 'time_format'> = { date_format: 'F j, Y', time_format: 'g:i a' };

export function getSettings(store: Store): SiteSettings {
  // Kept until the data changes (through any instance of the site), not for the process's life.
  return store.memoised('settings', () => {
    const stored = getOption<SiteSettings>(store, 'settings');
    if (!stored) throw new Error('The site has no settings: it was not initialised.');
    return { ...DEFAULT_FORMATS, ...stored };
  }, ['options']);
}

export function saveSettings(store: Store, settings: SiteSettings): void {
  const stored = getOption<SiteSettings>(store, 'settings');
  setOption(store, 'settings', settings);
  if (stored !== undefined && !isDeepStrictEqual({ ...DEFAULT_FORMATS, ...stored }, settings)) {
    setOption(store, MODIFIED_OPTION, nextSettingsModified(getOption<string>(store, MODIFIED_OPTION)));
  }
}

const MODIFIED_OPTION = 'settings_modified_gmt';

/**
 * When the settings last changed: every answer's dates are shown in the site's zone, so an
 * answer is no older than this (its Last-Modified). Taken past the current second and past
 * the last change, as an item's modified date, so that If-Modified-Since from an answer read
 * in the same second as the change is older than it.
 */
function nextSettingsModified(previousGmt: string | undefined): string {
  const nextSecond = Math.floor(Date.now() / 1000) * 1000 + 1000;
  const afterPrevious = previousGmt === undefined ? 0 : gmtToMillis(previousGmt) + 1000;
  return nowPair('UTC', new Date(Math.max(nextSecond, afterPrevious))).gmt;
}

/** When the settings last changed (GMT), or null for a site that has not changed them since this was kept. */
export function settingsModifiedGmt(store: Store): string | null {
  return store.memoised('settings-modified', () => getOption<string>(store, MODIFIED_OPTION) ?? null, ['options']);
}

/** Saves the changes given, keeping the other settings; under the write lock, so that a change saved meanwhile (another instance) is kept. */
export function updateSettings(store: Store, changes: Partial<SiteSettings>): SiteSettings {
  return store.writeTransaction(() => {
    const next = { ...getSettings(store), ...changes };
    saveSettings(store, next);
    return next;
  });
}

const OFFSET = /^UTC([+-])(\d{1,2})(?:(?::(\d{2}))|(?:\.(\d+)))?$/;

/**
 * The zone a writer chose, as stored: an IANA name as the reference spells it (`Europe/Paris`,
 * `UTC`), or a manual offset from UTC−12 to UTC+14 in the reference's forms (`UTC+5.5`,
 * `UTC+5:30`), kept as `UTC+5:30`. Null for anything else.
 */
export function storedZone(value: string): string | null {
  const offset = OFFSET.exec(value);
  if (offset) {
    const [, sign, hoursText, minutesText, fractionText] = offset;
    const minutes = Number(hoursText) * 60 + (minutesText !== undefined ? Number(minutesText) : fractionText !== undefined ? Math.round(Number(`0.${fractionText}`) * 60) : 0);
    if (minutes % 15 !== 0 || (sign === '-' ? minutes > 12 * 60 : minutes > 14 * 60)) return null;
    if (minutes === 0) return 'UTC';
    const rest = minutes % 60;
    return `UTC${sign}${Math.floor(minutes / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
  }
  // Zone names are case-sensitive in the reference: every part starts with a capital. Only
  // tz database names: luxon's own words ("System", "Local") would follow the server's clock.
  if (!/^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/.test(value)) return null;
  return isValidZone(value) ? value : null;
}

/** The reference's pair for a stored zone: a manual offset has no zone name, only `gmt_offset`. */
export function zoneFields(zone: string, at: Date = new Date()): { timezone_string: string; gmt_offset: number } {
  return { timezone_string: OFFSET.test(zone) ? '' : zone, gmt_offset: zoneOffsetHours(zone, at) };
}

/**
 * A stored GMT date as the site's clock reads it now: items keep their instant when the zone
 * changes, and their local date follows the zone at once.
 */
export function siteLocalDate(store: Store, gmt: string, stored: string): string {
  const zone = getSettings(store).timezone_string;
  if (zone === 'UTC') return gmt;
  return pairFromGmt(gmt, zone)?.local ?? stored;
}

