// The item schema of posts and pages: every field with its type and the contexts it is
// shown in. From it come the create/update arguments and the shaping of responses.
import type { ArgSchema, ArgSchemas } from '../rest/types.ts';
import type { Deployment } from '../site-context.ts';
import { metaSchema } from './meta.ts';
import { argSchemas, type Params } from '../rest/typed-args.ts';
import { templateChoices, type PageTemplate } from './page-templates.ts';

/** Posts, pages and synced patterns (the reference's reusable blocks, `wp_block`). */
export type PostType = 'post' | 'page' | 'wp_block';
export const CONTEXTS = ['view', 'embed', 'edit'] as const;
export type Context = (typeof CONTEXTS)[number];

const ALL: readonly Context[] = ['view', 'edit', 'embed'];
const VIEW_EDIT: readonly Context[] = ['view', 'edit'];
const EDIT: readonly Context[] = ['edit'];

export const POST_FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'];

function rawRendered(noun: string, label: string, renderedContext: readonly Context[]): Record<string, ArgSchema> {
  return {
    raw: { description: `${label} for the ${noun}, as it exists in the database.`, type: 'string', context: EDIT },
    rendered: {
      description: `HTML ${label.toLowerCase()} for the ${noun}, transformed for display.`,
      type: 'string',
      context: renderedContext,
      readonly: true,
    },
  };
}

/**
 * A synced pattern's title and content: their raw text in the view context too and nothing
 * rendered (the reference's blocks controller: a pattern is drawn only inside a post).
 */
function rawOnly(noun: string, label: string): Record<string, ArgSchema> {
  return { raw: { description: `${label} for the ${noun}, as it exists in the database.`, type: 'string', context: VIEW_EDIT } };
}

function protectedFlag(what: string): ArgSchema {
  return {
    description: `Whether the ${what} is protected with a password.`,
    type: 'boolean',
    context: ALL,
    readonly: true,
  };
}

/** The word WordPress's messages and descriptions use for an item of `type` (its posts' for a synced pattern). */
export function postNoun(type: PostType): string {
  return type === 'wp_block' ? 'post' : type;
}

/**
 * The schema of a post, page or synced pattern in a deployment, in the order fields are shown;
 * the fields of some types only are optional in its type. `templates`, where the site knows
 * them, are the template field's enum. A synced pattern has the fields WordPress 6.1 gives
 * `wp_block` (it supports a title, an editor and revisions; it has no public page).
 */
