// What every part of the site is handed: its storage, its deployment and its addresses; and
// what a namespace hands back (its plugin, listed in namespace-table.ts).
import type { Store } from './store/db.ts';
import type { MetaField } from './content/meta.ts';
import type { PageTemplate } from './content/page-templates.ts';
import type { PostRow } from './store/posts.ts';
import type { SignInGuard } from './auth/sign-in-limit.ts';
import type { Route } from './rest/types.ts';
import type { MediaStorage } from './media/storage.ts';

export type DeploymentName = 'a' | 'b';

/** What a deployment of the interface is (the two are in deployments.ts). */
export interface Deployment {
  name: DeploymentName;
  /** Namespaces in index order; each gets a namespace index route. */
  namespaces: readonly string[];
  postMeta: Readonly<Record<string, MetaField>>;
  mediaMeta: Readonly<Record<string, MetaField>>;
  writableStatuses: readonly string[];
  /** Every value a list may filter on (writable ones, filter-only ones and `any`). */
  filterStatuses: readonly string[];
}

export interface SiteUrls {
  /** `{base_url}` without a trailing slash, e.g. `http://127.0.0.1:8787`. */
  base: string;
  /** `{api_root}` with a trailing slash, e.g. `http://127.0.0.1:8787/cms-json/`. */
  apiRoot: string;
  /** `{auth_url}`: the credential-grant page. */
  authUrl: string;
}

export interface SiteContext {
  store: Store;
  deployment: Deployment;
  urls: SiteUrls;
  dataDir: string;
  /** Where the media library's files live (a folder, a shared folder or a bucket). */
  media: MediaStorage;
  /** Whether server-side fetches may reach private and loopback addresses. */
  allowPrivateNetwork: boolean;
  /** Namespaces that keep derived data current (the seo/v1 index) register here. */
  contentListeners: ContentListener[];
  /** Sign-in attempts per client (grant page, wrong Basic credentials). */
  signIns: SignInGuard;
  /** The templates its reading pages apply; null on a local copy, whose templates are its remote's. */
  pageTemplates: readonly PageTemplate[] | null;
  /** On a connected site's local copy, the pattern here each reference names (its ids are the remote's); null where a reference is the id here. */
  patternIds: (() => Readonly<Record<number, number>>) | null;
}

/** Told of every saved, trashed or deleted item, inside the write's transaction. */
export type ContentListener = (change: { post: PostRow; deleted: boolean }) => void;

/** A plain HTML page request (home page, credential-grant page), outside the REST core. */
export interface PageRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  /** Parsed application/x-www-form-urlencoded body of a POST. */
  form: Record<string, string>;
  /** Whether the connection is TLS (for the Secure cookie attribute). */
  secure: boolean;
  /** The client's network address (per-client limits). */
  remoteAddress?: string;
}

export interface PageResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** A namespace as the site serves it: its name, routes, start-up hook and `npm run site` commands. */
export interface NamespacePlugin {
  /** The name the index lists it under, e.g. `seo/v1`. */
  namespace: string;
  /** Its routes, made once per site that serves it. */
  routes(site: SiteContext): Route[];
  /** Run once every namespace's routes are made; what it returns is called when the site closes. */
  start?(site: SiteContext): (() => void) | void;
  /**
   * Told of a write to one of its routes sent again whose first answer was never given (its
   * process died after the commit, or is still serving it: server/resent-writes.ts), with what its
   * record says it made (`made`: the item its write named, or null): what that process left undone
   * may be done now (a feedback's mail), before the write is answered again.
   */
  answerLost?(site: SiteContext, path: string, made: string | null): Promise<void> | void;
  /** Its commands for `npm run site -- …`, offered whichever deployment the data serves. */
  commands?: readonly SiteCommand[];
}

export interface SiteCommand {
  /** The words that call it, e.g. `icons add`. */
  name: string;
  /** Its lines in the help text: what it does first, then the options it takes. */
  help: readonly string[];
  /** The options it reads (all take a value). */
  options?: readonly string[];
  /** Does the work on a site's data and says what it did; an error's message is shown to the user. */
  run(input: CommandInput): void;
}

export interface CommandInput {
  store: Store;
  dataDir: string;
  /** An option's value, undefined when not given. */
  option(name: string): string | undefined;
  /** An option's value; stops with "--name is required." when not given. */
  required(name: string): string;
}
