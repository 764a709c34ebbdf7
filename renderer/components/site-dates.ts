// Dates as the writer sees and sets them: always in the site's time zone (its index), in the
// site's own date and time formats (its settings, PHP `date()` formats, see shared/dates.ts),
// always saying which zone that is. The renderer's one date formatter: a rule test fails if
// a screen formats a date another way.
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useClient } from '../api/client-context.tsx';
import { api, indexApi } from '../../shared/api-routes.ts';
import type { SiteClient } from '../../shared/site-client.ts';
import { formatPhpDate, isValidZone } from '../../shared/dates.ts';

export interface SiteZone {
  /** An IANA name, or a fixed offset such as `UTC+5:30` when the site has only `gmt_offset`. */
  zone: string;
  /** What the writer reads after a date: "America/New York" or "UTC+5:30". */
  label: string;
  /** The site's PHP formats; the reference's defaults until its settings have answered. */
  dateFormat: string;
  timeFormat: string;
}

/** The reference's defaults (`date_format`, `time_format` of a new site). */
const DEFAULT_FORMATS = { dateFormat: 'F j, Y', timeFormat: 'g:i a' };

const UTC: SiteZone = { zone: 'UTC', label: 'UTC', ...DEFAULT_FORMATS };

/** "America/New_York" as a writer reads it: "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** A manual offset in hours as a zone: 5.5 is `UTC+5:30`, 0 is UTC. */
export function offsetZone(hours: number): string {
  if (!hours) return 'UTC';
  const whole = Math.trunc(Math.abs(hours));
  const minutes = Math.round((Math.abs(hours) - whole) * 60);
  return `UTC${hours < 0 ? '-' : '+'}${whole}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The zone of a site's index document (`timezone_string`, else `gmt_offset` hours). */
export function zoneOf(index: { timezone_string?: string; gmt_offset?: number }, formats = DEFAULT_FORMATS): SiteZone {
  if (index.timezone_string && isValidZone(index.timezone_string)) return { zone: index.timezone_string, label: zoneLabel(index.timezone_string), ...formats };
  const zone = offsetZone(Number(index.gmt_offset ?? 0));
  return { zone, label: zone, ...formats };
}

/** A zone as a connected site's record keeps it (an IANA name or `UTC+5:30`), with these formats. */
export function zoneNamed(zone: string, formats: Pick<SiteZone, 'dateFormat' | 'timeFormat'>): SiteZone {
  const known = isValidZone(zone) || /^UTC[+-]\d{1,2}(?::\d\d)?$/.test(zone);
  return known ? { zone, label: zoneLabel(zone), ...formats } : { ...UTC, ...formats };
}

const siteIndexKey = (client: SiteClient) => ['site-index', client.apiRoot];
const siteSettingsKey = (client: SiteClient) => ['site-settings', client.apiRoot];

/** The index of the site the window writes for (its name and zone). */
export function useSiteIndex() {
  const client = useClient();
  return useQuery({ queryKey: siteIndexKey(client), queryFn: () => client.get(indexApi.index()), staleTime: 60_000 });
}

/** The zone and formats of the site the window writes for; UTC and the defaults until it has answered. */
export function useSiteZone(): SiteZone {
  const client = useClient();
  const index = useSiteIndex();
  // Only those who may manage options read the settings: the others keep the reference's formats.
  const settings = useQuery({ queryKey: siteSettingsKey(client), queryFn: () => client.get(api.settings()), staleTime: 60_000, retry: false });
  const formats = settings.data ? { dateFormat: settings.data.date_format, timeFormat: settings.data.time_format } : DEFAULT_FORMATS;
  return index.data ? zoneOf(index.data, formats) : { ...UTC, ...formats };
}

/** A PHP `date()` format applied to an instant as the zone's clock reads it. */
function formatIn(format: string, instant: DateTime, zone: SiteZone): string {
  return formatPhpDate(format, instant, zone.zone);
}

/** A format's example: how the zone's clock reads `at` in it (the settings' live preview). */
export function formatExample(format: string, zone: SiteZone, at: Date = new Date()): string {
  return formatIn(format, DateTime.fromJSDate(at), zone);
}

/** "UTC-05:00": how far a zone is from UTC at an instant (zones move with summer time). */
export function offsetLabel(zone: string, at: Date = new Date()): string {
  const local = DateTime.fromJSDate(at).setZone(zone);
  return local.isValid ? `UTC${local.toFormat('ZZ')}` : '';
}

function dateAndTime(instant: DateTime, zone: SiteZone): string {
  return `${formatIn(zone.dateFormat, instant, zone)} at ${formatIn(zone.timeFormat, instant, zone)}`;
}

/** "November 25, 2026 at 9:00 am America/New York" of a site-local `YYYY-MM-DDTHH:mm[:ss]`. */
export function formatSiteDate(local: string, zone: SiteZone): string {
  const parsed = DateTime.fromISO(local, { zone: zone.zone });
  return parsed.isValid ? `${dateAndTime(parsed, zone)} ${zone.label}` : local;
}

/** The same without the zone, where a heading names it (a list's Date column). */
export function formatSiteDateInList(local: string, zone: SiteZone): string {
  const parsed = DateTime.fromISO(local, { zone: zone.zone });
  return parsed.isValid ? dateAndTime(parsed, zone) : local;
}

/** The same of an instant: a GMT `YYYY-MM-DDTHH:mm:ss` of the site, or a moment on this computer. */
export function formatInstant(at: string | Date, zone: SiteZone): string {
  const instant = typeof at === 'string' ? DateTime.fromISO(at, { zone: 'UTC' }) : DateTime.fromJSDate(at);
  return instant.isValid ? `${dateAndTime(instant, zone)} ${zone.label}` : String(at);
}

/** Whether a site-local date-time has passed. */
export function isPast(local: string, zone: SiteZone, now: Date = new Date()): boolean {
  const parsed = DateTime.fromISO(local, { zone: zone.zone });
  return parsed.isValid && parsed.toMillis() <= now.getTime();
}

/** The site's clock now, as a `datetime-local` value (for the minimum of a schedule field). */
export function siteNow(zone: SiteZone, now: Date = new Date()): string {
  return DateTime.fromJSDate(now).setZone(zone.zone).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** "5 minutes ago", "yesterday" of a GMT `YYYY-MM-DDTHH:mm:ss`, in the writer's language. */
export function relativeTime(gmt: string, now: Date = new Date()): string {
  const then = DateTime.fromISO(gmt, { zone: 'UTC' });
  // Under a minute (or a clock a little ahead) reads as now, not "in 2 seconds".
  if (Math.abs(now.getTime() - then.toMillis()) < 60_000) return 'just now';
  return then.toRelative({ base: DateTime.fromJSDate(now) }) ?? gmt;
}
