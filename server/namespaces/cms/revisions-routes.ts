// Revisions (read, delete with force) and autosaves (list, create, read) of posts, pages and synced patterns.
import type { ArgSchema, HandlerContext, Route } from '../../rest/types.ts';
import { argSchemas, endpoint, pathArg, type ArgsContext } from '../../rest/typed-args.ts';
import { api as cms, NAMESPACES, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { RestError, forbidden } from '../../rest/errors.ts';
import { respond } from '../../rest/response.ts';
import { pagingHeaders, totalPages } from '../../rest/paging.ts';
import { versionHeaders } from '../../rest/conditional.ts';
import { canEditPost, canDeletePost } from '../../content/post-permissions.ts';
import { autosavesOf, getPost, getPostsByIds, deletePost, updatePost, type PostRow } from '../../store/posts.ts';
import { runPostQuery } from '../../store/post-query.ts';
import { trimToContext } from '../../content/post-view.ts';
import { postLink } from '../../content/permalinks.ts';
import { renderContent, renderExcerpt, renderTitle } from '../../content/render.ts';
import { saveAutosave } from '../../content/revisions.ts';
import { siteLocalDate } from '../../content/settings.ts';
import { updateExistingPost } from '../../content/post-writer.ts';
import { filterPostText } from '../../content/markup-filter.ts';
import { postNoun, postWriteArgs, type Context, type PostType } from '../../content/post-schema.ts';
import { contextArg, pagingArgs } from './collection-args.ts';
import { checkPostPreconditions, ID_PATTERN, postTypeApi, requireUser } from './posts-routes.ts';
import { postVersion } from '../../content/post-version.ts';
import { schemaDocument } from '../../rest/index-doc.ts';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];

/**
 * A revision's fields, as WordPress's revisions controller takes them from its parent's schema: a
 * synced pattern (`wp_block`) has no excerpt, and its raw title and content are read in view too
 * (its rendered ones are still sent, as WordPress sends fields its schema does not name).
 */
export function revisionSchema(kind: 'revision' | 'autosave', type: PostType = 'post'): Record<string, ArgSchema> {
  const rawRendered = (contexts: string[]): ArgSchema => ({
    type: 'object',
    context: contexts,
    properties: { raw: { type: 'string', context: ['edit'] }, rendered: { type: 'string', context: contexts } },
  });
  if (type === 'wp_block') {
    const { excerpt: _none, ...fields } = revisionSchema(kind);
    const rawOnly = (contexts: string[]): ArgSchema => ({ type: 'object', context: contexts, properties: { raw: { type: 'string', context: VIEW_EDIT } } });
    return { ...fields, title: rawOnly(ALL), content: rawOnly(VIEW_EDIT) };
  }
  return {
    author: { type: 'integer', context: ALL },
    date: { type: 'string', context: ALL },
    date_gmt: { type: 'string', context: VIEW_EDIT },
    guid: rawRendered(VIEW_EDIT),
    id: { type: 'integer', context: ALL },
    modified: { type: 'string', context: VIEW_EDIT },
    modified_gmt: { type: 'string', context: VIEW_EDIT },
    parent: { type: 'integer', context: ALL },
    slug: { type: 'string', context: ALL },
    title: rawRendered(ALL),
    content: rawRendered(VIEW_EDIT),
    excerpt: rawRendered(ALL),
    ...(kind === 'autosave' ? { preview_link: { type: 'string', context: ['edit'] } } : {}),
  };
}

const PARENT_PATTERN = '(?P<parent>[\\d]+)';
const parentArg = (what: string) => ({ description: `The ID for the parent of the ${what}.`, type: 'integer' }) as const satisfies ArgSchema;

