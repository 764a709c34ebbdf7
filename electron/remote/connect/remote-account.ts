// What the account sync signs in with may do on the remote, read once per run from its own
// profile (users/me in edit context). WordPress lists the account's capabilities; a site
// that gives only its roles is read by the standard roles' capabilities.
import { ROLES, can, typeCapability, type Capability, type Role } from '../../../server/local-copy/index.ts';
import type { ItemKind } from '../store/sync-map.ts';
import type { AccountRights, KindRights } from '../../../shared/connected-sites.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { contentRoutes } from '../../../shared/api-routes.ts';

interface Profile {
  roles?: unknown;
  capabilities?: unknown;
}

export class RemoteAccount {
  constructor(
    /** The account's standard role, or '' when it has none of those. */
    readonly role: Role | '',
    /** The capabilities the remote listed; null when it gave only roles. */
    private readonly listed: ReadonlySet<string> | null,
  ) {}

  may(capability: Capability, kind: ItemKind = 'post'): boolean {
    const wanted = typeCapability(capability, kind);
    if (this.listed) return this.listed.has(wanted);
    return this.role !== '' && can({ id: 0, login: '', role: this.role }, wanted);
  }

  /** What the editor may offer for items of the site's local copy. */
  get rights(): AccountRights {
    const of = (kind: ItemKind): KindRights => ({ publish: this.may('publish_posts', kind) });
    return { role: this.role, post: of('post'), page: of('page') };
  }

  /** "This account (author)", for messages that say what it may not do. */
  get described(): string {
    return this.role ? `This account (${this.role})` : 'This account';
  }
}

export async function readAccount(workspace: RemoteWorkspace, signal?: AbortSignal): Promise<RemoteAccount> {
  const route = contentRoutes(workspace.entry.contentNamespace).me();
  const profile: Profile = (await workspace.remote.request('GET', route, { query: { context: 'edit' }, signal })).body;
  const roles = Array.isArray(profile.roles) ? profile.roles.map(String) : [];
  const role = roles.find((name): name is Role => (ROLES as readonly string[]).includes(name)) ?? '';
  const listed = profile.capabilities && typeof profile.capabilities === 'object'
    ? new Set(Object.entries(profile.capabilities as Record<string, unknown>).filter(([, granted]) => granted === true).map(([name]) => name))
    : null;
  return new RemoteAccount(role, listed);
}
