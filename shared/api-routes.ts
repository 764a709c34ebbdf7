// The route table of the site interface: every namespace's name and a typed path builder for
// every route a client of ours calls, each carrying the type of its answer. The server
// declares its route patterns from the same builders (given regex placeholders for the
// ids), so a path is written once, here. Paths are relative to `{api_root}`; `rooted()`
// gives the `/namespace/...` form of batch sub-requests and route patterns.
import type { CopySession, ConnectedSite, FoundSite, GrantStarted, GrantState, RemotePreview, SyncConflict } from './connected-sites.ts';
import type { BatchResult, EmbedData, MediaItem, Post, Revision, SiteIndex, SiteSettings, SiteTemplate, Term, User } from './site-types.ts';

/** Where a site of ours serves its API: `{api_root}` is the site's address and this, with `/`. */
export const API_PREFIX = '/cms-json';

export const NAMESPACES = {
  /** This interface's content namespace. */
  cms: 'cms/v2',
  /** The content namespace of a remote WordPress, which this interface is modelled on. */
  wp: 'wp/v2',
  /** The desktop app's private namespace: its session and connected sites. */
  desktop: 'inkwell/v1',
  oembed: 'oembed/1.0',
  contactForm: 'contact-form/v1',
  builder: 'builder/v1',
  seo: 'seo/v1',
  batch: 'batch/v1',
  /** Listed in the index (each with only its namespace route), as WordPress lists them. */
  siteHealth: 'site-health/v1',
  blockEditor: 'block-editor/v1',
  abilities: 'abilities/v1',
} as const;

/** The two content namespaces sync speaks, this interface's first. */
export const CONTENT_NAMESPACES = [NAMESPACES.cms, NAMESPACES.wp] as const;
export type ContentNamespace = (typeof CONTENT_NAMESPACES)[number];

declare const answer: unique symbol;
/** What a route answers, by method. */
export interface Answers {
  GET?: unknown;
  POST?: unknown;
  DELETE?: unknown;
}
/** A path of the site's API with its answers by method (a plain string answers what its caller names). */
export type ApiPath<A extends Answers> = string & { readonly [answer]?: A };
/** What a DELETE answers: with `force` the item gone, else the item in the trash. */
type Deleted<T> = T | { deleted: boolean; previous: T };

/** The rest bases of posts and pages, and of the taxonomies the editor uses. */
export type PostCollection = 'posts' | 'pages';
export type TermCollection = 'categories' | 'tags';
/** The rest base of each post type's routes. */
export const REST_BASES = { post: 'posts', page: 'pages', attachment: 'media' } as const;

/** The rest base of a post type's routes; other types' items are found under posts. */
export function restBase(type: string): string {
  return type === 'page' || type === 'attachment' ? REST_BASES[type] : REST_BASES.post;
}

/** An id, or a route pattern's id placeholder such as `(?P<id>[\d]+)`. */
type Id = number | string;

function path<A extends Answers>(...parts: readonly (string | number)[]): ApiPath<A> {
  return parts.join('/');
}

/** The `/namespace/...` form: a batch sub-request's path, a route's pattern, an index key. */
export function rooted(route: string): string {
  return `/${route.replace(/^\//, '')}`;
}

