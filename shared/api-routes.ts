// The route table of the site interface: every namespace's name and a typed path builder for
// every route a client of ours calls, each carrying the type of its answer. The server
// declares its route patterns from the same builders (given regex placeholders for the
// ids), so a path is written once, here. Paths are relative to `{api_root}`; `rooted()`
// gives the `/namespace/...` form of batch sub-requests and route patterns.
import type { CopySession, ConnectedSite, FoundSite, GrantStarted, GrantState, RemotePreview, SyncConflict } from './connected-sites.ts';
import type { BatchArgs, ContentArgs, DesktopArgs, IndexArgs, OembedArgs } from './site-args.generated.ts';
import type { ActiveTheme, BatchResult, BlockTemplate, EmbedData, MediaItem, Post, Revision, SiteIndex, SitePalette, SiteSettings, SiteTemplate, Term, ThemeGlobalStyles, User } from './site-types.ts';
import type { BlockPattern, PatternCategory, SitePatterns } from './block-patterns.ts';

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

declare const contract: unique symbol;
/** What a route answers, by method. */
export interface Answers {
  GET?: unknown;
  POST?: unknown;
  DELETE?: unknown;
}
/** One method of a route: the arguments it takes, as the server declares them, and what it answers. */
export interface Exchange<Args = unknown, Answer = unknown> {
  args: Args;
  answer: Answer;
}
export type Method = keyof Answers;
/** A route's methods; PUT and PATCH are POST's. */
export type Contract = { [M in Method]?: Exchange };
/** A path of the site's API from the table, with what it takes and answers by method. */
export type ApiPath<C extends Contract = Contract> = string & { readonly [contract]: C };
/** A path that is not in the table (another site's route, a test's literal): typed by no declaration. */
export type PlainPath = string & { readonly [contract]?: never };
/** A path answering `method`. */
export type PathFor<M extends Method> = ApiPath<{ [K in M]: Exchange }>;
type ContractOf<P> = P extends { readonly [contract]: infer C } ? C : never;
/** What `method` at path `P` answers. */
export type AnswerOf<P, M extends Method> = ContractOf<P> extends infer C ? (C extends { [K in M]: Exchange<unknown, infer A> } ? A : never) : never;
/** The arguments `method` at path `P` takes, by the server's declaration. */
export type ArgsOf<P, M extends Method> = ContractOf<P> extends infer C ? (C extends { [K in M]: Exchange<infer A, unknown> } ? A : never) : never;

/** A route's contract: its answers by method, each with the arguments the server declares for it. */
type Routed<A extends Answers, R extends { [M in keyof A]: unknown }> = { [M in keyof A & Method]: Exchange<R[M], A[M]> };
/** What a DELETE answers: with `force` the item gone, else the item in the trash. */
type Deleted<T> = T | { deleted: boolean; previous: T };

/** The rest bases of posts and pages, and of the taxonomies the editor uses. */
export type PostCollection = 'posts' | 'pages';
export type TermCollection = 'categories' | 'tags';
/** The rest base of each post type's routes (a synced pattern, `wp_block`, is under `blocks`, as WordPress's). */
export const REST_BASES = { post: 'posts', page: 'pages', attachment: 'media', wp_block: 'blocks' } as const;

/** The rest base of a post type's routes; other types' items are found under posts. */
export function restBase(type: string): string {
  return Object.hasOwn(REST_BASES, type) ? REST_BASES[type as keyof typeof REST_BASES] : REST_BASES.post;
}

/** An id, or a route pattern's id placeholder such as `(?P<id>[\d]+)`. */
type Id = number | string;

function path<A extends Answers, R extends { [M in keyof A]: unknown }>(...parts: readonly (string | number)[]): ApiPath<Routed<A, R>> {
  // The contract is a type only: the path is the plain string.
  return parts.join('/') as ApiPath<Routed<A, R>>;
}

/** The `/namespace/...` form: a batch sub-request's path, a route's pattern, an index key. */
export function rooted(route: string): string {
  return `/${route.replace(/^\//, '')}`;
}

