// Turns validated collection parameters into a store query, with the rules of lists:
// who may ask for which statuses, relevance needs a search, dates read in the site zone.
import type { HandlerContext, RequestUser } from '../../rest/types.ts';
import type { SiteContext } from '../../site-context.ts';
import type { PostQuery, PostSearch, TaxClause } from '../../store/post-query.ts';
import type { CollectionKind, CollectionParams } from './collection-args.ts';
import { RestError, ValidationError, authStatus, forbidden, invalidParams } from '../../rest/errors.ts';
import { parseList } from '../../rest/schema.ts';
import { can, typeCapability } from '../../auth/capabilities.ts';
import { withDescendants } from '../../store/terms.ts';
import { getSettings } from '../../content/settings.ts';
import { pairFromLocal } from '../../../shared/dates.ts';
import { listVisibility } from '../../content/post-permissions.ts';
import { sanitizeTitle } from '../../../shared/slugs.ts';

const SEARCH_COLUMNS: Record<string, PostSearch['columns'][number]> = {
  post_title: 'title',
  post_content: 'content',
  post_excerpt: 'excerpt',
};
const ANY_EXCLUDES = new Set(['trash', 'auto-draft', 'any']);

function statusesFor(kind: CollectionKind, requested: string[], user: RequestUser | null, allStatuses: readonly string[]): string[] {
  const publicStatus = kind === 'attachment' ? 'inherit' : 'publish';
  const statuses = requested.includes('any') ? allStatuses.filter((status) => !ANY_EXCLUDES.has(status)) : requested;
  for (const status of requested) {
    if (status !== publicStatus && !can(user, typeCapability('edit_posts', kind))) {
      // As the reference API: a failure to sanitise `status`, so an invalid parameter (400).
      throw invalidParams({
        status: new ValidationError('rest_forbidden_status', 'Status is forbidden.', { status: authStatus(!!user) }),
      });
    }
  }
  return statuses;
}

type TermParam = CollectionParams['categories'];

function termClause(site: SiteContext, taxonomy: string, value: TermParam, exclude: boolean): TaxClause | null {
  if (value === undefined) return null;
  const spec: Exclude<TermParam, unknown[] | undefined> = Array.isArray(value) ? { terms: value } : value;
  let terms = spec.terms ?? [];
  if (terms.length === 0) return null;
  // The ids asked for stay even when they name no term of the taxonomy, so that they match nothing.
  if (spec.include_children) terms = [...new Set([...terms, ...withDescendants(site.store, taxonomy, terms)])];
  const operator = exclude ? 'NOT IN' : spec.operator === 'AND' ? 'AND' : 'IN';
  return { taxonomy, terms, operator };
}

function gmtOf(site: SiteContext, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return pairFromLocal(value, getSettings(site.store).timezone_string)?.gmt;
}

/** Who may list items of `kind`: anyone, but the edit context needs the right to edit them. */
export function listPermission(kind: CollectionKind) {
  return ({ params, user }: HandlerContext): void => {
    if (params.context === 'edit' && !can(user, typeCapability('edit_posts', kind))) {
      throw forbidden('rest_forbidden_context', `Sorry, you are not allowed to edit posts in this post type.`, !!user);
    }
  };
}

export function buildListQuery(
  site: SiteContext,
  kind: CollectionKind,
  params: CollectionParams,
  user: RequestUser | null,
  allStatuses: readonly string[],
): PostQuery {
  const search = typeof params.search === 'string' ? params.search : '';
  if (params.orderby === 'relevance' && search.trim() === '') {
    throw new RestError('rest_no_search_term_defined', 'You need to define a search term to order by relevance.', 400);
  }
  const { include } = params;
  if (params.orderby === 'include' && include.length === 0) {
    throw new RestError('rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.', 400);
  }
  const { per_page: perPage, page } = params;
  const query: PostQuery = {
    type: kind,
    statuses: statusesFor(kind, parseList(params.status).map(String), user, allStatuses),
    visibility: listVisibility(user, kind, params.context === 'edit'),
    search: search !== ''
      ? {
          text: search,
          columns: params.search_columns.map((column) => SEARCH_COLUMNS[column]),
          exact: params.search_semantics === 'exact',
        }
      : undefined,
    afterGmt: gmtOf(site, params.after),
    beforeGmt: gmtOf(site, params.before),
    modifiedAfterGmt: gmtOf(site, params.modified_after),
    modifiedBeforeGmt: gmtOf(site, params.modified_before),
    authors: params.author,
    authorsExclude: params.author_exclude,
    include,
    exclude: params.exclude,
    parents: params.parent,
    parentsExclude: params.parent_exclude,
    // As the reference, slugs asked for are read as slugs: `?slug=Crème` finds `creme`.
    slugs: params.slug?.map(sanitizeTitle),
    menuOrder: params.menu_order,
    stickyOnly: params.sticky === true,
    stickyExclude: params.sticky === false,
    stickyFirst: kind === 'post' && params.ignore_sticky === false,
    formats: params.format,
    mimeTypes: kind === 'attachment' ? [...(params.media_type ?? []), ...(params.mime_type ?? [])] : undefined,
    orderby: params.orderby,
    order: params.order,
    limit: perPage,
    offset: params.offset ?? (page - 1) * perPage,
  };
  if (kind === 'post') {
    const clauses = [
      termClause(site, 'category', params.categories, false),
      termClause(site, 'category', params.categories_exclude, true),
      termClause(site, 'post_tag', params.tags, false),
      termClause(site, 'post_tag', params.tags_exclude, true),
    ].filter((clause): clause is TaxClause => clause !== null);
    query.tax = { relation: params.tax_relation === 'OR' ? 'OR' : 'AND', clauses };
  }
  return query;
}
