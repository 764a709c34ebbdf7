// The typed client of shared/ pointed at a remote site: every request has a time limit, goes
// only to the site's own origins, and has its answer read within a limit; API roots of the
// `?rest_route=/` form (sites without pretty links) work too.
import { SiteClient, type Query, type SiteCredentials } from '../../../shared/site-client.ts';
import { BODY_LIMITS, boundedFetch } from './bounded-body.ts';
import { RemoteSiteError } from './errors.ts';
import { timedFetch, type RemoteHttpOptions } from './remote-fetch.ts';
import { originOf, sameSiteFetch } from './site-origins.ts';
import { rooted } from '../../../shared/api-routes.ts';

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

/**
 * The shared client tells every failed fetch as "could not be reached"; a refusal of ours
 * (another origin, an answer too large) is given to it as an answer whose reading fails with
 * it, so it reaches the caller as it is.
 */
function refusalsAsAnswers(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await fetchImpl(input, init);
    } catch (error) {
      if (!(error instanceof RemoteSiteError)) throw error;
      return new Response(new ReadableStream({ start: (controller) => controller.error(error) }), { status: 502 });
    }
  };
}

/** A client of the site at `apiRoot`, reaching only `origins` (by default the API root's own). */
export function createRemoteClient(apiRoot: string, credentials: SiteCredentials | null, options: RemoteHttpOptions = {}, origins: readonly string[] = [originOf(apiRoot)]): RemoteClient {
  return new RemoteClient(apiRoot, credentials, refusalsAsAnswers(boundedFetch(sameSiteFetch(timedFetch(options), origins), BODY_LIMITS.answer)));
}
