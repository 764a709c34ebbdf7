// The templates of the site the writer writes for: the app's own site is asked directly; a
// connected site's local copy does not know its remote's, so the app asks the remote for them.
import { useQuery } from '@tanstack/react-query';
import { useClient, useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { NAMESPACES, desktopApi, type PostCollection } from '../../shared/api-routes.ts';
import { readSiteTemplates } from '../../shared/site-templates.ts';

export function useSiteTemplates(collection: PostCollection) {
  const client = useClient();
  const home = useHomeClient();
  const { current } = useSiteChoice();
  return useQuery({
    queryKey: ['templates', current?.siteId ?? 'this-computer', collection],
    // A theme's templates change rarely: once per editor visit is plenty.
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (current ? home.get(desktopApi.templates(current.siteId), { type: collection }) : readSiteTemplates(client, NAMESPACES.cms, collection)),
  });
}
