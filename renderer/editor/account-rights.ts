// What the writer may do with an item where they write now. On a connected site's local copy,
// that is what the account sync signs in with may do on the site (its last sync read it from
// the site): the editor offers nothing the site would refuse. On this computer's own site the
// site itself answers for its logins, and everything is offered.
import { useQuery } from '@tanstack/react-query';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { SITES_QUERY, listConnectedSites } from '../api/connected-sites-query.ts';
import type { PostKind } from '../routing/routes.ts';
import type { CopyOf } from './publishing.ts';

export interface WritingRights {
  /** The connected site's name, or null on this computer's own site. */
  copyOf: CopyOf;
  /** May publish, schedule or make private; else only draft and "Waiting for review". */
  mayPublish: boolean;
}

export function useWritingRights(kind: PostKind): WritingRights {
  const { current } = useSiteChoice();
  const home = useHomeClient();
  const sites = useQuery({ queryKey: SITES_QUERY, queryFn: () => listConnectedSites(home), enabled: current !== null });
  if (current === null) return { copyOf: null, mayPublish: true };
  // Before a sync has read them, the site's own answer at the next sync decides.
  const rights = sites.data?.find((site) => site.id === current.siteId)?.rights;
  return { copyOf: current.name, mayPublish: rights?.[kind === 'pages' ? 'page' : 'post'].publish ?? true };
}
