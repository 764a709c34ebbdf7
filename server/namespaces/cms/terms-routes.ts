// Categories and tags: list, read and create. They are not part of the published
// interface (hidden from the index, as `show_in_index: false`), but the editor needs
// them to assign terms, and items link to them for `_embed`.
import type { ArgSchema, HandlerContext, Route } from '../../rest/types.ts';
import { argSchemas, endpoint, pathArg, type ArgsContext } from '../../rest/typed-args.ts';
import { api as cms, NAMESPACES, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { allowAnyone } from '../../rest/permissions.ts';
import { RestError, forbidden } from '../../rest/errors.ts';
import { respond } from '../../rest/response.ts';
import { schemaDocument } from '../../rest/index-doc.ts';
import { assertPageInRange, pagingHeaders } from '../../rest/paging.ts';
import { can } from '../../auth/capabilities.ts';
import { createTerm, getTerm, listTerms, termSlugTaken, type TermWithCount } from '../../store/terms.ts';
import { sanitizeTitle, uniqueSlug } from '../../../shared/slugs.ts';
import { plainText } from '../../content/html-filter.ts';
import { filterHtml } from '../../content/markup-filter.ts';
import { termLink } from '../../content/permalinks.ts';
import type { Context } from '../../content/post-schema.ts';
import { trimToContext } from '../../content/post-view.ts';
import { canReadPost } from '../../content/post-permissions.ts';
import { getPost } from '../../store/posts.ts';
import { contextArg, pagingArgs } from './collection-args.ts';

const TAXONOMIES = [
  { taxonomy: 'category', base: 'categories', hierarchical: true },
  { taxonomy: 'post_tag', base: 'tags', hierarchical: false },
] as const;

export const TERM_SCHEMA: Record<string, ArgSchema> = {
  id: { context: ['view', 'embed', 'edit'] },
  count: { context: ['view', 'edit'] },
  description: { context: ['view', 'edit'] },
  link: { context: ['view', 'embed', 'edit'] },
  name: { context: ['view', 'embed', 'edit'] },
  slug: { context: ['view', 'embed', 'edit'] },
  taxonomy: { context: ['view', 'embed', 'edit'] },
  parent: { context: ['view', 'edit'] },
};

export function termRoutes(site: SiteContext): Route[] {
  return TAXONOMIES.flatMap(({ taxonomy, base, hierarchical }) => {
    const collection = `${site.urls.apiRoot}${cms.terms(base)}`;
    const present = (term: TermWithCount, context: Context) => {
      const item: Record<string, unknown> = {
        id: term.id, count: term.count, description: term.description,
        link: termLink(site, term),
        name: term.name, slug: term.slug, taxonomy,
      };
      if (hierarchical) item.parent = term.parent;
      item._links = { self: [{ href: `${collection}/${term.id}` }], collection: [{ href: collection }] };
      return trimToContext(item, TERM_SCHEMA, context);
    };
    const load = (id: number) => {
      const term = getTerm(site.store, id, taxonomy);
      if (!term) throw new RestError('rest_term_invalid', 'Term does not exist.', 404);
      return term;
    };

    /** A post's terms are as visible as the post (as the reference API). */
    const assertCanReadTermsOf = (ctx: HandlerContext, postId: number) => {
      const post = getPost(site.store, postId);
      if (!post) throw new RestError('rest_post_invalid_id', 'Invalid post ID.', 400);
      if (!canReadPost(ctx.user, post, site.store)) {
        throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.', !!ctx.user);
      }
    };

    const mayList = (ctx: HandlerContext) => {
      if (typeof ctx.params.post === 'number' && ctx.params.post > 0) assertCanReadTermsOf(ctx, ctx.params.post);
    };
    const mayCreate = ({ user }: HandlerContext) => {
      if (!can(user, 'manage_categories')) {
        throw forbidden('rest_cannot_create', 'Sorry, you are not allowed to create terms in this taxonomy.', !!user);
      }
    };

    const list = (ctx: ArgsContext<typeof args>) => {
      const { params } = ctx;
      const { per_page: perPage, page } = params;
      const { rows, total } = listTerms(site.store, {
        taxonomy,
        search: params.search,
        include: params.include,
        slugs: params.slug?.map(sanitizeTitle),
        postId: params.post,
        parent: params.parent,
        hideEmpty: params.hide_empty === true,
        orderby: params.orderby,
        order: params.order,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      assertPageInRange(page, total, perPage);
      return respond(rows.map((row) => present(row, params.context)), 200,
        pagingHeaders(ctx.request, site.urls.apiRoot, page, total, perPage));
    };

    const create = (ctx: ArgsContext<typeof writable>) => {
      // As the reference, for everyone: names are plain text, descriptions keep inline markup only.
      const name = plainText(ctx.params.name).trim();
      if (name === '') throw new RestError('rest_invalid_param', 'Invalid parameter(s): name', 400, { params: { name: 'The term name cannot be empty.' } });
      const parent = ctx.params.parent ?? 0;
      // As the reference: a parent that is not a term of this taxonomy is a bad request.
      if (parent !== 0 && !getTerm(site.store, parent, taxonomy)) throw new RestError('rest_term_invalid', 'Parent term does not exist.', 400);
      const wanted = sanitizeTitle(ctx.params.slug ?? name) || 'term';
      // Check then write under the write lock: two instances making a term of one name at once each get a slug of their own.
      const id = site.store.writeTransaction(() => {
        if (ctx.params.slug !== undefined && termSlugTaken(site.store, taxonomy, wanted)) {
          throw new RestError('term_exists', 'A term with the name provided already exists.', 400);
        }
        const slug = uniqueSlug(wanted, (candidate) => termSlugTaken(site.store, taxonomy, candidate));
        const made = createTerm(site.store, { taxonomy, name, slug, parent, description: filterHtml(ctx.params.description ?? '', 'inline') });
        site.store.createdRecorder?.(rooted(cms.term(base, made)));
        return made;
      });
      return respond(present(load(id), 'edit'), 201, { location: `${collection}/${id}` });
    };

    const args = argSchemas({
      context: contextArg(),
      ...pagingArgs,
      include: { type: 'array', items: { type: 'integer' }, default: [] },
      slug: { type: 'array', items: { type: 'string' } },
      post: { type: 'integer' },
      hide_empty: { type: 'boolean', default: false },
      orderby: { type: 'string', enum: ['id', 'name', 'slug', 'count'], default: 'name' },
      order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
      per_page: { ...pagingArgs.per_page },
      ...(hierarchical ? { parent: { type: 'integer' } } : {}),
    });
    const writable = argSchemas({
      name: { type: 'string', required: true },
      slug: { type: 'string' },
      description: { type: 'string' },
      ...(hierarchical ? { parent: { type: 'integer' } } : {}),
    });
    const schema = () => schemaDocument(taxonomy === 'post_tag' ? 'tag' : taxonomy, TERM_SCHEMA);
    return [
      {
        namespace: NAMESPACES.cms,
        pattern: rooted(cms.terms(base)),
        showInIndex: false,
        schema,
        endpoints: [
          endpoint({ methods: ['GET'], args, permission: mayList, handler: list }),
          endpoint({ methods: ['POST'], args: writable, permission: mayCreate, handler: create }),
        ],
      },
      {
        namespace: NAMESPACES.cms,
        pattern: rooted(cms.term(base, '(?P<id>[\\d]+)')),
        showInIndex: false,
        schema,
        endpoints: [endpoint({
          methods: ['GET'],
          args: { id: pathArg({ type: 'integer' }), context: contextArg() },
          permission: allowAnyone,
          handler: (ctx) => present(load(ctx.params.id), ctx.params.context),
        })],
      },
    ];
  });
}
