// The local copy's door (local-copy.ts) over a Site: reads from the store, writes through
// the site's own routes (dispatch, in process) as the copy's administrator, who writes what
// the remote's users wrote (their remote ids stay in sync's mapping).
import { createSite, type Site } from '../site.ts';
import type { DeploymentName } from '../site-context.ts';
import type { RequestUser, RestRequest } from '../rest/types.ts';
import type { ErrorBody } from '../../shared/site-types.ts';
import { getSettings, saveSettings } from '../content/settings.ts';
import { uniqueSlug } from '../../shared/slugs.ts';
import { checkPageParent } from '../content/post-writer.ts';
import { RestError } from '../rest/errors.ts';
import { publicUrl } from '../media/upload-dir.ts';
import { getUserByLogin } from '../store/users.ts';
import { childrenOf, getPost, getPostsByIds, termsOfPosts, updatePost } from '../store/posts.ts';
import { runPostQuery } from '../store/post-query.ts';
import { getTerm, knownTerms, listTerms, termSlugTaken } from '../store/terms.ts';
import { getMedia } from '../store/media.ts';
import { unsavedAutosave } from '../store/autosaves.ts';
import { api, REST_BASES, rooted } from '../../shared/api-routes.ts';
import { LocalWriteError, type LocalCopy, type LocalItem, type LocalItemKind, type LocalMedia, type LocalTerm, type LocalWriting, type NewMedia } from './local-copy.ts';

const WRITER_LOGIN = 'admin';

const TERM_ROUTES: Record<string, string> = { category: 'categories', post_tag: 'tags' };

type Call = Partial<Pick<RestRequest, 'body' | 'query' | 'headers' | 'rawBody'>>;

class SiteCopy implements LocalCopy {
  readonly writableStatuses: readonly string[];
  readonly metaKeys: readonly string[];
  private readonly user: RequestUser;

  constructor(readonly site: Site) {
    const { store, deployment } = site.context;
    const admin = getUserByLogin(store, WRITER_LOGIN);
    if (!admin) throw new Error(`The local copy has no "${WRITER_LOGIN}" user to write with.`);
    this.user = { id: admin.id, login: admin.login, role: admin.role };
    this.writableStatuses = deployment.writableStatuses;
    this.metaKeys = Object.keys(deployment.postMeta);
  }

  private get store() {
    return this.site.context.store;
  }

  private async call<T>(method: string, route: string, call: Call = {}): Promise<T> {
    const response = await this.site.dispatch({ method, path: rooted(route), query: {}, body: {}, headers: {}, ...call, user: this.user });
    if (response.status >= 400) throw new LocalWriteError((response.body as ErrorBody).message);
    return response.body as T;
  }

  item(id: number): LocalItem | undefined {
    return getPost(this.store, id);
  }

  writing(id: number): LocalWriting | undefined {
    const row = getPost(this.store, id);
    if (!row) return undefined;
    const terms = termsOfPosts(this.store, [id]).get(id) ?? {};
    // In one order always: sync keeps it as text, and equal writing must read the same.
    return {
      type: row.type, status: row.status, status_before_trash: row.status_before_trash, parent: row.parent, slug: row.slug,
      title: row.title, content: row.content, excerpt: row.excerpt, password: row.password, comment_status: row.comment_status,
      ping_status: row.ping_status, format: row.format, sticky: row.sticky === 1, template: row.template, menu_order: row.menu_order,
      featured_media: row.featured_media, meta: JSON.parse(row.meta || '{}') as Record<string, unknown>,
      date_gmt: row.date_floating ? null : row.date_gmt,
      categories: [...(terms.category ?? [])].sort((a, b) => a - b), tags: [...(terms.post_tag ?? [])].sort((a, b) => a - b),
    };
  }

  items(kind: LocalItemKind, statuses: readonly string[]): LocalItem[] {
    const { ids } = runPostQuery(this.store, {
      type: kind, statuses: [...statuses, 'trash'],
      orderby: 'id', order: 'asc', limit: Number.MAX_SAFE_INTEGER, offset: 0,
    });
    return getPostsByIds(this.store, ids);
  }

  childPages(id: number): LocalItem[] {
    return childrenOf(this.store, id, 'page');
  }

  unsavedAutosave(item: LocalItem): LocalItem | undefined {
    return unsavedAutosave(this.store, item);
  }

  read<T>(kind: LocalItemKind, id: number): Promise<T> {
    return this.call<T>('GET', api.post(REST_BASES[kind], id), { query: { context: 'edit' } });
  }

