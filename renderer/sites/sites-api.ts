// The app's private routes for connected sites, as calls of the renderer's client.
import type { SiteClient } from '../../shared/site-client.ts';
import { openEventStream } from '../../shared/event-stream.ts';
import { SITES_NAMESPACE, type ConflictChoice, type ConnectedSite, type CopySession, type FoundSite, type GrantStarted, type GrantState, type SyncConflict, type SyncEvent } from '../../shared/connected-sites.ts';

const route = (path: string) => `${SITES_NAMESPACE}/${path}`;

export const SITES_QUERY = ['connected-sites'] as const;

export const sitesApi = {
  list: (client: SiteClient) => client.get<ConnectedSite[]>(route('sites')),
  discover: (client: SiteClient, address: string) => client.post<FoundSite>(route('discover'), { address }),
  connect: (client: SiteClient, address: string, login: string, password: string) => client.post<ConnectedSite>(route('sites'), { address, login, password }),
  replacePassword: (client: SiteClient, id: string, password: string) => client.post<ConnectedSite>(route(`sites/${id}/credentials`), { password }),
  disconnect: (client: SiteClient, id: string) => client.delete(route(`sites/${id}`)),
  startGrant: (client: SiteClient, address: string) => client.post<GrantStarted>(route('grants'), { address }),
  grant: (client: SiteClient, id: string) => client.get<GrantState>(route(`grants/${id}`)),
  /** The site's local copy, where the editor writes for it. */
  openCopy: (client: SiteClient, id: string) => client.post<CopySession>(route(`sites/${id}/session`), {}),
  startSync: (client: SiteClient, id: string) => client.post<ConnectedSite>(route(`sites/${id}/sync`), {}),
  cancelSync: (client: SiteClient, id: string) => client.delete(route(`sites/${id}/sync`)),
  conflicts: (client: SiteClient, id: string) => client.get<SyncConflict[]>(route(`sites/${id}/conflicts`)),
  resolve: (client: SiteClient, id: string, conflictId: number, choice: ConflictChoice) =>
    client.post<{ conflicts: SyncConflict[] }>(route(`sites/${id}/conflicts/${conflictId}`), { choice }),
  /** The running sync's events until it ends (at once its last run when none runs). */
  async *follow(client: SiteClient, id: string, signal: AbortSignal): AsyncGenerator<SyncEvent> {
    for await (const event of await openEventStream(client, route(`sites/${id}/sync/progress`), signal)) yield event as SyncEvent;
  },
};
