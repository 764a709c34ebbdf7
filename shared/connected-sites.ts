// What the desktop app's private namespace answers about connected remote sites and their
// sync: one description for the host that answers and the renderer that reads.

export type DeploymentKind = 'a' | 'b';
export type SyncResult = 'ok' | 'conflicts' | 'offline' | 'failed' | 'cancelled';
export type ConflictChoice = 'local' | 'remote' | 'both';

/** What connecting found at an address, before or after signing in. */
export interface FoundSite {
  address: string;
  apiRoot: string;
  name: string;
  namespaces: string[];
  contentNamespace: string;
  deployment: DeploymentKind;
  /** The site's credential-grant page; null when it has none (sign in with an application password then). */
  authUrl: string | null;
  /** Most sub-requests per batch call; null when the site has no batch route. */
  batchMax: number | null;
  timezone: string;
}

/**
 * A WordPress site's profile page, where the user makes an application password (beside its
 * page for apps, wp-admin/authorize-application.php); null for other sites.
 */
export function applicationPasswordsPage(authUrl: string | null): string | null {
  if (!authUrl || !URL.canParse(authUrl)) return null;
  const page = new URL(authUrl);
  if (!page.pathname.endsWith('/wp-admin/authorize-application.php')) return null;
  return new URL('profile.php#application-passwords-section', page).href;
}

export interface SyncProgress {
  phase: 'pull' | 'media' | 'push' | 'done';
  done: number;
  /** 0 while the total is not known (the pull reads until the remote's lists end). */
  total: number;
  step: string;
}

export interface SyncRun {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  /** Null for a run the app did not live to finish. */
  result: SyncResult | null;
  pulled: number;
  pushed: number;
  conflicts: number;
  message: string;
}

/** What the account sync signs in with may do to one kind of item on the site. */
export interface KindRights {
  /** May publish, schedule or make private (else only draft and "Waiting for review"). */
  publish: boolean;
}

/** The account's rights on the site, as its last sync read them from the site. */
export interface AccountRights {
  /** The account's standard role, or '' when it has none of those. */
  role: string;
  post: KindRights;
  page: KindRights;
}

export interface ConnectedSite extends FoundSite {
  id: string;
  login: string;
  addedAt: string;
  /** Null until a sync has read them. */
  rights: AccountRights | null;
  /** The progress of the sync running now, or null. */
  syncing: SyncProgress | null;
  lastSync: SyncRun | null;
  /** Conflicts waiting for the user's choice. */
  conflicts: number;
  /** Why the site cannot sync now (its stored password is missing or unreadable), or null. */
  problem: string | null;
}

export interface ConflictSide {
  title: string;
  content: string;
  excerpt: string;
  status: string;
  modified_gmt: string;
  /** This computer's side only: the words are an autosave newer than the last save, not saved yet. */
  autosaved?: boolean;
}

/**
 * Why an item waits for the writer: `changed` on both sides, or `not_allowed`: changed here
 * while the site no longer lets this account edit it (published by an editor, given to
 * another author), so this computer's version cannot be sent over it.
 */
export type ConflictReason = 'changed' | 'not_allowed';

/** Blocks of content changed on both sides: the writer picks one side's (key `content:<n>`). */
export interface ConflictBlock {
  key: string;
  local: string;
  remote: string;
}

/** A field changed on both sides to different values, each side's value in words. */
export interface ConflictField {
  field: string;
  label: string;
  local: string;
  remote: string;
  /** Content only: the blocks changed on both sides (the others are merged already). */
  blocks?: ConflictBlock[];
}

/** The writer's side for each conflicting field or block (key: field name or block key); unpicked ones keep this computer's. */
export type ConflictPicks = Record<string, 'local' | 'remote'>;

export interface SyncConflict {
  id: number;
  reason: ConflictReason;
  /**
   * The fields changed on both sides to different values; everything else merges (changed
   * on one side only: taken from it). Empty when the whole item is in conflict (trashed or
   * deleted on one side, autosaved words here, or synced before merges were kept).
   */
  fields: ConflictField[];
  kind: 'post' | 'page' | 'wp_block';
  localId: number;
  remoteId: number;
  local: ConflictSide;
  /** Status `deleted` (and empty fields) when the remote deleted the item. */
  remote: ConflictSide;
  /** When sync found it (ISO time). */
  foundAt: string;
}

export interface GrantStarted {
  id: string;
  /** Open this address in the browser: the site's page where the user approves Inkwell. */
  authorizeUrl: string;
  site: FoundSite;
}

export interface GrantState {
  id: string;
  status: 'waiting' | 'connected' | 'rejected' | 'failed';
  message: string;
  /** The connected site's id once connected. */
  siteId: string | null;
}

/** How the editor writes for a connected site: in its local copy, at this API root with this credential. */
export interface CopySession {
  siteId: string;
  name: string;
  apiRoot: string;
  credentials: { login: string; password: string };
}

/** An item of a connected site drawn in the site's own look (its theme's page around the item). */
export interface RemotePreview {
  /** The whole page, with nothing in it that runs. */
  html: string;
  /** The site's page the look was taken from. */
  source: string;
  /** When the look was taken (ISO time). */
  savedAt: string;
  /** True when the site could not be reached and the copy saved on this computer was used. */
  cached: boolean;
  /** Why the site could not be reached, when the saved copy was used. */
  reason: string | null;
}

/** Events of a sync's progress stream: progress while it runs, then its run (or null when none ran yet). */
export type SyncEvent =
  | { event: 'progress'; data: SyncProgress }
  | { event: 'done'; data: SyncRun | null }
  | { event: 'error'; data: { message: string } };
