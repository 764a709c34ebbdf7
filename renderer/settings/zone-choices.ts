// The time zones a writer picks from, as the reference's settings offer them: "UTC", every
// city zone the browser knows, then manual UTC offsets (kept as `gmt_offset` on the site).
import { offsetLabel, offsetZone, zoneLabel } from '../components/site-dates.ts';

export interface ZoneChoice {
  /** What the site is sent: an IANA name or a manual offset such as `UTC+5:30`. */
  value: string;
  label: string;
  /** What a search matches: the name with spaces, and the offset. */
  words: string;
}

/** The reference's manual offsets: every half hour from UTC−12 to UTC+14, and its three quarter hours. */
const MANUAL_OFFSETS = [
  ...Array.from({ length: 53 }, (_, step) => -12 + step / 2),
  5.75, 8.75, 12.75,
].sort((a, b) => a - b).filter((hours) => hours !== 0);

export function zoneChoices(at: Date = new Date()): ZoneChoice[] {
  const cities = Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/') && !zone.startsWith('Etc/'));
  const named = ['UTC', ...cities].map((zone) => {
    const offset = offsetLabel(zone, at);
    return { value: zone, label: `${zoneLabel(zone)} (${offset})`, words: `${zoneLabel(zone)} ${zone} ${offset}`.toLowerCase() };
  });
  const manual = MANUAL_OFFSETS.map((hours) => {
    const zone = offsetZone(hours);
    return { value: zone, label: `${zone} (a fixed offset, no summer time)`, words: `${zone} fixed offset`.toLowerCase() };
  });
  return [...named, ...manual];
}

/** The choices whose words hold every word of the search ("new york", "utc+5", "paris"). */
export function matchingZones(choices: readonly ZoneChoice[], search: string): ZoneChoice[] {
  const words = search.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
  return words.length === 0 ? [...choices] : choices.filter((choice) => words.every((word) => choice.words.includes(word)));
}
