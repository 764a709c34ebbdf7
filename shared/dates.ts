// Dates as the interface writes them: `YYYY-MM-DDTHH:mm:ss`, once in the site's time zone
// and once in GMT. Time zone maths is luxon's; the site's PHP `date()` formats (its
// `date_format`, `time_format`) are applied by the block editor's own @wordpress/date.
import { DateTime, IANAZone } from 'luxon';
import { dateI18n } from '@wordpress/date';

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const HAS_OFFSET = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;
export const REST_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

/** Parses an ISO 8601 date-time; without an offset it is read in `zone`. */
export function parseDateTime(value: string, zone = 'UTC'): DateTime | null {
  const text = value.trim();
  if (!RFC3339.test(text)) return null;
  const normalised = text.replace(' ', 'T');
  const parsed = HAS_OFFSET.test(text.slice(10))
    ? DateTime.fromISO(normalised, { setZone: true })
    : DateTime.fromISO(normalised, { zone });
  return parsed.isValid ? parsed : null;
}

export interface DatePair {
  local: string;
  gmt: string;
}

/** `YYYY-MM-DDTHH:mm:ss` of an instant in GMT, without luxon's formatter (a hot path). */
function gmtText(millis: number): string {
  return new Date(millis).toISOString().slice(0, 19);
}

/**
 * The local texts made, by zone and GMT second: luxon's zone maths costs a site in a zone other
 * than UTC about a third of a write's CPU (issue 32), and a site's writes and answers name the
 * same few seconds again and again (now, the items' dates). The text of a second in a zone is
 * fixed (offsets are whole seconds), so a text kept is the one luxon would make. Bounded.
 */
const localTexts = new Map<string, string>();
const LOCAL_TEXTS_KEPT = 2000;

const localKey = (zone: string, gmt: string) => `${zone}\u0000${gmt}`;

/** `zone`'s clock at `millis` (whose GMT text is `gmt`), as `YYYY-MM-DDTHH:mm:ss`. */
function localText(millis: number, gmt: string, zone: string): string {
  if (zone === 'UTC') return gmt;
  const key = localKey(zone, gmt);
  let local = localTexts.get(key);
  if (local === undefined) {
    local = DateTime.fromMillis(millis, { zone }).toFormat(REST_FORMAT);
    if (localTexts.size >= LOCAL_TEXTS_KEPT) localTexts.clear();
    localTexts.set(key, local);
  }
  return local;
}

export function pairFromInstant(instant: DateTime, zone: string): DatePair {
  const millis = instant.toMillis();
  const gmt = gmtText(millis);
  return { local: localText(millis, gmt, zone), gmt };
}

/** A date given in the site's zone (or with its own offset). */
export function pairFromLocal(value: string, zone: string): DatePair | null {
  const parsed = parseDateTime(value, zone);
  return parsed ? pairFromInstant(parsed, zone) : null;
}

/** A date given in GMT (or with its own offset). */
export function pairFromGmt(value: string, zone: string): DatePair | null {
  // A stored GMT date whose local text is kept is not parsed again (a kept key is a GMT text as gmtText makes it).
  const kept = localTexts.get(localKey(zone, value));
  if (kept !== undefined) return { local: kept, gmt: value };
  const parsed = parseDateTime(value, 'UTC');
  return parsed ? pairFromInstant(parsed, zone) : null;
}

export function nowPair(zone: string, now: Date = new Date()): DatePair {
  const millis = now.getTime();
  const gmt = gmtText(millis);
  return { local: localText(millis, gmt, zone), gmt };
}

/**
 * The modified date of a write to an item last modified at `previousGmt`: now, but always a
 * second past the last one, so that an item never shows two versions with one Last-Modified
 * (If-Unmodified-Since would let both writers of one second through). A burst of writes to
 * one item runs it a few seconds ahead of the clock.
 */
export function nextModifiedPair(previousGmt: string, zone: string): DatePair {
  return nowPair(zone, new Date(Math.max(Date.now(), gmtToMillis(previousGmt) + 1000)));
}

/** Milliseconds since the epoch of a stored GMT date (`YYYY-MM-DDTHH:mm:ss`). */
export function gmtToMillis(gmt: string): number {
  return Date.parse(`${gmt}Z`);
}

/** Hours between the zone and GMT at the given instant (for `gmt_offset`). */
export function zoneOffsetHours(zone: string, at: Date = new Date()): number {
  return DateTime.fromJSDate(at).setZone(zone).offset / 60;
}

/** A tz database name ("Europe/Paris", "UTC"); luxon's own words ("System", "Local") are not zones of a site. */
export function isValidZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** HTTP date (RFC 7231) of a stored GMT date. */
export function httpDate(gmt: string): string {
  return new Date(gmtToMillis(gmt)).toUTCString();
}

/** Parses an HTTP date header into milliseconds, or null. */
export function parseHttpDate(value: string): number | null {
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? null : millis;
}

/** A PHP `date()` format (the reference's `date_format`, `time_format`) of an instant as `zone`'s clock reads it. */
export function formatPhpDate(format: string, instant: DateTime, zone: string): string {
  const local = instant.setZone(zone);
  return dateI18n(format, local.toJSDate(), local.toFormat('ZZ'));
}
