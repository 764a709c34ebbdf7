// Routes of posts and pages: the collection (list, create) and the item (read, update,
// delete), declared as data with their arguments from the item schema.
import type { HandlerContext, RequestUser, Route } from '../../rest/types.ts';
import { argSchemas, endpoint, pathArg, type ArgsContext } from '../../rest/typed-args.ts';
import { api as cms, NAMESPACES, REST_BASES, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { RestError, forbidden } from '../../rest/errors.ts';
import { respond } from '../../rest/response.ts';
import { assertPageInRange, pagingHeaders } from '../../rest/paging.ts';
import { checkWritePreconditions, versionHeaders } from '../../rest/conditional.ts';
import { schemaDocument } from '../../rest/index-doc.ts';
import { can, canReadType, createCapability } from '../../auth/capabilities.ts';
import { getPostsByIds, viewPost, revisionSummaries, termsOfPosts, type PostRow, type PostTerms, type RevisionSummary } from '../../store/posts.ts';
import { runPostQuery } from '../../store/post-query.ts';
import { postItemSchema, postNoun, postWriteArgs, type Context, type PostType, type PostWriteParams } from '../../content/post-schema.ts';
import { postItem, trimToContext } from '../../content/post-view.ts';
import {
  assertCanDelete, assertCanEdit, assertCanRead, canEditPost, canReadPost, canSeeProtected, passwordMatches,
} from '../../content/post-permissions.ts';
import { createPostRecord, deletePostForever, trashPost, updateExistingPost } from '../../content/post-writer.ts';
import { postVersion } from '../../content/post-version.ts';
import { collectionArgs, contextArg, type CollectionKind, type CollectionParams } from './collection-args.ts';
import { buildListQuery, listPermission } from './list-query.ts';
import { onItem } from '../../rest/permissions.ts';

export const ID_PATTERN = '(?P<id>[\\d]+)';

export function requireUser(ctx: HandlerContext): RequestUser {
  if (!ctx.user) throw new RestError('rest_not_logged_in', 'You are not currently logged in.', 401);
  return ctx.user;
}

export interface PostTypeApi {
  type: PostType;
  base: string;
  schema: ReturnType<typeof postItemSchema>;
  /** Reads an item of this type or answers 404: the kept row itself (viewPost), not to be changed. */
  load(id: number): Readonly<PostRow>;
  /** The item in the given context, trimmed by the schema. */
  present(post: PostRow, options: {
    context: Context; user: RequestUser | null; password?: unknown; excerptLength?: number;
    terms?: PostTerms; revisions?: RevisionSummary;
  }): Record<string, unknown>;
}

export function postTypeApi(site: SiteContext, type: PostType): PostTypeApi {
  const schema = postItemSchema(type, site.deployment, site.pageTemplates);
  return {
    type,
    base: REST_BASES[type],
    schema,
    load(id) {
      const post = viewPost(site.store, id);
      if (!post || post.type !== type) throw new RestError('rest_post_invalid_id', 'Invalid post ID.', 404);
      return post;
    },
    present(post, options) {
      const terms = options.terms ?? (type === 'post' ? termsOfPosts(site.store, [post.id]).get(post.id) : undefined);
      const item = postItem(site, post, {
        context: options.context,
        showProtected: canSeeProtected(options.user, post, options.password, options.context),
        excerptLength: options.excerptLength,
        terms,
        revisions: options.revisions,
      });
      return trimToContext(item, schema, options.context);
    },
  };
}

/** A list route's handler: query, page check, items, paging headers. */
/** `ahead`: the ids of the next pages, to be read with this one's when they must be read (runPostQuery). */
export function listHandler(site: SiteContext, kind: CollectionKind, present: (posts: PostRow[], ctx: HandlerContext<CollectionParams>, ahead: readonly number[]) => unknown[]) {
  return (ctx: HandlerContext<CollectionParams>) => {
    const { params, user } = ctx;
    const query = buildListQuery(site, kind, params, user, site.deployment.filterStatuses);
    // Of a type the user may read nothing of (a synced pattern for a visitor), the list is empty.
    const { ids, total, ahead } = canReadType(user, kind) ? runPostQuery(site.store, query) : { ids: [], total: 0, ahead: [] };
    assertPageInRange(params.page, total, query.limit);
    // The query leaves out what the user may not see; this check keeps that true whatever the query says.
    const { context } = params;
    const shown = getPostsByIds(site.store, ids, ahead).filter((post) => canReadPost(user, post, site.store) && (context !== 'edit' || canEditPost(user, post)));
    const body = present(shown, ctx, ahead);
    return respond(body, 200, pagingHeaders(ctx.request, site.urls.apiRoot, params.page, total, query.limit));
  };
}

/**
 * Object properties a client leaves out are filled with their defaults by validation; for
 * `meta`, only the keys the client sent may change (the others keep their stored values).
 */
function withSentMeta(ctx: HandlerContext<PostWriteParams>): PostWriteParams {
  const { params } = ctx;
  const raw = ctx.request.body?.meta ?? ctx.request.query.meta;
  const meta = params.meta;
  if (typeof meta !== 'object' || meta === null || typeof raw !== 'object' || raw === null) return params;
  return Object.assign({}, params, { meta: Object.fromEntries(Object.entries(meta).filter(([key]) => key in raw)) });
}

/** 412 unless the request's preconditions hold for the post as stored; the 412 shows it as the writer may edit it. */
export function checkPostPreconditions(api: PostTypeApi, ctx: HandlerContext, post: PostRow): void {
  checkWritePreconditions(ctx.request, postVersion(post), () => api.present(post, { context: 'edit', user: ctx.user }));
}

function itemResponse(api: PostTypeApi, post: PostRow, user: RequestUser | null, status = 200, extra: Record<string, string> = {}) {
  // Added to, not spread: dispatch adds Allow, and a spread copy added to gets maps of its own (post-view.ts).
  return respond(api.present(post, { context: 'edit', user }), status, Object.assign(versionHeaders(postVersion(post)), extra));
}

export function postRoutes(site: SiteContext, type: PostType): Route[] {
  const api = postTypeApi(site, type);
  const noun = postNoun(type);
  const itemArgs = postWriteArgs(api.schema);
  const collectionPath = rooted(cms.posts(api.base));
  const id = pathArg({ description: `Unique identifier for the ${noun}.`, type: 'integer' });
  const readArgs = argSchemas({
    id,
    context: contextArg(),
    excerpt_length: { description: 'Override the default excerpt length.', type: 'integer' },
    password: { description: `The password for the ${noun} if it is password protected.`, type: 'string' },
  });
  const updateArgs = { id, ...itemArgs };
  const deleteArgs = argSchemas({ id, force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.' } });

  const list = listHandler(site, type, (posts, ctx, ahead) => {
    const ids = posts.map((post) => post.id);
    const terms = type === 'post' ? termsOfPosts(site.store, ids, ahead) : undefined;
    const revisions = revisionSummaries(site.store, ids, ahead);
    const { context } = ctx.params;
    return posts.map((post) => api.present(post, { context, user: ctx.user, terms: terms?.get(post.id), revisions: revisions.get(post.id) }));
  });

  const create = (ctx: HandlerContext) => {
    const user = ctx.user;
    const { post, terms, revisions } = createPostRecord(site, type, user!, withSentMeta(ctx), ctx.sent);
    const body = api.present(post, { context: 'edit', user, terms, revisions });
    return respond(body, 201, Object.assign(versionHeaders(postVersion(post)), { location: `${site.urls.apiRoot}${cms.post(api.base, post.id)}` }));
  };

  // The reference API's order: a body that names an id, then the right to create.
  const mayCreate = (ctx: HandlerContext) => {
    if (ctx.request.body?.id !== undefined) throw new RestError('rest_post_exists', 'Cannot create existing post.', 400);
    if (!can(ctx.user, createCapability(type))) {
      throw forbidden('rest_cannot_create', `Sorry, you are not allowed to create ${noun}s as this user.`, !!ctx.user);
    }
  };

  // The reference API's order: edit context, then a wrong password (whoever asks), then the right to read.
  const mayRead = onItem(api.load, ({ params, user }, post) => {
    if (params.context === 'edit' && !canEditPost(user, post)) {
      throw forbidden('rest_forbidden_context', `Sorry, you are not allowed to edit this ${noun}.`, !!user);
    }
    if (typeof params.password === 'string' && params.password !== '' && !passwordMatches(post, params.password)) {
      throw new RestError('rest_post_incorrect_password', 'Incorrect post password.', 403);
    }
    assertCanRead(user, post, site.store);
  });

  const read = (ctx: ArgsContext<typeof readArgs>) => {
    const { params, user } = ctx;
    const post = api.load(params.id);
    const { context } = params;
    const body = api.present(post, { context, user, password: params.password, excerptLength: params.excerpt_length });
    return respond(body, 200, versionHeaders(postVersion(post)));
  };

  // Read, precondition and write in one write transaction: a second writer reads the first one's result.
  const update = (ctx: ArgsContext<typeof updateArgs>) => site.store.writeTransaction(() => {
    const post = api.load(ctx.params.id);
    checkPostPreconditions(api, ctx, post);
    const saved = updateExistingPost(site, post, ctx.user!, withSentMeta(ctx), ctx.sent);
    return itemResponse(api, saved, ctx.user);
  });

  const remove = (ctx: ArgsContext<typeof deleteArgs>) => site.store.writeTransaction(() => {
    const post = api.load(ctx.params.id);
    checkPostPreconditions(api, ctx, post);
    if (ctx.params.force === true) {
      const previous = api.present(post, { context: 'edit', user: ctx.user });
      deletePostForever(site, post);
      return { deleted: true, previous };
    }
    if (post.status === 'trash') throw new RestError('rest_already_trashed', `The ${noun} has already been deleted.`, 410);
    return itemResponse(api, trashPost(site, post), ctx.user);
  });

  const schema = () => schemaDocument(type, api.schema);
  return [
    {
      namespace: NAMESPACES.cms,
      pattern: collectionPath,
      schema,
      endpoints: [
        endpoint({ methods: ['GET'], args: collectionArgs(type, site.deployment.filterStatuses), permission: listPermission(type), handler: list, allowBatch: true }),
        { methods: ['POST'], args: itemArgs, permission: mayCreate, handler: create, allowBatch: true },
      ],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.post(api.base, ID_PATTERN)),
      schema,
      endpoints: [
        endpoint({ methods: ['GET'], args: readArgs, permission: mayRead, handler: read, allowBatch: true }),
        endpoint({
          methods: ['POST', 'PUT', 'PATCH'], args: updateArgs, handler: update, allowBatch: true,
          permission: onItem(api.load, (ctx, post) => assertCanEdit(ctx.user, post, noun)),
        }),
        endpoint({
          methods: ['DELETE'], args: deleteArgs, handler: remove, allowBatch: true,
          permission: onItem(api.load, (ctx, post) => assertCanDelete(ctx.user, post, noun)),
        }),
      ],
    },
  ];
}