/** The routes of a content namespace: cms/v2 locally, cms/v2 or wp/v2 on a remote site. */
export function contentRoutes(namespace: string = NAMESPACES.cms) {
  return {
    namespace,
    posts: (collection: PostCollection | string) => path<{ GET: Post[]; POST: Post }>(namespace, collection),
    post: (collection: PostCollection | string, id: Id) => path<{ GET: Post; POST: Post; DELETE: Deleted<Post> }>(namespace, collection, id),
    revisions: (collection: PostCollection | string, id: Id) => path<{ GET: Revision[] }>(namespace, collection, id, 'revisions'),
    revision: (collection: PostCollection | string, id: Id, revisionId: Id) => path<{ GET: Revision; DELETE: Deleted<Revision> }>(namespace, collection, id, 'revisions', revisionId),
    /** POST answers the autosave, or the item itself when its author's draft is saved in place. */
    autosaves: (collection: PostCollection | string, id: Id) => path<{ GET: Revision[]; POST: Revision | Post }>(namespace, collection, id, 'autosaves'),
    autosave: (collection: PostCollection | string, id: Id, autosaveId: Id) => path<{ GET: Revision }>(namespace, collection, id, 'autosaves', autosaveId),
    mediaList: () => path<{ GET: MediaItem[]; POST: MediaItem }>(namespace, 'media'),
    media: (id: Id) => path<{ GET: MediaItem; POST: MediaItem; DELETE: Deleted<MediaItem> }>(namespace, 'media', id),
    mediaPostProcess: (id: Id) => path<{ POST: MediaItem }>(namespace, 'media', id, 'post-process'),
    mediaEdit: (id: Id) => path<{ POST: MediaItem }>(namespace, 'media', id, 'edit'),
    terms: (taxonomy: TermCollection | string) => path<{ GET: Term[]; POST: Term }>(namespace, taxonomy),
    term: (taxonomy: TermCollection | string, id: Id) => path<{ GET: Term; POST: Term; DELETE: Deleted<Term> }>(namespace, taxonomy, id),
    users: () => path<{ GET: User[] }>(namespace, 'users'),
    user: (id: Id) => path<{ GET: User }>(namespace, 'users', id),
    me: () => path<{ GET: User }>(namespace, 'users', 'me'),
    /** The site's content types (WordPress: those shown over REST), by slug; this interface has no such route. */
    types: () => path<{ GET: Record<string, { name: string; slug: string; rest_base?: string }> }>(namespace, 'types'),
    /** The site's settings; only those who may manage options read or change them. */
    settings: () => path<{ GET: SiteSettings; POST: SiteSettings }>(namespace, 'settings'),
  };
}

/** The index document, at `{api_root}` itself. */
export const indexApi = {
  index: () => path<{ GET: SiteIndex }>(),
};

/** The local site's content routes. */
export const api = contentRoutes(NAMESPACES.cms);

const desktop = NAMESPACES.desktop;
/** The desktop app's private routes. */
export const desktopApi = {
  namespace: desktop,
  session: () => path<{ POST: { login: string; password: string } }>(desktop, 'session'),
  discover: () => path<{ POST: FoundSite }>(desktop, 'discover'),
  sites: () => path<{ GET: ConnectedSite[]; POST: ConnectedSite }>(desktop, 'sites'),
  site: (id: string) => path<{ DELETE: unknown }>(desktop, 'sites', id),
  credentials: (id: string) => path<{ POST: ConnectedSite }>(desktop, 'sites', id, 'credentials'),
  /** The connected site's own settings (its `/wp/v2/settings`), read and changed with its account. */
  siteSettings: (id: string) => path<{ GET: SiteSettings; POST: SiteSettings }>(desktop, 'sites', id, 'settings'),
  copySession: (id: string) => path<{ POST: CopySession }>(desktop, 'sites', id, 'session'),
  /** An item's title and content drawn in the site's own look. */
  preview: (id: string) => path<{ POST: RemotePreview }>(desktop, 'sites', id, 'preview'),
  sync: (id: string) => path<{ POST: ConnectedSite; DELETE: unknown }>(desktop, 'sites', id, 'sync'),
  /** Server-sent events of the running sync. */
  syncProgress: (id: string) => path<{ GET: unknown }>(desktop, 'sites', id, 'sync', 'progress'),
  conflicts: (id: string) => path<{ GET: SyncConflict[] }>(desktop, 'sites', id, 'conflicts'),
  /** The remote's templates for posts or pages (`?type=`), asked of the remote. */
  templates: (id: string) => path<{ GET: SiteTemplate[] }>(desktop, 'sites', id, 'templates'),
  conflict: (id: string, conflictId: Id) => path<{ POST: { conflicts: SyncConflict[] } }>(desktop, 'sites', id, 'conflicts', conflictId),
  grants: () => path<{ POST: GrantStarted }>(desktop, 'grants'),
  grant: (id: string) => path<{ GET: GrantState }>(desktop, 'grants', id),
  /** Where a remote site's grant page sends the user back (an HTML page). */
  grantCallback: (id: string) => path<{ GET: unknown }>(desktop, 'grants', id, 'callback'),
};

export const oembedApi = {
  namespace: NAMESPACES.oembed,
  embed: () => path<{ GET: EmbedData }>(NAMESPACES.oembed, 'embed'),
  proxy: () => path<{ GET: EmbedData }>(NAMESPACES.oembed, 'proxy'),
};

export const batchApi = {
  namespace: NAMESPACES.batch,
  batch: <T>() => path<{ POST: { responses: BatchResult<T>[] } }>(NAMESPACES.batch),
};