/** The routes of a content namespace: cms/v2 locally, cms/v2 or wp/v2 on a remote site. */
export function contentRoutes(namespace: string = NAMESPACES.cms) {
  return {
    namespace,
    posts: (collection: PostCollection | string) => path<{ GET: Post[]; POST: Post }, ContentArgs['posts']>(namespace, collection),
    post: (collection: PostCollection | string, id: Id) => path<{ GET: Post; POST: Post; DELETE: Deleted<Post> }, ContentArgs['post']>(namespace, collection, id),
    revisions: (collection: PostCollection | string, id: Id) => path<{ GET: Revision[] }, ContentArgs['revisions']>(namespace, collection, id, 'revisions'),
    revision: (collection: PostCollection | string, id: Id, revisionId: Id) => path<{ GET: Revision; DELETE: Deleted<Revision> }, ContentArgs['revision']>(namespace, collection, id, 'revisions', revisionId),
    /** POST answers the autosave, or the item itself when its author's draft is saved in place. */
    autosaves: (collection: PostCollection | string, id: Id) => path<{ GET: Revision[]; POST: Revision | Post }, ContentArgs['autosaves']>(namespace, collection, id, 'autosaves'),
    autosave: (collection: PostCollection | string, id: Id, autosaveId: Id) => path<{ GET: Revision }, ContentArgs['autosave']>(namespace, collection, id, 'autosaves', autosaveId),
    mediaList: () => path<{ GET: MediaItem[]; POST: MediaItem }, ContentArgs['mediaList']>(namespace, 'media'),
    media: (id: Id) => path<{ GET: MediaItem; POST: MediaItem; DELETE: Deleted<MediaItem> }, ContentArgs['media']>(namespace, 'media', id),
    mediaPostProcess: (id: Id) => path<{ POST: MediaItem }, ContentArgs['mediaPostProcess']>(namespace, 'media', id, 'post-process'),
    mediaEdit: (id: Id) => path<{ POST: MediaItem }, ContentArgs['mediaEdit']>(namespace, 'media', id, 'edit'),
    terms: (taxonomy: TermCollection | string) => path<{ GET: Term[]; POST: Term }, ContentArgs['terms']>(namespace, taxonomy),
    term: (taxonomy: TermCollection | string, id: Id) => path<{ GET: Term; POST: Term; DELETE: Deleted<Term> }, ContentArgs['term']>(namespace, taxonomy, id),
    users: () => path<{ GET: User[] }, ContentArgs['users']>(namespace, 'users'),
    user: (id: Id) => path<{ GET: User }, ContentArgs['user']>(namespace, 'users', id),
    me: () => path<{ GET: User }, ContentArgs['me']>(namespace, 'users', 'me'),
    /** The site's content types (WordPress: those shown over REST), by slug; this interface has no such route. */
    types: () => path<{ GET: Record<string, { name: string; slug: string; rest_base?: string }> }, ContentArgs['types']>(namespace, 'types'),
    /** A block theme's templates (`?post_type=`), shown only to accounts that may edit the theme (WordPress; this interface has no such route). */
    templates: () => path<{ GET: BlockTemplate[] }, ContentArgs['templates']>(namespace, 'templates'),
    /** The site's themes (`?status=active`: the active one, which any writer may read); WordPress, this interface has no such route. */
    themes: () => path<{ GET: ActiveTheme[] }, ContentArgs['themes']>(namespace, 'themes'),
    /** A theme's theme.json, shown only to accounts that may edit the theme (WordPress 6.1; this interface has no such route). */
    themeGlobalStyles: (stylesheet: string) => path<{ GET: ThemeGlobalStyles }, ContentArgs['themeGlobalStyles']>(namespace, 'global-styles', 'themes', stylesheet),
    /** The block patterns the site lends its editors (WordPress 6.0+, to accounts that may edit posts; this interface has no such route). */
    blockPatterns: () => path<{ GET: BlockPattern[] }, ContentArgs['blockPatterns']>(namespace, 'block-patterns', 'patterns'),
    /** The categories of those patterns (WordPress 6.0+; this interface has no such route). */
    blockPatternCategories: () => path<{ GET: PatternCategory[] }, ContentArgs['blockPatternCategories']>(namespace, 'block-patterns', 'categories'),
    /** The site's settings; only those who may manage options read or change them. */
    settings: () => path<{ GET: SiteSettings; POST: SiteSettings }, ContentArgs['settings']>(namespace, 'settings'),
  };
}

/** The index document, at `{api_root}` itself. */
export const indexApi = {
  index: () => path<{ GET: SiteIndex }, IndexArgs['index']>(),
};

