// Connecting a site as the user does it: find its API, check the credentials with an
// authenticated request, then record it with its own local copy.
import type { SiteCredentials } from '../../../shared/site-client.ts';
import { discoverSite } from './discover.ts';
import { checkCredentials, type RemoteUser } from './check-credentials.ts';
import type { RemoteHttpOptions } from '../client/remote-fetch.ts';
import type { RemoteSiteEntry, RemoteSites } from './remote-sites.ts';

export interface Connection {
  site: RemoteSiteEntry;
  user: RemoteUser;
}

/** `confirmed`: other origins the writer agreed the site may send the app to (credentials go only to the API root's). */
export async function connectSite(sites: RemoteSites, address: string, credentials: SiteCredentials, options: RemoteHttpOptions = {}, confirmed: readonly string[] = []): Promise<Connection> {
  const found = await discoverSite(address, options, confirmed);
  const user = await checkCredentials(found, credentials, options);
  return { site: sites.add(found, credentials), user };
}
