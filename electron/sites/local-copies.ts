// Each connected site's local copy, served by the app host under `/sites/<id>/` so the
// editor can write for that site exactly as it writes for the app's own site: the renderer
// switches its client to the copy's API root and the copy's own desktop credential.
// Sync keeps its own handle on the same database; SQLite in WAL mode serves both.
import { createSite, type Site } from '../../server/site.ts';
import type { PrefixedSite } from '../../server/http.ts';
import type { SiteCredentials } from '../../shared/site-client.ts';
import { createDesktopSession } from '../desktop-session.ts';
import type { RemoteSiteEntry, RemoteSites } from '../remote/connect/remote-sites.ts';

const PREFIX = '/sites/';

interface ServedCopy {
  site: Site;
  credentials: SiteCredentials;
}

export class LocalCopies {
  private readonly served = new Map<string, ServedCopy>();

  constructor(
    private readonly remote: RemoteSites,
    /** The app host's base URL, known once it listens. */
    private readonly hostUrl: () => string,
    /** The copy's synced pattern for each reference its posts may hold (sync's mapping). */
    private readonly patternIds: (id: string) => Readonly<Record<number, number>>,
  ) {}

  static prefixOf(id: string): string {
    return `${PREFIX}${id}`;
  }

  /** Opens the copy (once per run) and answers its API root and the credential for it. */
  open(entry: RemoteSiteEntry): { apiRoot: string; credentials: SiteCredentials } {
    let copy = this.served.get(entry.id);
    if (!copy) {
      const site = createSite({ dataDir: this.remote.localSiteDir(entry.id), deployment: entry.deployment, baseUrl: `${this.hostUrl()}${LocalCopies.prefixOf(entry.id)}`, remoteCopy: true, patternIds: () => this.patternIds(entry.id) });
      copy = { site, credentials: createDesktopSession(site.context).credentials };
      this.served.set(entry.id, copy);
    }
    return { apiRoot: copy.site.context.urls.apiRoot, credentials: copy.credentials };
  }

  /** Which served copy a request path is for; copies not opened this run are not served. */
  resolve(pathname: string): PrefixedSite | null {
    if (!pathname.startsWith(PREFIX)) return null;
    const id = pathname.slice(PREFIX.length).split('/')[0];
    const copy = this.served.get(id);
    return copy ? { prefix: LocalCopies.prefixOf(id), site: copy.site } : null;
  }

  close(id: string): void {
    this.served.get(id)?.site.close();
    this.served.delete(id);
  }

  closeAll(): void {
    for (const id of [...this.served.keys()]) this.close(id);
  }
}
