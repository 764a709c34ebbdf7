// The app's connected remote sites as its private namespace serves them: connecting (by
// application password or grant), each site's workspace kept open while the app runs, the
// sync running per site, conflicts, the local copies the editor writes in, and disconnecting.
import type { SecretCipher } from '../../server/auth/secret-cipher.ts';
import { RestError } from '../../server/rest/errors.ts';
import type { SiteCredentials } from '../../shared/site-client.ts';
import type { AccountRights, ConflictChoice, ConflictPicks, ConnectedSite, CopySession, FoundSite, RemotePreview, SyncConflict, SyncRun } from '../../shared/connected-sites.ts';
import { checkCredentials } from '../remote/connect/check-credentials.ts';
import { connectSite } from '../remote/connect/connect.ts';
import { discoverSite, type DiscoveredSite } from '../remote/connect/discover.ts';
import type { RemoteHttpOptions } from '../remote/client/remote-fetch.ts';
import { RemoteSites, type RemoteSiteEntry } from '../remote/connect/remote-sites.ts';
import { previewInLook, type PreviewedItem } from '../remote/look/remote-look.ts';
import { inlineDraftImages } from '../remote/look/draft-images.ts';
import { lastSyncRuns, syncSite } from '../remote/sync.ts';
import { listConflicts, resolveConflict } from '../remote/merge/conflicts.ts';
import { openWorkspace, type RemoteWorkspace } from '../remote/workspace.ts';
import { copyPatternIds } from '../remote/pattern-ids.ts';
import { asRestError } from './remote-failure.ts';
import { explainSiteError } from '../remote/client/errors.ts';
import { SyncJobs } from './sync-jobs.ts';
import { LocalCopies } from './local-copies.ts';
import { readSiteTemplates } from '../../shared/site-templates.ts';
import { readSitePalette } from '../../shared/site-palette.ts';
import { readSitePatterns } from '../../shared/site-patterns.ts';
import type { SitePatterns } from '../../shared/block-patterns.ts';
import { contentRoutes, type PostCollection } from '../../shared/api-routes.ts';
import type { SitePalette, SiteSettings, SiteTemplate } from '../../shared/site-types.ts';

export interface ConnectedSitesOptions {
  /** Where the list, sealed credentials and local copies live. */
  dataDir: string;
  cipher: SecretCipher;
  /** The app host's base URL, under which the local copies are served. */
  hostUrl: () => string;
  /** Time limits of requests to remote sites. */
  http?: RemoteHttpOptions;
}

/** What the app tells of a site: what discovery found, without anything else the entry holds. */
export function foundSite(site: DiscoveredSite): FoundSite {
  const { address, apiRoot, name, namespaces, contentNamespace, deployment, authUrl, batchMax, timezone } = site;
  return { address, apiRoot, name, namespaces, contentNamespace, deployment, authUrl, batchMax, timezone };
}

async function remoteCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asRestError(error);
  }
}

export class ConnectedSites {
  readonly remote: RemoteSites;
  readonly jobs = new SyncJobs();
  readonly copies: LocalCopies;
  private readonly workspaces = new Map<string, RemoteWorkspace>();
  private readonly http: RemoteHttpOptions;
  private readonly hostUrl: () => string;

  constructor(options: ConnectedSitesOptions) {
    this.remote = new RemoteSites(options.dataDir, options.cipher);
    this.copies = new LocalCopies(this.remote, options.hostUrl, (id) => this.drawnPatternIds(id));
    this.http = options.http ?? {};
    this.hostUrl = options.hostUrl;
  }

  entry(id: string): RemoteSiteEntry {
    const entry = this.remote.list().find((site) => site.id === id);
    if (!entry) throw new RestError('inkwell_site_not_found', 'No connected site has this id: it may have been disconnected.', 404);
    return entry;
  }

