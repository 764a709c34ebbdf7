// The connected remote sites: a list in the app's data directory, each site with its own
// local site and sync records in a folder of its own, and its credentials sealed apart.
//
//   <dataDir>/remote-sites.json     the list
//   <dataDir>/credentials.json      sealed credentials, by site id
//   <dataDir>/sites/<id>/site/      the site's local copy (site.db, uploads/)
//   <dataDir>/sites/<id>/sync.db    remote id <-> local id, pull cursor
//   <dataDir>/sites/<id>/look/      the site's look saved for previews (remote-look.ts)
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SiteCredentials } from '../../../shared/site-client.ts';
import type { AccountRights } from '../../../shared/connected-sites.ts';
import type { DiscoveredSite } from './discover.ts';
import type { SecretCipher } from '../../../server/local-copy/index.ts';
import { CredentialStore } from './credentials.ts';
import { RemoteSiteError } from '../client/errors.ts';
import { readJsonFile, writeJsonFile } from './json-file.ts';
import { createLocalSite } from './local-site.ts';

export interface RemoteSiteEntry extends DiscoveredSite {
  id: string;
  /** The account used on the remote; its application password is in the credential store. */
  login: string;
  addedAt: string;
  /** What the account may do there, as the last sync read it. */
  rights?: AccountRights;
}

export class RemoteSites {
  readonly credentials: CredentialStore;
  private readonly listFile: string;

  constructor(
    readonly dataDir: string,
    cipher: SecretCipher,
  ) {
    this.listFile = path.join(dataDir, 'remote-sites.json');
    this.credentials = new CredentialStore(path.join(dataDir, 'credentials.json'), cipher);
  }

  list(): RemoteSiteEntry[] {
    return readJsonFile<RemoteSiteEntry[]>(this.listFile, []);
  }

  get(id: string): RemoteSiteEntry {
    const entry = this.list().find((site) => site.id === id);
    if (!entry) throw new Error(`No connected site has the id ${id}.`);
    return entry;
  }

  siteDir(id: string): string {
    return path.join(this.dataDir, 'sites', id);
  }

  localSiteDir(id: string): string {
    return path.join(this.siteDir(id), 'site');
  }

  lookDir(id: string): string {
    return path.join(this.siteDir(id), 'look');
  }

  syncFile(id: string): string {
    return path.join(this.siteDir(id), 'sync.db');
  }

  /** Records a site whose credentials were checked; its local copy is made first, so the list never names a missing one. */
  add(found: DiscoveredSite, credentials: SiteCredentials): RemoteSiteEntry {
    const existing = this.list().find((site) => site.apiRoot === found.apiRoot);
    if (existing) throw new RemoteSiteError('already_connected', `${existing.name} (${existing.address}) is already connected.`);
    const entry: RemoteSiteEntry = { ...found, id: randomUUID(), login: credentials.login, addedAt: new Date().toISOString() };
    createLocalSite(this.localSiteDir(entry.id), found);
    this.credentials.save(entry.id, credentials);
    writeJsonFile(this.listFile, [...this.list(), entry]);
    return entry;
  }

  /** Keeps what the site says of itself now (its name and zone changed in its settings, the account's rights). */
  update(id: string, changes: Partial<Pick<RemoteSiteEntry, 'name' | 'timezone' | 'rights'>>): void {
    const sites = this.list();
    const differs = (site: RemoteSiteEntry) => Object.entries(changes).some(([key, value]) => JSON.stringify(site[key as keyof RemoteSiteEntry]) !== JSON.stringify(value));
    if (!sites.some((site) => site.id === id && differs(site))) return;
    writeJsonFile(this.listFile, sites.map((site) => (site.id === id ? { ...site, ...changes } : site)));
  }

  /** Forgets the site, its credentials and its local copy. Close its workspace first. */
  remove(id: string): void {
    const sites = this.list();
    if (!sites.some((site) => site.id === id)) return;
    writeJsonFile(this.listFile, sites.filter((site) => site.id !== id));
    this.credentials.remove(id);
    fs.rmSync(this.siteDir(id), { recursive: true, force: true });
  }
}
