// The item schema of media items: the post fields media share, their own meta, and the
// fields that describe the file. Create-only extras are arguments, not fields.
import { argSchemas, type Params } from '../rest/typed-args.ts';
import type { Deployment } from '../site-context.ts';
import { metaSchema } from './meta.ts';
import { postItemSchema, type Context, type WritableArgs } from './post-schema.ts';

const SHARED_WITH_POSTS = [
  'date', 'date_gmt', 'guid', 'id', 'link', 'modified', 'modified_gmt', 'slug', 'status', 'type',
  'permalink_template', 'generated_slug', 'title', 'author', 'featured_media', 'comment_status', 'ping_status', 'template',
] as const;
const ALL: readonly Context[] = ['view', 'edit', 'embed'];
const VIEW_EDIT: readonly Context[] = ['view', 'edit'];

export function mediaItemSchema(deployment: Deployment) {
  const postSchema = postItemSchema('post', deployment);
  const shared = Object.fromEntries(SHARED_WITH_POSTS.map((name) => [name, postSchema[name]])) as Pick<typeof postSchema, (typeof SHARED_WITH_POSTS)[number]>;
  return argSchemas({
    ...shared,
    meta: { ...metaSchema(deployment.mediaMeta), context: VIEW_EDIT },
    alt_text: { description: 'Alternative text to display when attachment is not displayed.', type: 'string', context: ALL },
    caption: {
      description: 'The attachment caption.',
      type: 'object',
      context: ALL,
      textInput: true,
      properties: {
        raw: { description: 'Caption for the attachment, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: { description: 'HTML caption for the attachment, transformed for display.', type: 'string', context: ALL, readonly: true },
      },
    },
    description: {
      description: 'The attachment description.',
      type: 'object',
      context: VIEW_EDIT,
      textInput: true,
      properties: {
        raw: { description: 'Description for the attachment, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: { description: 'HTML description for the attachment, transformed for display.', type: 'string', context: VIEW_EDIT, readonly: true },
      },
    },
    media_type: { description: 'Attachment type.', type: 'string', enum: ['image', 'file'], context: ALL, readonly: true },
    mime_type: { description: 'The attachment MIME type.', type: 'string', context: ALL, readonly: true },
    media_details: { description: 'Details about the media file, specific to its type.', type: 'object', context: ALL, readonly: true },
    post: { description: 'The ID for the associated post of the attachment.', type: 'integer', context: VIEW_EDIT },
    source_url: { description: 'URL to the original attachment file.', type: 'string', format: 'uri', context: ALL, readonly: true },
    missing_image_sizes: { description: 'List of the missing image sizes of the attachment.', type: 'array', items: { type: 'string' }, context: ['edit'], readonly: true },
  });
}

export const CREATE_ONLY_ARGS = argSchemas({
  generate_sub_sizes: { type: 'boolean', default: true, description: 'Whether to generate image sub sizes.' },
  convert_format: { type: 'boolean', default: true, description: 'Whether to convert image formats.' },
  url: { type: 'string', format: 'uri', description: 'URL of an external image to fetch into the media library instead of uploading a file.' },
});

/** What the media writer receives: the update parameters of media items, and at creation the create-only ones too. */
export type MediaWriteParams = Params<WritableArgs<ReturnType<typeof mediaItemSchema>>>;
export type MediaCreateParams = MediaWriteParams & Params<typeof CREATE_ONLY_ARGS>;
