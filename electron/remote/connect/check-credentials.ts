// Whether a user name and application password open the remote site: one authenticated
// request for the user's own profile in edit context, which needs valid credentials.
import type { SiteCredentials } from '../../../shared/site-client.ts';
import type { DiscoveredSite } from './discover.ts';
import { explainSiteError } from '../client/errors.ts';
import { createRemoteClient } from '../client/remote-client.ts';
import type { RemoteHttpOptions } from '../client/remote-fetch.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

export interface RemoteUser {
  id: number;
  name: string;
  slug: string;
  roles: string[];
}

export async function checkCredentials(
  site: Pick<DiscoveredSite, 'apiRoot' | 'contentNamespace'>,
  credentials: SiteCredentials,
  options: RemoteHttpOptions = {},
): Promise<RemoteUser> {
  const client = createRemoteClient(site.apiRoot, credentials, options);
  try {
    // Read as any remote may answer it: each field checked.
    const me: Partial<RemoteUser> = await client.get(contentRoutes(site.contentNamespace).me(), { context: 'edit' });
    return { id: Number(me.id), name: String(me.name ?? ''), slug: String(me.slug ?? ''), roles: Array.isArray(me.roles) ? me.roles.map(String) : [] };
  } catch (error) {
    throw explainSiteError(error, site.apiRoot);
  }
}
