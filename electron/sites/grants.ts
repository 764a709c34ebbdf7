// Sign-in through a site's credential-grant page: the app sends the user there with a
// callback address of its own that carries a one-time, unguessable grant id, and the page
// sends the user back to it with the new application password. The callback is the one
// address of the private namespace that answers without the app's credential: the grant id
// is what proves the request is the answer to this app's own question.
import { randomBytes } from 'node:crypto';
import type { DiscoveredSite } from '../remote/connect/discover.ts';
import type { GrantState } from '../../shared/connected-sites.ts';

/** How long the user has to sign in and approve on the site. */
const GRANT_LIFETIME_MS = 15 * 60 * 1000;

export interface Grant extends GrantState {
  found: DiscoveredSite;
  expires: number;
  /** Set when the site's answer arrives: a grant is answered once. */
  answered: boolean;
}

export interface GrantLinks {
  appName: string;
  appId: string;
  callbackUrl(grantId: string): string;
}

export class Grants {
  private readonly grants = new Map<string, Grant>();

  constructor(private readonly links: GrantLinks) {}

  /** A new grant for a discovered site, and the address of its grant page to open. */
  begin(found: DiscoveredSite & { authUrl: string }): { grant: Grant; authorizeUrl: string } {
    this.forgetExpired();
    const id = randomBytes(24).toString('base64url');
    const grant: Grant = { id, status: 'waiting', message: `Waiting for you to approve Inkwell on ${found.name}.`, siteId: null, found, expires: Date.now() + GRANT_LIFETIME_MS, answered: false };
    this.grants.set(id, grant);
    const url = new URL(found.authUrl);
    const callback = this.links.callbackUrl(id);
    url.searchParams.set('app_name', this.links.appName);
    url.searchParams.set('app_id', this.links.appId);
    url.searchParams.set('success_url', callback);
    // WordPress sends the browser to reject_url as it is: the answer must be in it.
    const rejected = new URL(callback);
    rejected.searchParams.set('success', 'false');
    url.searchParams.set('reject_url', rejected.href);
    return { grant, authorizeUrl: url.href };
  }

  get(id: string): Grant | undefined {
    this.forgetExpired();
    return this.grants.get(id);
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [id, grant] of this.grants) if (grant.expires < now) this.grants.delete(id);
  }
}

export function settle(grant: Grant, status: Exclude<GrantState['status'], 'waiting'>, message: string, siteId: string | null = null): void {
  Object.assign(grant, { status, message, siteId });
}

export function grantState(grant: Grant): GrantState {
  return { id: grant.id, status: grant.status, message: grant.message, siteId: grant.siteId };
}
