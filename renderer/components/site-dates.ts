// Dates as the writer sees and sets them: always in the site's time zone (its settings, read
// from the site's index), always saying which zone that is, in one format throughout.
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useClient } from '../api/client-context.tsx';

export interface SiteZone {
  /** An IANA name, or a fixed offset such as `UTC+5:30` when the site has only `gmt_offset`. */
  zone: string;
  /** What the writer reads after a date: "America/New_York" or "UTC+5:30". */
  label: string;
}

const UTC: SiteZone = { zone: 'UTC', label: 'UTC' };

/** The zone of a site's index document (`timezone_string`, else `gmt_offset` hours). */
export function zoneOf(index: { timezone_string?: string; gmt_offset?: number }): SiteZone {
  if (index.timezone_string && DateTime.local().setZone(index.timezone_string).isValid) return { zone: index.timezone_string, label: index.timezone_string.replace(/_/g, ' ') };
  const offset = Number(index.gmt_offset ?? 0);
  if (!offset) return UTC;
  const hours = Math.trunc(Math.abs(offset));
  const minutes = Math.round((Math.abs(offset) - hours) * 60);
  const label = `UTC${offset < 0 ? '-' : '+'}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  return { zone: label, label };
}

/** The zone of the site the window writes for; UTC until the index has answered. */
export function useSiteZone(): SiteZone {
  const client = useClient();
  const index = useQuery({
    queryKey: ['site-index', client.apiRoot],
    queryFn: () => client.get<{ timezone_string?: string; gmt_offset?: number }>(''),
    staleTime: 60_000,
  });
  return index.data ? zoneOf(index.data) : UTC;
}

/** "25 Nov 2026, 09:00 America/New York" of a site-local `YYYY-MM-DDTHH:mm[:ss]`. */
export function formatSiteDate(local: string, zone: SiteZone): string {
  const parsed = DateTime.fromISO(local, { zone: zone.zone });
  return parsed.isValid ? `${parsed.toFormat('d LLL yyyy, HH:mm')} ${zone.label}` : local;
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
