// The process's clock moved forward instead of waited for. A test that needs a later second
// on the sites running in its process (`modified_gmt` has whole seconds) moves `Date` on to
// it: from the first move on, `Date` keeps real time plus how far it was moved, so it never
// stands still, never goes back and never falls behind the real clock. What reads the real
// clock directly stays at most that far behind: file times, and Node's HTTP `Date` header,
// except on test sites, which date their answers by `Date` (tests/helpers/test-site.ts) as a
// site whose clock is one does. The move lasts for the rest of the file: the files share their
// workers, so the real clock is given back when a file ends (tests/helpers/site-leaves-nothing.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';

const RealDate = globalThis.Date;
/** Milliseconds `Date` runs ahead of the real clock. */
let ahead = 0;

/** `Date` as the real one, `ahead` later when asked for now. */
class AheadDate extends RealDate {
  constructor(...args: [] | ConstructorParameters<DateConstructor>) {
    if (args.length === 0) super(RealDate.now() + ahead);
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return RealDate.now() + ahead;
  }

  // Dates made by code that holds the real constructor (Node's own) are dates too.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof RealDate;
  }
}

/** Dates an answer by `Date` once the clock has been moved (before that, Node's own date is the same). */
export function dateByMovedClock(_request: IncomingMessage, response: ServerResponse): void {
  if (ahead > 0) response.setHeader('date', new Date().toUTCString());
}

/** Moves the process's clock on to `instant` (milliseconds since the epoch) at once, if it is not there yet. */
export function moveClockTo(instant: number): void {
  globalThis.Date = AheadDate as DateConstructor;
  ahead += Math.max(0, instant - AheadDate.now());
}

/** Gives the process its real clock back: the next file in this worker starts on it. */
export function restoreRealClock(): void {
  globalThis.Date = RealDate;
  ahead = 0;
}

/** Moves the process's clock to the start of its next whole second (5 ms in), at once. */
export function moveToNextSecond(): void {
  const now = new Date().getTime();
  moveClockTo(now - (now % 1000) + 1005);
}