  /** Opened at first use and kept open: sync, listing and conflicts share the site's files. */
  private workspace(id: string): RemoteWorkspace {
    let workspace = this.workspaces.get(id);
    if (!workspace) {
      try {
        // Media URLs written into pulled content point where the editor reads the copy.
        workspace = openWorkspace(this.remote, id, { ...this.http, localBaseUrl: `${this.hostUrl()}${LocalCopies.prefixOf(id)}` });
      } catch (error) {
        throw asRestError(error);
      }
      this.workspaces.set(id, workspace);
    }
    return workspace;
  }

  view(entry: RemoteSiteEntry): ConnectedSite {
    const { id, login, addedAt } = entry;
    const described = { ...foundSite(entry), id, login, addedAt, rights: entry.rights ?? null };
    let workspace: RemoteWorkspace;
    try {
      workspace = this.workspace(id);
    } catch (error) {
      return { ...described, syncing: null, lastSync: null, conflicts: 0, problem: (error as Error).message };
    }
    return {
      ...described,
      syncing: this.jobs.progress(id),
      lastSync: lastSyncRuns(workspace, 1)[0] ?? null,
      conflicts: listConflicts(workspace).length,
      problem: null,
    };
  }

  list(): ConnectedSite[] {
    return this.remote.list().map((entry) => this.view(entry));
  }

  lastRun(id: string): SyncRun | null {
    return lastSyncRuns(this.workspace(id), 1)[0] ?? null;
  }

  /** `confirmed`: other origins the writer agreed the site may send the app to. */
  discover(address: string, confirmed: readonly string[] = []): Promise<DiscoveredSite> {
    return remoteCall(() => discoverSite(address, this.http, confirmed));
  }

  async connect(address: string, credentials: SiteCredentials, confirmed: readonly string[] = []): Promise<ConnectedSite> {
    const { site } = await remoteCall(() => connectSite(this.remote, address, credentials, this.http, confirmed));
    return this.view(site);
  }

  /** For a site discovered earlier (the grant flow): check the credentials, then record it. */
  async connectFound(found: DiscoveredSite, credentials: SiteCredentials): Promise<ConnectedSite> {
    await remoteCall(() => checkCredentials(found, credentials, this.http));
    return this.view(await remoteCall(async () => this.remote.add(found, credentials)));
  }

  /** A new application password for the same account (the old one was revoked, or the key file lost). */
  async replacePassword(id: string, password: string): Promise<ConnectedSite> {
    const entry = this.entry(id);
    if (this.jobs.progress(id)) throw new RestError('inkwell_sync_running', 'This site is syncing: change its password when the sync has finished.', 409);
    const credentials = { login: entry.login, password };
    await remoteCall(() => checkCredentials(entry, credentials, this.http));
    this.remote.credentials.save(id, credentials);
    // The open workspace signs in with the old password: the next use opens it anew.
    this.workspaces.get(id)?.close();
    this.workspaces.delete(id);
    return this.view(entry);
  }

  /** Stops its sync, closes its files, and forgets the site, its credentials and its local copy. */
  async disconnect(id: string): Promise<void> {
    this.entry(id);
    await this.jobs.stop(id);
    this.copies.close(id);
    this.workspaces.get(id)?.close();
    this.workspaces.delete(id);
    this.remote.remove(id);
  }

  /** The site's local copy, served for the editor. */
  copySession(id: string): CopySession {
    const entry = this.entry(id);
    return { siteId: id, name: entry.name, ...this.copies.open(entry) };
  }

  /**
   * Which local synced pattern stands for each of the site's (its id there → its id here), and for
   * the copy's own reference to each of its patterns (remote/pattern-ids.ts): a post keeps its
   * `{"ref":N}` as the site wrote it, so the editor finds the pattern here by this.
   */
  patternIds(id: string): Record<string, number> {
    this.entry(id);
    const { map, local } = this.workspace(id);
    return copyPatternIds(map, local);
  }

  /** The same for the copy's reading page: a copy whose sync cannot open (its password no longer stored) draws no pattern rather than another one. */
  private drawnPatternIds(id: string): Record<string, number> {
    try {
      return this.patternIds(id);
    } catch {
      return {};
    }
  }

