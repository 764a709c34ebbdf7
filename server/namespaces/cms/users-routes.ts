// Users: `me`, a user by id, and the list. Hidden from the index like the terms routes;
// they exist so that clients can learn who they are and `_embed` can show authors.
import { createHash } from 'node:crypto';
import type { ArgSchema, HandlerContext, RequestUser, Route } from '../../rest/types.ts';
import { endpoint, pathArg, type ArgsContext } from '../../rest/typed-args.ts';
import { api as cms, NAMESPACES, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { RestError, forbidden } from '../../rest/errors.ts';
import { can } from '../../auth/capabilities.ts';
import { schemaDocument } from '../../rest/index-doc.ts';
import { getUserById, listUsers, type UserRow } from '../../store/users.ts';
import { hasPublished } from '../../store/posts.ts';
import type { Context } from '../../content/post-schema.ts';
import { trimToContext } from '../../content/post-view.ts';
import { contextArg } from './collection-args.ts';
import { requireUser } from './posts-routes.ts';
import { onItem } from '../../rest/permissions.ts';

const PUBLIC = ['view', 'embed', 'edit'];
export const USER_SCHEMA: Record<string, ArgSchema> = {
  id: { context: PUBLIC },
  username: { context: ['edit'] },
  name: { context: PUBLIC },
  email: { context: ['edit'] },
  url: { context: PUBLIC },
  description: { context: PUBLIC },
  link: { context: PUBLIC },
  slug: { context: PUBLIC },
  roles: { context: ['edit'] },
  registered_date: { context: ['edit'] },
  avatar_urls: { context: PUBLIC },
};

function mayEdit(viewer: RequestUser | null, user: UserRow): boolean {
  return viewer !== null && (viewer.id === user.id || can(viewer, 'edit_users'));
}

type ContextArgs = { context: ReturnType<typeof contextArg> };

export function userRoutes(site: SiteContext): Route[] {
  const collection = `${site.urls.apiRoot}${cms.users()}`;
  const present = (user: UserRow, context: Context) => {
    const hash = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
    const item: Record<string, unknown> = {
      id: user.id, username: user.login, name: user.name, email: user.email, url: user.url,
      description: user.description, link: `${site.urls.base}/author/${user.slug}/`, slug: user.slug,
      roles: [user.role], registered_date: user.registered,
      avatar_urls: Object.fromEntries([24, 48, 96].map((size) => [size, `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`])),
      _links: { self: [{ href: `${collection}/${user.id}` }], collection: [{ href: collection }] },
    };
    return trimToContext(item, USER_SCHEMA, context);
  };

  const load = (id: number): UserRow => {
    const user = getUserById(site.store, id);
    if (!user) throw new RestError('rest_user_invalid_id', 'Invalid user ID.', 404);
    return user;
  };

  /** Who may see `user`: the edit context needs the right to edit them; others see only authors of something published. */
  const maySee = ({ params, user: viewer }: HandlerContext, user: UserRow) => {
    if (params.context === 'edit' && !mayEdit(viewer, user)) {
      throw forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', !!viewer);
    }
    if (!mayEdit(viewer, user) && !can(viewer, 'list_users') && !hasPublished(site.store, user.id)) {
      throw forbidden('rest_user_cannot_view', 'Sorry, you are not allowed to list users.', !!viewer);
    }
  };

  const mayList = ({ params, user }: HandlerContext) => {
    if (params.context === 'edit' && !can(user, 'list_users')) {
      throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to list users.', !!user);
    }
  };

  const list = (ctx: ArgsContext<ContextArgs>) => {
    const { context } = ctx.params;
    const visible = can(ctx.user, 'list_users') ? listUsers(site.store) : listUsers(site.store).filter((user) => hasPublished(site.store, user.id));
    return visible.map((user) => present(user, context));
  };

  const schema = () => schemaDocument('user', USER_SCHEMA);
  return [
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.users()),
      showInIndex: false,
      schema,
      endpoints: [endpoint({ methods: ['GET'], args: { context: contextArg() }, permission: mayList, handler: list })],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.me()),
      showInIndex: false,
      schema,
      endpoints: [endpoint({
        methods: ['GET'],
        args: { context: contextArg() },
        permission: (ctx) => maySee(ctx, load(requireUser(ctx).id)),
        handler: (ctx) => present(load(requireUser(ctx).id), ctx.params.context),
      })],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.user('(?P<id>[\\d]+)')),
      showInIndex: false,
      schema,
      endpoints: [endpoint({
        methods: ['GET'],
        args: { id: pathArg({ type: 'integer' }), context: contextArg() },
        permission: onItem(load, maySee),
        handler: (ctx) => present(load(ctx.params.id), ctx.params.context),
      })],
    },
  ];
}
