// One connected site: what it is, its last sync, Sync with live progress and Cancel, its
// conflicts, a new application password, writing for it, and Disconnect (asked twice: it
// forgets the local copy).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectedSite } from '../../shared/connected-sites.ts';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { navigate } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { ConflictsDialog } from './ConflictsDialog.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { describeFound, describeProgress, describeRun } from './describe-site.ts';
import { SITES_QUERY, sitesApi } from './sites-api.ts';
import { useSyncProgress } from './useSyncProgress.ts';
import { useSwitchSite } from './useSwitchSite.ts';
import { count } from '../../shared/count.ts';
import { useSiteZone, zoneNamed } from '../components/site-dates.ts';

export function SiteCard({ site }: { site: ConnectedSite }) {
  const client = useHomeClient();
  const queries = useQueryClient();
  const reload = () => void queries.invalidateQueries({ queryKey: SITES_QUERY, exact: true });
  const { progress, error: streamError } = useSyncProgress(site.id, site.syncing, reload);
  const action = useAction();
  const [showConflicts, setShowConflicts] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const choice = useSiteChoice();
  const switchSite = useSwitchSite();
  const writing = choice.current?.siteId === site.id;
  // The site's own clock, in the formats the writer reads everywhere.
  const zone = zoneNamed(site.timezone, useSiteZone());

  const act = async (work: () => Promise<unknown>) => {
    await action.run(work);
    reload();
  };
  const disconnect = () => act(async () => {
    await sitesApi.disconnect(client, site.id);
    if (writing) choice.choose(null);
  });
  const writeForSite = () => act(async () => {
    await switchSite(site.id);
    navigate({ screen: 'list', kind: 'posts' });
  });
  const sync = () => act(async () => {
    const started = await sitesApi.startSync(client, site.id);
    queries.setQueryData<ConnectedSite[]>(SITES_QUERY, (sites) => sites?.map((entry) => (entry.id === site.id ? started : entry)));
  });

  return (
    <li className="site-card" aria-label={site.name}>
      <div className="toolbar">
        <h2 className="site-name">{site.name}</h2>
        <a href={site.address} target="_blank" rel="noreferrer">{site.address}</a>
      </div>
      <p className="muted">Signed in as {site.login}. {describeFound(site)}</p>
      <ErrorNotice error={site.problem ? new Error(site.problem) : null} />
      <ErrorNotice error={action.error ?? streamError} onDismiss={action.reset} />
      {progress ? (
        <div className="sync-progress">
          <progress max={Math.max(progress.total, 1)} value={progress.total ? progress.done : undefined} aria-label={`Sync of ${site.name}`} />
          <p role="status">{describeProgress(progress)}</p>
        </div>
      ) : (
        <p role="status" data-result={site.lastSync?.result ?? 'none'}>{describeRun(site.lastSync, zone)}</p>
      )}
      <div className="toolbar">
        {progress ? (
          <button type="button" disabled={action.busy} onClick={() => void act(() => sitesApi.cancelSync(client, site.id))}>Cancel sync</button>
        ) : (
          <button type="button" className="primary" disabled={action.busy || site.problem !== null} onClick={() => void sync()}>Sync now</button>
        )}
        <button type="button" disabled={action.busy || writing} onClick={() => void writeForSite()}>{writing ? 'Writing for this site' : 'Write for this site'}</button>
        {site.conflicts > 0 && (
          <button type="button" onClick={() => setShowConflicts(true)}>Resolve {count(site.conflicts, 'conflict')}</button>
        )}
        <button type="button" disabled={progress !== null} onClick={() => setChangingPassword(true)}>New password…</button>
        {confirmDisconnect ? (
          <span className="inline-field" role="group" aria-label="Confirm disconnect">
            Forget this site and its copy on this computer?
            <button type="button" className="danger" disabled={action.busy} onClick={() => void disconnect()}>Disconnect</button>
            <button type="button" onClick={() => setConfirmDisconnect(false)}>Keep it</button>
          </span>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirmDisconnect(true)}>Disconnect…</button>
        )}
      </div>
      {changingPassword && <PasswordForm site={site} onDone={() => setChangingPassword(false)} />}
      {showConflicts && <ConflictsDialog site={site} zone={zone} onClose={() => setShowConflicts(false)} />}
    </li>
  );
}