export function revisionRoutes(site: SiteContext, type: PostType): Route[] {
  const api = postTypeApi(site, type);
  const schemas = { revision: revisionSchema('revision', type), autosave: revisionSchema('autosave', type) };

  const present = (revision: PostRow, context: Context, kind: 'revision' | 'autosave') => {
    const parentUrl = `${site.urls.apiRoot}${cms.post(api.base, revision.parent)}`;
    const guid = `${site.urls.base}/?p=${revision.id}`;
    const item: Record<string, unknown> = {
      author: revision.author, date: siteLocalDate(site.store, revision.date_gmt, revision.date), date_gmt: revision.date_gmt,
      guid: { rendered: guid, raw: guid },
      id: revision.id, modified: siteLocalDate(site.store, revision.modified_gmt, revision.modified), modified_gmt: revision.modified_gmt,
      parent: revision.parent, slug: revision.slug,
      title: { raw: revision.title, rendered: revision.title_rendered },
      content: { raw: revision.content, rendered: revision.content_rendered },
      ...('excerpt' in schemas[kind] ? { excerpt: { raw: revision.excerpt, rendered: revision.excerpt_rendered } } : {}),
    };
    if (kind === 'autosave' && revision.type !== 'revision') {
      // An author's draft autosaved in place: the preview of the item itself.
      const link = postLink(site, revision);
      item.preview_link = `${link}${link.includes('?') ? '&' : '?'}preview=true`;
    } else if (kind === 'autosave') {
      const parent = getPost(site.store, revision.parent);
      const link = parent ? postLink(site, parent) : site.urls.base;
      item.preview_link = `${link}${link.includes('?') ? '&' : '?'}preview=true&preview_id=${revision.parent}&autosave_id=${revision.id}`;
    }
    if (revision.parent > 0) item._links = { parent: [{ href: parentUrl }] };
    return trimToContext(item, schemas[kind], context);
  };

  const loadParentOnly = (id: number): PostRow => {
    const parent = getPost(site.store, id);
    if (!parent || parent.type !== type) throw new RestError('rest_post_invalid_parent', 'Invalid post parent ID.', 404);
    return parent;
  };

  /** The parent item, which the user must be allowed to edit to see its history. */
  const loadParent = (ctx: HandlerContext, id: number, what: string): PostRow => {
    const parent = loadParentOnly(id);
    if (!canEditPost(ctx.user, parent)) {
      throw forbidden('rest_cannot_read', `Sorry, you are not allowed to view ${what} of this post.`, !!ctx.user);
    }
    return parent;
  };

  const loadRevision = (id: number, parent: PostRow, autosave: boolean): PostRow => {
    const revision = getPost(site.store, id);
    if (!revision || revision.type !== 'revision' || revision.autosave !== (autosave ? 1 : 0)) {
      throw new RestError('rest_post_invalid_id', autosave ? 'Invalid autosave ID.' : 'Invalid revision ID.', 404);
    }
    if (revision.parent !== parent.id) {
      throw new RestError('rest_revision_parent_id_mismatch', 'The revision does not belong to the specified parent.', 404);
    }
    return revision;
  };

  const listArgs = argSchemas({
    parent: pathArg(parentArg('revision')),
    context: contextArg(),
    page: pagingArgs.page,
    per_page: { description: pagingArgs.per_page.description, type: 'integer', minimum: 1, maximum: 100 },
    search: pagingArgs.search,
    exclude: { description: 'Ensure result set excludes specific IDs.', type: 'array', items: { type: 'integer' }, default: [] },
    include: { description: 'Limit result set to specific IDs.', type: 'array', items: { type: 'integer' }, default: [] },
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer' },
    order: { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'desc', enum: ['asc', 'desc'] },
    orderby: {
      description: 'Sort collection by object attribute.',
      type: 'string',
      default: 'date',
      enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'],
    },
  });
  const revisionId = pathArg({ description: 'Unique identifier for the revision.', type: 'integer' });
  const readArgs = argSchemas({ parent: pathArg(parentArg('revision')), id: revisionId, context: contextArg() });
  const deleteArgs = argSchemas({
    parent: pathArg(parentArg('revision')),
    id: revisionId,
    force: { type: 'boolean', default: false, description: 'Required to be true, as revisions do not support trashing.' },
  });
  // The autosaves' collection names its parent `id` in the pattern and leaves it undeclared (so it is the URL's text).
  const autosavesArgs = argSchemas({ parent: parentArg('autosave'), context: contextArg() });
  const createAutosaveArgs = { parent: parentArg('autosave'), ...postWriteArgs(api.schema) };
  const readAutosaveArgs = argSchemas({
    parent: pathArg(parentArg('autosave')),
    id: pathArg({ description: 'The ID for the autosave.', type: 'integer' }),
    context: contextArg(),
  });

  /** The parent the URL's `key` names, which the user must be allowed to edit. */
  const mayEditParent = (what: string, key = 'parent') => (ctx: HandlerContext) => {
    loadParent(ctx, Number(ctx.params[key]), what);
  };
  // The reference API's order: the parent, the right to delete it, then the right to edit it.
  const mayDeleteRevision = (ctx: HandlerContext) => {
    const parent = loadParentOnly(Number(ctx.params.parent));
    if (!canDeletePost(ctx.user, parent)) {
      throw forbidden('rest_cannot_delete', 'Sorry, you are not allowed to delete revisions of this post.', !!ctx.user);
    }
    loadParent(ctx, parent.id, 'revisions');
  };
  // The reference API's order: the item, the right to edit it, signed in.
  const mayAutosave = (ctx: HandlerContext) => {
    const parent = api.load(Number(ctx.params.id));
    if (!canEditPost(ctx.user, parent)) throw forbidden('rest_cannot_edit', `Sorry, you are not allowed to edit this ${postNoun(type)}.`, !!ctx.user);
    requireUser(ctx);
  };

  const listRevisions = (ctx: ArgsContext<typeof listArgs>) => {
    const parent = loadParentOnly(ctx.params.parent);
    const { params } = ctx;
    const search = typeof params.search === 'string' ? params.search : '';
    if (params.orderby === 'relevance' && search === '') {
      throw new RestError('rest_no_search_term_defined', 'You need to define a search term to order by relevance.', 400);
    }
    if (params.orderby === 'include' && params.include.length === 0) {
      throw new RestError('rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.', 400);
    }
    const perPage = params.per_page ?? 100_000;
    const { page, offset } = params;
    const { ids, total } = runPostQuery(site.store, {
      type: 'revision',
      statuses: ['inherit'],
      parents: [parent.id],
      search: search !== '' ? { text: search, columns: [], exact: false } : undefined,
      include: params.include,
      exclude: params.exclude,
      orderby: params.orderby,
      order: params.order,
      limit: perPage,
      offset: offset ?? (page - 1) * perPage,
      autosave: false,
    });
    // The reference API's checks and codes for revisions: an offset past the end, else a page past the last.
    if (total > 0 && (offset ?? 0) >= total) {
      throw new RestError('rest_revision_invalid_offset_number', 'The offset number requested is larger than or equal to the number of available revisions.', 400);
    }
    if (total > 0 && !offset && page > totalPages(total, perPage)) {
      throw new RestError('rest_revision_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);
    }
    const body = getPostsByIds(site.store, ids).map((row) => present(row, params.context, 'revision'));
    return respond(body, 200, pagingHeaders(ctx.request, site.urls.apiRoot, page, total, perPage));
  };

  const readRevision = (ctx: ArgsContext<typeof readArgs>) => {
    const parent = loadParentOnly(ctx.params.parent);
    return present(loadRevision(ctx.params.id, parent, false), ctx.params.context, 'revision');
  };

  const deleteRevision = (ctx: ArgsContext<typeof deleteArgs>) => {
    const parent = loadParentOnly(ctx.params.parent);
    const revision = loadRevision(ctx.params.id, parent, false);
    if (ctx.params.force !== true) {
      throw new RestError('rest_trash_not_supported', "Revisions do not support trashing. Set 'force=true' to delete.", 501);
    }
    const previous = present(revision, 'edit', 'revision');
    // The parent's answer counts its revisions, so it gets a new version (ETag) too.
    site.store.transaction(() => {
      deletePost(site.store, revision.id);
      updatePost(site.store, parent.id, {});
    });
    return { deleted: true, previous };
  };

  const listAutosaves = (ctx: ArgsContext<typeof autosavesArgs>) => {
    const parent = loadParentOnly(Number(ctx.params.id));
    return autosavesOf(site.store, parent.id).map((row) => present(row, ctx.params.context, 'autosave'));
  };

  /**
   * Preconditions name the parent as the client read it, as an update's do; the answer carries
   * the parent's version after the autosave, for the client's next write.
   */
  const createAutosave = (ctx: ArgsContext<typeof createAutosaveArgs>) => site.store.writeTransaction(() => {
    const parent = api.load(Number(ctx.params.id));
    const user = requireUser(ctx);
    checkPostPreconditions(api, ctx, parent);
    // The author's own draft is saved in place, as an autosave, so without a revision (as the
    // reference API); anything else keeps one autosave per user.
    if (parent.status === 'draft' && parent.author === user.id) {
      const saved = updateExistingPost(site, parent, user, ctx.params, ctx.sent, { revision: false });
      // The answer is the item itself, now changed: its new version lets the writer's next save carry a precondition.
      return respond(present(saved, 'edit', 'autosave'), 200, versionHeaders(postVersion(saved)));
    }
    const text = (name: 'title' | 'content' | 'excerpt') => {
      const value = ctx.params[name];
      if (value === undefined) return parent[name];
      return filterPostText(user, name, value);
    };
    const title = text('title');
    const content = text('content');
    const excerpt = text('excerpt');
    const autosave = saveAutosave(site, parent, user.id, {
      title, content, excerpt,
      title_rendered: renderTitle(title), content_rendered: renderContent(content), excerpt_rendered: renderExcerpt(excerpt, content),
    });
    return respond(present(autosave, 'edit', 'autosave'), 200, versionHeaders(postVersion(parent)));
  });

  const readAutosave = (ctx: ArgsContext<typeof readAutosaveArgs>) => {
    const parent = loadParentOnly(ctx.params.parent);
    return present(loadRevision(ctx.params.id, parent, true), ctx.params.context, 'autosave');
  };

  return [
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.revisions(api.base, PARENT_PATTERN)),
      schema: () => schemaDocument(`${type}-revision`, schemas.revision),
      endpoints: [endpoint({ methods: ['GET'], handler: listRevisions, permission: mayEditParent('revisions'), args: listArgs })],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.revision(api.base, PARENT_PATTERN, ID_PATTERN)),
      schema: () => schemaDocument(`${type}-revision`, schemas.revision),
      endpoints: [
        endpoint({ methods: ['GET'], handler: readRevision, args: readArgs, permission: mayEditParent('revisions') }),
        endpoint({ methods: ['DELETE'], handler: deleteRevision, permission: mayDeleteRevision, args: deleteArgs }),
      ],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.autosaves(api.base, ID_PATTERN)),
      schema: () => schemaDocument(`${type}-revision`, schemas.autosave),
      endpoints: [
        endpoint({ methods: ['GET'], handler: listAutosaves, args: autosavesArgs, permission: mayEditParent('autosaves', 'id') }),
        endpoint({ methods: ['POST'], handler: createAutosave, args: createAutosaveArgs, permission: mayAutosave }),
      ],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.autosave(api.base, PARENT_PATTERN, ID_PATTERN)),
      schema: () => schemaDocument(`${type}-revision`, schemas.autosave),
      endpoints: [endpoint({ methods: ['GET'], handler: readAutosave, permission: mayEditParent('autosaves'), args: readAutosaveArgs })],
    },
  ];
}