export function postItemSchema(type: PostType, deployment: Deployment, templates: readonly PageTemplate[] | null = null) {
  const noun = postNoun(type);
  const page = type === 'page';
  const pattern = type === 'wp_block';
  const written = !pattern;
  return argSchemas({
    date: {
      description: `The date the ${noun} was published, in the site's timezone.`,
      type: ['string', 'null'],
      format: 'date-time',
      context: ALL,
    },
    date_gmt: { description: `The date the ${noun} was published, as GMT.`, type: ['string', 'null'], format: 'date-time', context: VIEW_EDIT },
    guid: {
      description: `The globally unique identifier for the ${noun}.`,
      type: 'object',
      context: VIEW_EDIT,
      readonly: true,
      properties: {
        raw: { description: `GUID for the ${noun}, as it exists in the database.`, type: 'string', context: EDIT, readonly: true },
        rendered: { description: `GUID for the ${noun}, transformed for display.`, type: 'string', context: VIEW_EDIT, readonly: true },
      },
    },
    id: { description: `Unique identifier for the ${noun}.`, type: 'integer', context: ALL, readonly: true },
    link: { description: `URL to the ${noun}.`, type: 'string', format: 'uri', context: ALL, readonly: true },
    modified: { description: `The date the ${noun} was last modified, in the site's timezone.`, type: 'string', format: 'date-time', context: VIEW_EDIT, readonly: true },
    modified_gmt: { description: `The date the ${noun} was last modified, as GMT.`, type: 'string', format: 'date-time', context: VIEW_EDIT, readonly: true },
    slug: { description: `An alphanumeric identifier for the ${noun} unique to its type.`, type: 'string', context: ALL },
    status: { description: `A named status for the ${noun}.`, type: 'string', enum: deployment.writableStatuses, context: VIEW_EDIT },
    type: { description: `Type of ${noun}.`, type: 'string', context: ALL, readonly: true },
    password: { description: 'A password to protect access to the content and excerpt.', type: 'string', context: EDIT },
    ...(written
      ? {
          permalink_template: { description: `Permalink template for the ${noun}.`, type: 'string', context: EDIT, readonly: true },
          generated_slug: { description: `Slug automatically generated from the ${noun} title.`, type: 'string', context: EDIT, readonly: true },
        }
      : {}),
    ...(page ? { parent: { description: `The ID for the parent of the ${noun}.`, type: 'integer', context: VIEW_EDIT } } : {}),
    title: {
      description: `The title for the ${noun}.`,
      type: 'object',
      context: ALL,
      properties: pattern ? rawOnly(noun, 'Title') : rawRendered(noun, 'Title', ALL),
      textInput: true,
    },
    content: {
      description: `The content for the ${noun}.`,
      type: 'object',
      context: VIEW_EDIT,
      properties: {
        ...(pattern ? rawOnly(noun, 'Content') : rawRendered(noun, 'Content', VIEW_EDIT)),
        block_version: { description: `Version of the content block format used by the ${noun}.`, type: 'integer', context: EDIT, readonly: true },
        protected: protectedFlag('content'),
      },
      textInput: true,
    },
    ...(written
      ? {
          author: { description: `The ID for the author of the ${noun}.`, type: 'integer', context: ALL },
          excerpt: {
            description: `The excerpt for the ${noun}.`,
            type: 'object',
            context: ALL,
            properties: { ...rawRendered(noun, 'Excerpt', ALL), protected: protectedFlag('excerpt') },
            textInput: true,
          },
          featured_media: { description: `The ID of the featured media for the ${noun}.`, type: 'integer', context: ALL },
          comment_status: { description: `Whether or not comments are open on the ${noun}.`, type: 'string', enum: ['open', 'closed'], context: VIEW_EDIT },
          ping_status: { description: `Whether or not the ${noun} can be pinged.`, type: 'string', enum: ['open', 'closed'], context: VIEW_EDIT },
        }
      : {}),
    ...(page ? { menu_order: { description: `The order of the ${noun} in relation to other ${noun}s.`, type: 'integer', context: VIEW_EDIT } } : {}),
    ...(type === 'post' ? { format: { description: `The format for the ${noun}.`, type: 'string', enum: POST_FORMATS, context: VIEW_EDIT } } : {}),
    meta: { ...metaSchema(deployment.postMeta), context: VIEW_EDIT },
    ...(type === 'post' ? { sticky: { description: `Whether or not the ${noun} should be treated as sticky.`, type: 'boolean', context: VIEW_EDIT } } : {}),
    template: {
      description: `The theme file to use to display the ${noun}.`, type: 'string', context: VIEW_EDIT,
      ...(templates && type !== 'wp_block' ? { enum: templateChoices(templates, type) } : {}),
    },
    ...(type !== 'post'
      ? {}
      : {
          categories: { description: `The terms assigned to the ${noun} in the category taxonomy.`, type: 'array', items: { type: 'integer' }, context: VIEW_EDIT },
          tags: { description: `The terms assigned to the ${noun} in the post_tag taxonomy.`, type: 'array', items: { type: 'integer' }, context: VIEW_EDIT },
        }),
  });
}

type WithoutContext<S> = Omit<S, 'context'>;
/** The writable fields of a schema, as arguments. */
export type WritableArgs<S> = { [K in keyof S as S[K] extends { readonly: true } ? never : K]: WithoutContext<NonNullable<S[K]>> };

/** Create/update arguments: the writable fields, without their display contexts. */
export function writableArgs<S extends Record<string, ArgSchema>>(schema: S): WritableArgs<S> {
  const args: ArgSchemas = {};
  for (const [name, field] of Object.entries(schema)) {
    if (field.readonly) continue;
    const { context: _context, ...arg } = field;
    args[name] = arg;
  }
  return args as WritableArgs<S>;
}

/**
 * A post type's create/update arguments. The template's enum says what the site offers; the
 * writer's check (checkTemplate) applies it, and also lets an item keep the template it has,
 * as the reference's check does, so an item whose template is no longer offered still saves.
 */
export function postWriteArgs(schema: ReturnType<typeof postItemSchema>) {
  const args = writableArgs(schema);
  const { enum: _offered, ...template } = args.template;
  return { ...args, template };
}

/** What the post writer receives: the create/update parameters of posts and pages. */
export type PostWriteParams = Params<WritableArgs<ReturnType<typeof postItemSchema>>>;

/** The field names shown in each context, from the schema's tags. */
export function fieldsByContext(schema: Record<string, ArgSchema>): Record<Context, Set<string>> {
  const result = { view: new Set<string>(), embed: new Set<string>(), edit: new Set<string>() };
  for (const [name, field] of Object.entries(schema)) {
    for (const context of field.context ?? []) result[context as Context].add(name);
  }
  return result;
}
