// Each remote site's copy on this machine is a complete local site of the deployment that
// matches the remote's namespaces, so every field of the remote has a home here. Sync
// reaches it only through its door (server/local-copy).
import { createLocalCopy, openLocalCopy, type DeploymentName, type LocalCopy } from '../../../server/local-copy/index.ts';
import type { DiscoveredSite } from './discover.ts';

/**
 * Sync opens the copy in-process, without a server. Its address shapes the links of answers
 * and the URLs of media copied from the remote into pulled content, so a host that serves
 * the copy passes the address it serves it at; without one, this stands in.
 */
const IN_PROCESS_URL = 'http://127.0.0.1';

export function openLocalSite(dataDir: string, deployment: DeploymentName, baseUrl = IN_PROCESS_URL): LocalCopy {
  return openLocalCopy(dataDir, deployment, baseUrl);
}

/** A new copy takes the remote's name and time zone, so local dates read as the remote's. */
export function createLocalSite(dataDir: string, remote: DiscoveredSite): void {
  createLocalCopy(dataDir, remote.deployment, IN_PROCESS_URL, { name: remote.name, timezone: remote.timezone });
}
