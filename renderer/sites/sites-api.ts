// The app's private routes for connected sites, as calls of the renderer's client.
import { SiteError, type SiteClient } from '../../shared/site-client.ts';
import { openEventStream } from '../../shared/event-stream.ts';
import type { ConflictChoice, ConflictPicks, SyncEvent } from '../../shared/connected-sites.ts';
import { desktopApi as route } from '../../shared/api-routes.ts';
import { listConnectedSites } from '../api/connected-sites-query.ts';

export { SITES_QUERY } from '../api/connected-sites-query.ts';

export const sitesApi = {
  list: listConnectedSites,
  /** `confirmed`: other origins the writer agreed the site may send the app to (see originToConfirm). */
  discover: (client: SiteClient, address: string, confirmed: string[] = []) => client.post(route.discover(), { address, confirmed_origins: confirmed }),
  connect: (client: SiteClient, address: string, login: string, password: string, confirmed: string[] = []) =>
    client.post(route.sites(), { address, login, password, confirmed_origins: confirmed }),
  replacePassword: (client: SiteClient, id: string, password: string) => client.post(route.credentials(id), { password }),
  disconnect: (client: SiteClient, id: string) => client.delete(route.site(id)),
  startGrant: (client: SiteClient, address: string, confirmed: string[] = []) => client.post(route.grants(), { address, confirmed_origins: confirmed }),
  grant: (client: SiteClient, id: string) => client.get(route.grant(id)),
  /** The site's local copy, where the editor writes for it. */
  openCopy: (client: SiteClient, id: string) => client.post(route.copySession(id), {}),
  startSync: (client: SiteClient, id: string) => client.post(route.sync(id), {}),
  cancelSync: (client: SiteClient, id: string) => client.delete(route.sync(id)),
  conflicts: (client: SiteClient, id: string) => client.get(route.conflicts(id)),
  resolve: (client: SiteClient, id: string, conflictId: number, choice: ConflictChoice, picks: ConflictPicks = {}) =>
    client.post(route.conflict(id, conflictId), { choice, picks }),
  /** The running sync's events until it ends (at once its last run when none runs). */
  async *follow(client: SiteClient, id: string, signal: AbortSignal): AsyncGenerator<SyncEvent> {
    for await (const event of await openEventStream(client, route.syncProgress(id), signal)) yield event as SyncEvent;
  },
};

/** The origin a site sends the app to, when connecting stopped to ask the writer first (nothing was sent there). */
export function originToConfirm(error: unknown): string | null {
  if (!(error instanceof SiteError) || error.code !== 'inkwell_remote_sent_elsewhere') return null;
  const origin = error.data?.origin;
  return typeof origin === 'string' ? origin : null;
}
