// Each remote site's copy on this machine is a complete local site of the deployment that
// matches the remote's namespaces, so every field of the remote has a home here.
import { createSite, type Site } from '../../server/site.ts';
import { getSettings, saveSettings } from '../../server/content/settings.ts';
import type { DeploymentName } from '../../server/site-context.ts';
import type { DiscoveredSite } from './discover.ts';

/**
 * Sync opens the copy in-process, without a server. Its address shapes the links of answers
 * and the URLs of media copied from the remote into pulled content, so a host that serves
 * the copy passes the address it serves it at; without one, this stands in.
 */
const IN_PROCESS_URL = 'http://127.0.0.1';

export function openLocalSite(dataDir: string, deployment: DeploymentName, baseUrl = IN_PROCESS_URL): Site {
  return createSite({ dataDir, deployment, baseUrl });
}

/** A new copy takes the remote's name and time zone, so local dates read as the remote's. */
export function createLocalSite(dataDir: string, remote: DiscoveredSite): void {
  const site = openLocalSite(dataDir, remote.deployment);
  try {
    const { store } = site.context;
    saveSettings(store, { ...getSettings(store), name: remote.name, timezone_string: remote.timezone });
  } finally {
    site.close();
  }
}