  async save(kind: LocalItemKind, fields: Record<string, unknown>, id?: number): Promise<number> {
    const route = id === undefined ? api.posts(REST_BASES[kind]) : api.post(REST_BASES[kind], id);
    return (await this.call<{ id: number }>('POST', route, { body: fields })).id;
  }

  async trash(kind: LocalItemKind, id: number): Promise<void> {
    await this.call('DELETE', api.post(REST_BASES[kind], id));
  }

  async remove(kind: LocalItemKind, id: number): Promise<void> {
    await this.call('DELETE', api.post(REST_BASES[kind], id), { query: { force: true } });
  }

  keepModified(id: number, modified: string, modifiedGmt: string): void {
    // Only the two dates: the write before it went through the routes, with all their rules.
    updatePost(this.store, id, { modified, modified_gmt: modifiedGmt });
  }

  linkParent(id: number, parentId: number): void {
    try {
      checkPageParent(this.site.context, parentId, id);
    } catch (error) {
      if (error instanceof RestError) throw new LocalWriteError(error.message);
      throw error;
    }
    updatePost(this.store, id, { parent: parentId });
  }

  knownTerms(taxonomy: string, ids: readonly number[]): number[] {
    return knownTerms(this.store, taxonomy, ids);
  }

  term(taxonomy: string, id: number): LocalTerm | undefined {
    return getTerm(this.store, id, taxonomy);
  }

  termBySlug(taxonomy: string, slug: string): LocalTerm | undefined {
    return listTerms(this.store, { taxonomy, slugs: [slug], orderby: 'id', order: 'asc', limit: 1, offset: 0 }).rows[0];
  }

  async addTerm(taxonomy: string, term: Omit<LocalTerm, 'id' | 'taxonomy'>): Promise<number> {
    // The route refuses a slug that is taken when one is asked for: ask for a free one.
    const slug = uniqueSlug(term.slug, (candidate) => termSlugTaken(this.store, taxonomy, candidate));
    const body: Record<string, unknown> = { name: term.name, slug, description: term.description };
    if (term.parent) body.parent = term.parent;
    return (await this.call<{ id: number }>('POST', api.terms(TERM_ROUTES[taxonomy]), { body })).id;
  }

  media(id: number): LocalMedia | undefined {
    const files = getMedia(this.store, id);
    const item = getPost(this.store, id);
    return files && item ? { item, files } : undefined;
  }

  mediaFile(path: string): Promise<Buffer<ArrayBuffer>> {
    return this.site.context.media.read(path);
  }

  mediaUrl(path: string): string {
    return publicUrl(this.site.context.urls.base, path);
  }

  async addMedia(file: NewMedia): Promise<number> {
    return (await this.call<{ id: number }>('POST', api.mediaList(), {
      rawBody: file.bytes,
      headers: { 'content-disposition': `attachment; filename="${file.fileName}"`, 'content-type': file.contentType },
      query: { title: file.title, alt_text: file.altText },
    })).id;
  }

  async keepSiteDetails({ name, timezone }: { name: string; timezone: string }): Promise<void> {
    const settings = getSettings(this.store);
    if (settings.name === name && settings.timezone_string === timezone) return;
    await this.call('POST', api.settings(), { body: { title: name, timezone } });
  }

  close(): void {
    this.site.close();
  }
}

/** Opens the copy in this process, without a server; `baseUrl` shapes its links and media URLs. */
export function openLocalCopy(dataDir: string, deployment: DeploymentName, baseUrl: string): LocalCopy {
  return new SiteCopy(createSite({ dataDir, deployment, baseUrl, remoteCopy: true }));
}

/** A new copy takes the remote's name and time zone (site settings have no route: the domain's settings writer). */
export function createLocalCopy(dataDir: string, deployment: DeploymentName, baseUrl: string, remote: { name: string; timezone: string }): void {
  const copy = new SiteCopy(createSite({ dataDir, deployment, baseUrl, remoteCopy: true }));
  try {
    const { store } = copy.site.context;
    saveSettings(store, { ...getSettings(store), name: remote.name, timezone_string: remote.timezone });
  } finally {
    copy.close();
  }
}

/** The site behind a copy, for tests that look at it from outside; sync itself never reaches past the door. */
export function siteOf(copy: LocalCopy): Site {
  if (!(copy instanceof SiteCopy)) throw new Error('Not a local copy opened here.');
  return copy.site;
}
