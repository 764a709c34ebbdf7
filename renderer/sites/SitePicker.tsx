// Which site the screens show and the editor writes for: the app's own site, or a
// connected site's copy on this computer.
import { useQuery } from '@tanstack/react-query';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { SITES_QUERY, sitesApi } from './sites-api.ts';
import { useSwitchSite } from './useSwitchSite.ts';
import { siteLabel } from './describe-site.ts';

export function SitePicker() {
  const home = useHomeClient();
  const { current } = useSiteChoice();
  const switchSite = useSwitchSite();
  const sites = useQuery({ queryKey: SITES_QUERY, queryFn: () => sitesApi.list(home) });
  const switching = useAction({ keepErrorWhileRunning: true });
  const listed = sites.data ?? [];
  return (
    <div className="site-picker">
      <label>
        Writing for
        <select value={current?.siteId ?? ''} onChange={(event) => void switching.run(() => switchSite(event.target.value || null))}>
          <option value="">This computer</option>
          {listed.map((site) => <option key={site.id} value={site.id}>{siteLabel(site, listed)}</option>)}
          {current && !listed.some((site) => site.id === current.siteId) && <option value={current.siteId}>{current.name}</option>}
        </select>
      </label>
      <ErrorNotice error={switching.error} onDismiss={switching.reset} />
    </div>
  );
}
