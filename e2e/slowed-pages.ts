// The app's pages slowed on purpose, to find the next race before CI does: a test that acts
// before the app has shown what it waits for passes on a quiet machine and fails on a loaded one.
// `INKWELL_E2E_SLOW=<cpu>,<latency>` (e.g. `3,80`) runs every page's scripts that many times
// slower and delays each of its requests by that many milliseconds; unset, nothing changes.
// The latency holds Chromium's network conditions, so a test that takes the page offline
// (Playwright's setOffline) stays online under it: give 0 to slow the scripts alone.
import type { BrowserContext, Page } from 'playwright-core';

/** Slows every page `context` opens, as INKWELL_E2E_SLOW asks. */
export function slowPagesAsAsked(context: BrowserContext): void {
  const asked = process.env.INKWELL_E2E_SLOW;
  if (!asked) return;
  const [cpu = 1, latency = 0] = asked.split(',').map(Number);
  const slowDown = async (page: Page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (latency > 0) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
    }
  };
  context.on('page', (page) => void slowDown(page));
}