  /** The item drawn in the site's own look (taken afresh, or the copy saved on this computer when the site cannot be reached), with its images from the local copy. */
  async preview(id: string, item: PreviewedItem): Promise<RemotePreview> {
    const entry = this.entry(id);
    const content = await inlineDraftImages(item.content, this.workspace(id).local);
    return remoteCall(() => previewInLook(this.remote.lookDir(id), entry, { ...item, content }, this.http));
  }

  /** The remote's templates for posts or pages, asked of the remote itself. */
  async templates(id: string, collection: PostCollection): Promise<SiteTemplate[]> {
    const entry = this.entry(id);
    return remoteCall(() => readSiteTemplates(this.workspace(id).remote, entry.contentNamespace, collection));
  }

  /** The colour palette of the remote's theme, asked of the remote itself. */
  async palette(id: string): Promise<SitePalette> {
    const entry = this.entry(id);
    return remoteCall(() => readSitePalette(this.workspace(id).remote, entry.contentNamespace));
  }

  /** The block patterns the remote lends (none where it has none), asked of the remote itself. */
  async patterns(id: string): Promise<SitePatterns> {
    const entry = this.entry(id);
    return remoteCall(() => readSitePatterns(this.workspace(id).remote, entry.contentNamespace));
  }

  startSync(id: string): void {
    this.entry(id);
    const workspace = this.workspace(id);
    const onSiteDetails = (details: { name: string; timezone: string }) => this.remote.update(id, details);
    const onRights = (rights: AccountRights) => this.remote.update(id, { rights });
    this.jobs.start(id, ({ signal, onProgress }) => syncSite(workspace, { signal, onProgress, onSiteDetails, onRights }));
  }

  conflicts(id: string): SyncConflict[] {
    this.entry(id);
    return listConflicts(this.workspace(id));
  }

  async resolve(id: string, conflictId: number, choice: ConflictChoice, picks: ConflictPicks = {}): Promise<void> {
    this.entry(id);
    if (this.jobs.progress(id)) {
      throw new RestError('inkwell_sync_running', 'This site is syncing: resolve its conflicts when the sync has finished.', 409);
    }
    const workspace = this.workspace(id);
    if (!listConflicts(workspace).some((conflict) => conflict.id === conflictId)) {
      throw new RestError('inkwell_conflict_not_found', 'This conflict is not waiting any more (it was resolved already).', 404);
    }
    await remoteCall(() => resolveConflict(workspace, conflictId, choice, {}, picks));
  }

  /** The remote's settings, as its account reads them (only those who may manage options can). */
  settings(id: string): Promise<SiteSettings> {
    const entry = this.entry(id);
    const { remote } = this.workspace(id);
    return remoteCall(() => remote.get(contentRoutes(entry.contentNamespace).settings()).catch((error: unknown) => { throw explainSiteError(error, entry.apiRoot); }));
  }

  /**
   * Changes the remote's settings. A WordPress keeps its old zone for one it does not know and
   * still answers 200: that is reported, not taken as saved.
   */
  async saveSettings(id: string, changes: Partial<SiteSettings>): Promise<SiteSettings> {
    const entry = this.entry(id);
    const { remote } = this.workspace(id);
    const saved = await remoteCall(() => remote.post(contentRoutes(entry.contentNamespace).settings(), changes).catch((error: unknown) => { throw explainSiteError(error, entry.apiRoot); }));
    if (changes.timezone !== undefined && saved.timezone !== changes.timezone) {
      throw new RestError('inkwell_remote_setting_refused', `${entry.name} did not take the time zone “${changes.timezone}” and kept ${saved.timezone ? `“${saved.timezone}”` : 'its manual UTC offset'}. Choose a city in the same zone.`, 422);
    }
    if (changes.title !== undefined || changes.timezone !== undefined) this.remote.update(id, { name: saved.title, timezone: saved.timezone || entry.timezone });
    return saved;
  }

  async close(): Promise<void> {
    await this.jobs.stopAll();
    for (const workspace of this.workspaces.values()) workspace.close();
    this.workspaces.clear();
    this.copies.closeAll();
  }
}