/** The local site's content routes. */
export const api = contentRoutes(NAMESPACES.cms);

const desktop = NAMESPACES.desktop;
/** The desktop app's private routes. */
export const desktopApi = {
  namespace: desktop,
  session: () => path<{ POST: { login: string; password: string } }, DesktopArgs['session']>(desktop, 'session'),
  discover: () => path<{ POST: FoundSite }, DesktopArgs['discover']>(desktop, 'discover'),
  sites: () => path<{ GET: ConnectedSite[]; POST: ConnectedSite }, DesktopArgs['sites']>(desktop, 'sites'),
  site: (id: string) => path<{ GET: ConnectedSite; DELETE: unknown }, DesktopArgs['site']>(desktop, 'sites', id),
  credentials: (id: string) => path<{ POST: ConnectedSite }, DesktopArgs['credentials']>(desktop, 'sites', id, 'credentials'),
  /** The connected site's own settings (its `/wp/v2/settings`), read and changed with its account. */
  siteSettings: (id: string) => path<{ GET: SiteSettings; POST: SiteSettings }, DesktopArgs['siteSettings']>(desktop, 'sites', id, 'settings'),
  copySession: (id: string) => path<{ POST: CopySession }, DesktopArgs['copySession']>(desktop, 'sites', id, 'session'),
  /** The local copy's synced pattern for each of the site's (remote id → local id), as sync mapped them. */
  patternIds: (id: string) => path<{ GET: Record<string, number> }, DesktopArgs['patternIds']>(desktop, 'sites', id, 'pattern-ids'),
  /** An item's title and content drawn in the site's own look. */
  preview: (id: string) => path<{ POST: RemotePreview }, DesktopArgs['preview']>(desktop, 'sites', id, 'preview'),
  sync: (id: string) => path<{ POST: ConnectedSite; DELETE: unknown }, DesktopArgs['sync']>(desktop, 'sites', id, 'sync'),
  /** Server-sent events of the running sync. */
  syncProgress: (id: string) => path<{ GET: unknown }, DesktopArgs['syncProgress']>(desktop, 'sites', id, 'sync', 'progress'),
  conflicts: (id: string) => path<{ GET: SyncConflict[] }, DesktopArgs['conflicts']>(desktop, 'sites', id, 'conflicts'),
  /** The remote's templates for posts or pages (`?type=`), asked of the remote. */
  templates: (id: string) => path<{ GET: SiteTemplate[] }, DesktopArgs['templates']>(desktop, 'sites', id, 'templates'),
  /** The colour palette of the remote's theme, asked of the remote. */
  palette: (id: string) => path<{ GET: SitePalette }, DesktopArgs['palette']>(desktop, 'sites', id, 'palette'),
  /** The block patterns the remote lends, asked of the remote (none where it has none). */
  patterns: (id: string) => path<{ GET: SitePatterns }, DesktopArgs['patterns']>(desktop, 'sites', id, 'patterns'),
  conflict: (id: string, conflictId: Id) => path<{ POST: { conflicts: SyncConflict[] } }, DesktopArgs['conflict']>(desktop, 'sites', id, 'conflicts', conflictId),
  grants: () => path<{ POST: GrantStarted }, DesktopArgs['grants']>(desktop, 'grants'),
  grant: (id: string) => path<{ GET: GrantState }, DesktopArgs['grant']>(desktop, 'grants', id),
  /** Where a remote site's grant page sends the user back (an HTML page). */
  grantCallback: (id: string) => path<{ GET: unknown }, DesktopArgs['grantCallback']>(desktop, 'grants', id, 'callback'),
};

export const oembedApi = {
  namespace: NAMESPACES.oembed,
  embed: () => path<{ GET: EmbedData }, OembedArgs['embed']>(NAMESPACES.oembed, 'embed'),
  proxy: () => path<{ GET: EmbedData }, OembedArgs['proxy']>(NAMESPACES.oembed, 'proxy'),
};

export const batchApi = {
  namespace: NAMESPACES.batch,
  /** Each result is what its sub-request's route answers: `SiteClient.batch` types them by the sub-requests. */
  batch: () => path<{ POST: { responses: BatchResult[] } }, BatchArgs['batch']>(NAMESPACES.batch),
};
