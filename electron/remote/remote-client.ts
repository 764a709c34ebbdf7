// The typed client of shared/ pointed at a remote site: every request has a time limit,
// and API roots of the `?rest_route=/` form (sites without pretty links) work too.
import { SiteClient, type Query, type SiteCredentials } from '../../shared/site-client.ts';
import { timedFetch, type RemoteHttpOptions } from './remote-fetch.ts';
import { rooted } from '../../shared/api-routes.ts';

export class RemoteClient extends SiteClient {
  override url(route: string, query?: Query): URL {
    const root = new URL(this.apiRoot);
    if (!root.searchParams.has('rest_route')) return super.url(route, query);
    // The route travels in the query string; the parent still encodes the other parameters.
    const encoded = super.url(route, query);
    root.searchParams.set('rest_route', rooted(route));
    for (const [name, value] of encoded.searchParams) root.searchParams.set(name, value);
    return root;
  }
}

export function createRemoteClient(apiRoot: string, credentials: SiteCredentials | null, options: RemoteHttpOptions = {}): RemoteClient {
  return new RemoteClient(apiRoot, credentials, timedFetch(options));
}
