// A site's local dates in its zone (shared/dates.ts): luxon's zone maths cost a site outside UTC
// about a third of a write's CPU (issue 32: 445 against 325 µs a create, Europe/Paris against
// UTC), so the local text of each second is kept once made. Over every zone the runtime knows,
// at instants across a year and the historical offsets of whole seconds: the pairs are luxon's,
// made or kept; and a second named again (a burst of writes, the items' dates) is not worked out again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateTime } from 'luxon';
import { nowPair, pairFromGmt, pairFromInstant, REST_FORMAT } from '../../shared/dates.ts';

const ZONES = Intl.supportedValuesOf('timeZone');
/** Twice a month through 2026, at times that fall near most zones' changes of offset; and dates before 1940, when many zones kept their local mean time (offsets of odd seconds). */
const INSTANTS = [
  ...Array.from({ length: 24 }, (_, index) => Date.UTC(2026, Math.floor(index / 2), index % 2 === 0 ? 1 : 29 - (index % 5), (index * 7) % 24, 30, index)),
  Date.UTC(1900, 0, 1, 12, 0, 0), Date.UTC(1937, 6, 1, 0, 0, 7), Date.UTC(1969, 11, 31, 23, 59, 59),
];

const luxonPair = (millis: number, zone: string) => ({
  local: DateTime.fromMillis(millis, { zone }).toFormat(REST_FORMAT),
  gmt: DateTime.fromMillis(millis, { zone: 'UTC' }).toFormat(REST_FORMAT),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a local date in every zone', () => {
  it('is what luxon makes of it, made first or kept, from now, a GMT date or an instant', () => {
    const wrong: string[] = [];
    for (const zone of ZONES) {
      for (const millis of INSTANTS) {
        const expected = luxonPair(millis, zone);
        // Twice each: the second is the kept text.
        for (let round = 0; round < 2; round++) {
          const made = {
            now: nowPair(zone, new Date(millis)),
            fromGmt: pairFromGmt(expected.gmt, zone),
            fromInstant: pairFromInstant(DateTime.fromMillis(millis), zone),
          };
          for (const [way, pair] of Object.entries(made)) {
            if (pair?.local !== expected.local || pair.gmt !== expected.gmt) wrong.push(`${zone} ${expected.gmt} ${way}: ${JSON.stringify(pair)} against ${JSON.stringify(expected)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is worked out once for a second named again, in every zone but UTC (which needs none)', () => {
    const second = Date.UTC(2026, 10, 30, 16, 20, 11);
    const workedOut: string[] = [];
    for (const zone of ZONES) {
      if (zone === 'UTC') continue;
      const formats = vi.spyOn(DateTime.prototype, 'toFormat');
      // A burst of writes within one second, each asking for now, and the answers naming the items' dates.
      for (let write = 0; write < 10; write++) {
        const now = nowPair(zone, new Date(second + write * 97));
        pairFromGmt(now.gmt, zone);
      }
      if (formats.mock.calls.length > 1) workedOut.push(`${zone}: ${formats.mock.calls.length}`);
      formats.mockRestore();
    }
    expect(workedOut).toEqual([]);
  });
});
