// Everything sync works with for one connected site, opened together and closed together:
// its local copy, a client signed in to the remote, and the id mapping.
import type { LocalCopy } from '../../server/local-copy/index.ts';
import { RemoteSiteError } from './client/errors.ts';
import { openLocalSite } from './connect/local-site.ts';
import { createRemoteClient, type RemoteClient } from './client/remote-client.ts';
import type { RemoteHttpOptions } from './client/remote-fetch.ts';
import { siteOrigins } from './client/site-origins.ts';
import type { RemoteSiteEntry, RemoteSites } from './connect/remote-sites.ts';
import { SyncMap } from './store/sync-map.ts';

export interface RemoteWorkspace {
  entry: RemoteSiteEntry;
  local: LocalCopy;
  remote: RemoteClient;
  map: SyncMap;
  close(): void;
}

export interface WorkspaceOptions extends RemoteHttpOptions {
  /** Where the app serves this site's copy (its base URL): media URLs written into pulled content start with it. */
  localBaseUrl?: string;
}

export function openWorkspace(sites: RemoteSites, id: string, options: WorkspaceOptions = {}): RemoteWorkspace {
  const entry = sites.get(id);
  const credentials = sites.credentials.load(id);
  if (!credentials) {
    throw new RemoteSiteError('wrong_credentials', `No application password is stored for ${entry.name}: enter it again to sync.`);
  }
  const local = openLocalSite(sites.localSiteDir(id), entry.deployment, options.localBaseUrl);
  const map = new SyncMap(sites.syncFile(id));
  return {
    entry,
    local,
    remote: createRemoteClient(entry.apiRoot, credentials, options, siteOrigins(entry)),
    map,
    close() {
      map.close();
      local.close();
    },
  };
}
