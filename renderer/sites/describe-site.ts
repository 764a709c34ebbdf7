// Sites and sync results told in words for the Sites screen.
import type { FoundSite, SyncProgress, SyncRun } from '../../shared/connected-sites.ts';
import { count } from '../../shared/count.ts';
import { describeRecorded } from '../components/error-words.ts';
import { formatInstant, type SiteZone } from '../components/site-dates.ts';

export function describeFound(site: FoundSite): string {
  const kind = site.deployment === 'b' ? 'with the page builder' : 'a standard site';
  const batch = site.batchMax ? `publishes in batches of up to ${site.batchMax}` : 'no batch publishing (items are sent one by one)';
  const signIn = site.authUrl ? 'offers sign-in for apps' : 'needs an application password';
  return `${site.name}: ${kind} (${site.contentNamespace}), ${batch}, ${signIn}.`;
}

const RESULTS: Record<NonNullable<SyncRun['result']>, string> = {
  ok: 'Synced',
  conflicts: 'Synced with conflicts to resolve',
  offline: 'Offline',
  failed: 'Sync failed',
  cancelled: 'Sync cancelled',
};

/** The last sync in words, its time on the site's clock. */
export function describeRun(run: SyncRun | null, zone: SiteZone): string {
  if (!run) return 'Not synced yet.';
  const when = `on ${formatInstant(run.finishedAt ?? run.startedAt, zone)}`;
  if (!run.result) return `A sync started ${when} did not finish (the app was closed).`;
  const counts = `${run.pulled} received, ${run.pushed} sent${run.conflicts ? `, ${count(run.conflicts, 'conflict')}` : ''}`;
  const said = describeRecorded(run, run.result === 'failed' || run.result === 'offline');
  return `${RESULTS[run.result]} ${when}: ${counts}.${said ? ` ${said}` : ''}`;
}

/** The step says it all (its counts, and a retry when the site does not answer). */
export function describeProgress(progress: SyncProgress): string {
  return progress.phase === 'done' ? progress.step : `${progress.step}…`;
}

/** A site's name in a list, with its address where another connected site has the same name. */
export function siteLabel(site: { name: string; address: string }, all: readonly { name: string }[]): string {
  if (all.filter((other) => other.name === site.name).length < 2) return site.name;
  const url = new URL(site.address);
  return `${site.name} (${url.host}${url.pathname === '/' ? '' : url.pathname})`;
}
