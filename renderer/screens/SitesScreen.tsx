// Connected sites: connect another, and for each its last sync, Sync with progress,
// conflicts and Disconnect.
import { useQuery } from '@tanstack/react-query';
import { useHomeClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ConnectForm } from '../sites/ConnectForm.tsx';
import { SiteCard } from '../sites/SiteCard.tsx';
import { SITES_QUERY, sitesApi } from '../sites/sites-api.ts';

export function SitesScreen() {
  const client = useHomeClient();
  const sites = useQuery({ queryKey: SITES_QUERY, queryFn: () => sitesApi.list(client) });
  return (
    <div className="screen">
      <h1>Sites</h1>
      <p className="muted">Sites you write for. Each has its own copy on this computer; Sync brings the site’s posts and pages here and sends your changes there.</p>
      <ErrorNotice error={sites.error} />
      {sites.isPending && <p role="status">Loading sites…</p>}
      {sites.data?.length === 0 && <p>No site is connected yet.</p>}
      {sites.data && sites.data.length > 0 && (
        <ul className="site-list" aria-label="Connected sites">
          {sites.data.map((site) => <SiteCard key={site.id} site={site} />)}
        </ul>
      )}
      <ConnectForm />
    </div>
  );
}
