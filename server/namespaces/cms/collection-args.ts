// The collection query parameters of posts, pages and media lists, as published in the
// index, and the `context` parameter every readable route takes.
import type { ArgSchema } from '../../rest/types.ts';
import { POST_FORMATS, type Context } from '../../content/post-schema.ts';
import { argSchema, argSchemas, type Params } from '../../rest/typed-args.ts';

export function contextArg(defaultValue: Context = 'view') {
  return {
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    enum: ['view', 'embed', 'edit'],
    default: defaultValue,
  } as const satisfies ArgSchema;
}

const intList = (description: string) => ({ description, type: 'array', items: { type: 'integer' }, default: [] }) as const satisfies ArgSchema;

export const pagingArgs = argSchemas({
  page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
  per_page: { description: 'Maximum number of items to be returned in result set.', type: 'integer', default: 10, minimum: 1, maximum: 100 },
  search: { description: 'Limit results to those matching a string.', type: 'string' },
});

export type CollectionKind = 'post' | 'page' | 'attachment' | 'wp_block';

function termFilter(taxonomy: string, exclude: boolean, withChildren: boolean, withOperator: boolean) {
  const properties = argSchemas({
    terms: { description: 'Term IDs.', type: 'array', items: { type: 'integer' }, default: [] },
    ...(withChildren ? { include_children: { description: 'Whether to include child terms in the terms limiting the result set.', type: 'boolean', default: false } } : {}),
    ...(withOperator ? { operator: { description: 'Whether items must be assigned all or any of the specified terms.', type: 'string', enum: ['AND', 'OR'], default: 'OR' } } : {}),
  });
  const verb = exclude ? 'except those with' : 'with';
  return argSchema({
    description: `Limit result set to items ${verb} specific terms assigned in the ${taxonomy} taxonomy.`,
    type: ['object', 'array'],
    oneOf: [
      { title: 'Term ID List', description: `Match terms with the listed IDs.`, type: 'array', items: { type: 'integer' } },
      { title: 'Term ID Taxonomy Query', description: 'Perform an advanced term query.', type: 'object', properties, additionalProperties: false },
    ],
  });
}

/**
 * The list arguments of a kind of item; the kind-specific ones are in the type as optional. A
 * synced pattern has neither author nor parent (WordPress's `wp_block` supports no author and
 * is not hierarchical).
 */
export function collectionArgs(kind: CollectionKind, filterStatuses: readonly string[]) {
  const orderby = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'];
  if (kind === 'page') orderby.push('menu_order');
  return argSchemas({
    context: contextArg(),
    ...pagingArgs,
    after: { description: 'Limit response to posts published after a given ISO8601 compliant date.', type: 'string', format: 'date-time' },
    modified_after: { description: 'Limit response to posts modified after a given ISO8601 compliant date.', type: 'string', format: 'date-time' },
    ...(kind !== 'wp_block'
      ? {
          author: intList('Limit result set to posts assigned to specific authors.'),
          author_exclude: intList('Ensure result set excludes posts assigned to specific authors.'),
        }
      : {}),
    before: { description: 'Limit response to posts published before a given ISO8601 compliant date.', type: 'string', format: 'date-time' },
    modified_before: { description: 'Limit response to posts modified before a given ISO8601 compliant date.', type: 'string', format: 'date-time' },
    exclude: intList('Ensure result set excludes specific IDs.'),
    include: intList('Limit result set to specific IDs.'),
    search_semantics: { description: 'How to interpret the search input.', type: 'string', enum: ['exact'] },
    ...(kind === 'page' ? { menu_order: { description: 'Limit result set to posts with a specific menu_order value.', type: 'integer' } } : {}),
    offset: { description: 'Offset the result set by a specific number of items.', type: 'integer' },
    order: { description: 'Order sort attribute ascending or descending.', type: 'string', default: 'desc', enum: ['asc', 'desc'] },
    orderby: { description: 'Sort collection by post attribute.', type: 'string', default: 'date', enum: orderby },
    ...(kind === 'page' || kind === 'attachment'
      ? {
          parent: intList('Limit result set to items with particular parent IDs.'),
          parent_exclude: intList('Limit result set to all items except those of a particular parent ID.'),
        }
      : {}),
    search_columns: {
      default: [],
      description: 'Array of column names to be searched.',
      type: 'array',
      items: { enum: ['post_title', 'post_content', 'post_excerpt'], type: 'string' },
    },
    slug: { description: 'Limit result set to posts with one or more specific slugs.', type: 'array', items: { type: 'string' } },
    status: {
      default: kind === 'attachment' ? 'inherit' : 'publish',
      description: 'Limit result set to posts assigned one or more statuses.',
      type: 'array',
      items: { enum: kind === 'attachment' ? ['inherit', 'private', 'trash'] : filterStatuses, type: 'string' },
    },
    ...(kind === 'post'
      ? {
          tax_relation: { description: 'Limit result set based on relationship between multiple taxonomies.', type: 'string', enum: ['AND', 'OR'] },
          categories: termFilter('category', false, true, true),
          categories_exclude: termFilter('category', true, true, false),
          tags: termFilter('post_tag', false, false, true),
          tags_exclude: termFilter('post_tag', true, false, false),
          sticky: { description: 'Limit result set to items that are sticky.', type: 'boolean' },
          ignore_sticky: { description: 'Whether to ignore sticky posts or not.', type: 'boolean', default: true },
          format: { description: 'Limit result set to items assigned one or more given formats.', type: 'array', uniqueItems: true, items: { enum: POST_FORMATS, type: 'string' } },
        }
      : {}),
    ...(kind === 'attachment'
      ? {
          media_type: { default: null, description: 'Limit result set to attachments of a particular media type or media types.', type: 'array', items: { type: 'string', enum: ['image', 'video', 'text', 'application', 'audio'] } },
          mime_type: { default: null, description: 'Limit result set to attachments of a particular MIME type or MIME types.', type: 'array', items: { type: 'string' } },
        }
      : {}),
  });
}

/** The parameters a list handler receives. */
export type CollectionParams = Params<ReturnType<typeof collectionArgs>>;
