// Routes of the media library: list, upload (raw body, multipart, or sideload by URL),
// read, update, delete with its files, post-process and image edits.
import type { HandlerContext, RequestUser, Route } from '../../rest/types.ts';
import { argSchemas, endpoint, pathArg, type ArgsContext } from '../../rest/typed-args.ts';
import { api as cms, NAMESPACES, rooted } from '../../../shared/api-routes.ts';
import type { SiteContext } from '../../site-context.ts';
import { RestError, forbidden } from '../../rest/errors.ts';
import { respond } from '../../rest/response.ts';
import { checkWritePreconditions, versionHeaders } from '../../rest/conditional.ts';
import { schemaDocument } from '../../rest/index-doc.ts';
import { can } from '../../auth/capabilities.ts';
import { getPost, type PostRow } from '../../store/posts.ts';
import { getMedia, getMediaByIds } from '../../store/media.ts';
import { mediaItemSchema, CREATE_ONLY_ARGS } from '../../content/media-schema.ts';
import { mediaDetails, mediaItem } from '../../content/media-view.ts';
import { writableArgs, type Context } from '../../content/post-schema.ts';
import { trimToContext } from '../../content/post-view.ts';
import { assertCanDelete, assertCanEdit, assertCanRead, canEditPost } from '../../content/post-permissions.ts';
import { trashPost } from '../../content/post-writer.ts';
import {
  createEditedItem, createMediaItem, createMissingSizes, deleteMediaForever, updateMediaItem, type IncomingFile, type MediaRecord,
} from '../../content/media-writer.ts';
import { fetchRemote, RemoteFetchError, DEFAULT_FETCH_LIMITS } from '../../net/fetch-remote.ts';
import { applyModifiers } from '../../media/image-edit.ts';
import { checkEditBudget } from '../../media/edit-budget.ts';
import { imageWork } from '../../media/image-limits.ts';
import { mimeOfStoredFile } from '../../media/media-types.ts';
import { publicUrl } from '../../media/upload-dir.ts';
import { collectionArgs, contextArg } from './collection-args.ts';
import { listPermission } from './list-query.ts';
import { onItem, userPermission } from '../../rest/permissions.ts';
import { ID_PATTERN, listHandler, requireUser } from './posts-routes.ts';
import { postVersion } from '../../content/post-version.ts';
import { editArgs, readModifiers } from './media-edit-args.ts';
import { editedImageType, isEditableImage, keepsTransparency, namesFileOf } from '../../../shared/media-edit-policy.ts';

const ID_ARG = pathArg({ description: 'Unique identifier for the attachment.', type: 'integer' });
const READ_ARGS = argSchemas({ id: ID_ARG, context: contextArg() });
const DELETE_ARGS = argSchemas({ id: ID_ARG, force: { type: 'boolean', default: false, description: 'Whether to bypass Trash and force deletion.' } });
const POST_PROCESS_ARGS = argSchemas({ id: ID_ARG, action: { type: 'string', enum: ['create-image-subsizes'], required: true } });

/** Percent-decoded text; a broken escape is kept as written rather than failing the upload. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An RFC 8187 value (`UTF-8''caf%C3%A9`, `iso-8859-1'fr'caf%E9`); one without a charset is read as UTF-8. */
function extendedValue(value: string): string {
  const parts = /^([\w!#$&+^`{}~-]+)'[\w-]*'(.*)$/.exec(value);
  if (parts?.[1].toLowerCase() === 'iso-8859-1') return parts[2].replace(/%([0-9a-f]{2})/gi, (_, octet: string) => String.fromCharCode(parseInt(octet, 16)));
  return decoded(parts ? parts[2] : value);
}

function fileNameFrom(disposition: string | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(disposition);
  if (star) return extendedValue(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return plain ? utf8FromHeader((plain[2] ?? plain[1]).trim()) : null;
}

/**
 * Header values arrive as Latin-1; a client that wrote the name in UTF-8 (as browsers and
 * curl do) gets it back whole. Bytes that are not UTF-8 are kept as Latin-1.
 */
function utf8FromHeader(value: string): string {
  // Only a value of bytes (as the HTTP adapter gives) can be re-read; an in-process caller's is text already.
  if (!/[^\x00-\x7f]/.test(value) || /[^\x00-\xff]/.test(value)) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

async function incomingFile(site: SiteContext, ctx: HandlerContext): Promise<IncomingFile> {
  const { request, params } = ctx;
  if (typeof params.url === 'string') {
    try {
      const fetched = await fetchRemote(params.url, { ...DEFAULT_FETCH_LIMITS, allowPrivateNetwork: site.allowPrivateNetwork });
      const name = decoded(fetched.url.pathname.split('/').pop() || 'download');
      return { bytes: fetched.bytes, fileName: name };
    } catch (error) {
      if (!(error instanceof RemoteFetchError)) throw error;
      const status = error.reason === 'blocked' || error.reason === 'invalid_url' ? 400 : error.reason === 'too_large' ? 413 : 502;
      throw new RestError('rest_upload_sideload_error', `The file could not be fetched: ${error.message}`, status, { reason: error.reason });
    }
  }
  const uploaded = request.files?.file;
  if (uploaded) return { bytes: uploaded.bytes, fileName: uploaded.fileName || 'file' };
  if (request.files) throw new RestError('rest_upload_no_data', 'No data supplied.', 400);
  if (!request.rawBody || request.rawBody.length === 0) throw new RestError('rest_upload_no_data', 'No data supplied.', 400);
  const fileName = fileNameFrom(request.headers['content-disposition']);
  if (!fileName) throw new RestError('rest_upload_no_content_disposition', 'No Content-Disposition supplied.', 400);
  return { bytes: request.rawBody, fileName };
}

export function mediaRoutes(site: SiteContext): Route[] {
  const schema = mediaItemSchema(site.deployment);
  const itemArgs = writableArgs(schema);
  const updateArgs = { id: ID_ARG, ...itemArgs };
  const createArgs = { ...itemArgs, ...CREATE_ONLY_ARGS };
  const base = `${site.urls.apiRoot}${cms.mediaList()}`;

  const present = (record: MediaRecord, context: Context) => trimToContext(mediaItem(site, record.post, record.media, context), schema, context);
  const load = (id: number): MediaRecord => {
    const post = getPost(site.store, id);
    if (!post || post.type !== 'attachment') throw new RestError('rest_post_invalid_id', 'Invalid post ID.', 404);
    return { post, media: getMedia(site.store, id) };
  };
  const itemResponse = (record: MediaRecord, status = 200, extra: Record<string, string> = {}) =>
    respond(present(record, 'edit'), status, { ...versionHeaders(postVersion(record.post)), ...extra });
  const created = (record: MediaRecord) =>
    itemResponse(record, 201, { location: `${base}/${record.post.id}`, 'x-wp-upload-attachment-id': String(record.post.id) });
  const assertCanUpload = (user: RequestUser | null) => {
    if (!can(user, 'upload_files')) throw forbidden('rest_cannot_create', 'Sorry, you are not allowed to upload media on this site.', !!user);
  };

  const list = listHandler(site, 'attachment', (posts: PostRow[], ctx) => {
    const media = getMediaByIds(site.store, posts.map((post) => post.id));
    return posts.map((post) => present({ post, media: media.get(post.id) }, ctx.params.context));
  });

  const mayUpload = userPermission(assertCanUpload);
  const mayCreate = (ctx: HandlerContext) => {
    mayUpload.permission(ctx);
    // Attaching the upload to a post needs the right to edit that post.
    const parent = typeof ctx.params.post === 'number' && ctx.params.post > 0 ? getPost(site.store, ctx.params.post) : undefined;
    if (parent && !canEditPost(ctx.user, parent)) {
      throw forbidden('rest_cannot_edit', 'Sorry, you are not allowed to upload media to this post.', !!ctx.user);
    }
  };

  const create = async (ctx: ArgsContext<typeof createArgs>) => {
    const file = await incomingFile(site, ctx);
    return createMediaItem(site, ctx.user!, ctx.params, ctx.sent, file, created);
  };

  const mayRead = onItem(load, ({ params, user }, record) => {
    assertCanRead(user, record.post, site.store);
    if (params.context === 'edit' && !canEditPost(user, record.post)) {
      throw forbidden('rest_forbidden_context', 'Sorry, you are not allowed to edit this post.', !!user);
    }
  });
  const mayEdit = onItem(load, (ctx, record) => assertCanEdit(ctx.user, record.post, 'post'));

  const read = (ctx: ArgsContext<typeof READ_ARGS>) => {
    const record = load(ctx.params.id);
    const { context } = ctx.params;
    return respond(present(record, context), 200, versionHeaders(postVersion(record.post)));
  };

  /** 412 unless the request's preconditions hold for the item as stored (see posts' update). */
  const checkPreconditions = (ctx: HandlerContext, record: MediaRecord) =>
    checkWritePreconditions(ctx.request, postVersion(record.post), () => present(record, 'edit'));

  const update = (ctx: ArgsContext<typeof updateArgs>) => site.store.writeTransaction(() => {
    const record = load(ctx.params.id);
    checkPreconditions(ctx, record);
    return itemResponse(updateMediaItem(site, record, ctx.user!, ctx.params, ctx.sent));
  });

  const remove = async (ctx: ArgsContext<typeof DELETE_ARGS>) => {
    let files: string[] = [];
    // Its answer told with its write: its files go after its commit.
    const answer = site.store.answeringTransaction(() => {
      const record = load(ctx.params.id);
      checkPreconditions(ctx, record);
      if (ctx.params.force === true) {
        const previous = present(record, 'edit');
        files = deleteMediaForever(site, record);
        return { deleted: true, previous };
      }
      if (record.post.status === 'trash') throw new RestError('rest_already_trashed', 'The post has already been deleted.', 410);
      return itemResponse({ post: trashPost(site, record.post), media: record.media });
    });
    // Only once the rows are gone for good: committed with other requests' writes (the store's shared commit), they may still stay.
    if (files.length > 0) await site.store.writesCommitted();
    // The item is gone whatever happens to its files: any left are orphans, removed when a site next opens.
    await site.media.remove(files).catch(() => {});
    return answer;
  };

  // Making sizes takes time (awaited): the precondition is checked before, and the sizes are
  // stored over whatever the item is by then (they change no field a writer sets).
  const postProcess = async (ctx: ArgsContext<typeof POST_PROCESS_ARGS>) => {
    const record = load(ctx.params.id);
    const user = requireUser(ctx);
    checkPreconditions(ctx, record);
    return createMissingSizes(site, user, record, (made) => itemResponse(made));
  };

  // The reference API's order: signed in, the item, the right to upload, the right to edit it.
  const mayEditImage = (ctx: HandlerContext) => {
    requireUser(ctx);
    const record = load(Number(ctx.params.id));
    assertCanUpload(ctx.user);
    assertCanEdit(ctx.user, record.post, 'post');
  };

  const edit = async (ctx: ArgsContext<ReturnType<typeof editArgs>>) => {
    const user = requireUser(ctx);
    const record = load(ctx.params.id);
    if (!record.media || !isEditableImage(record.post.mime_type)) {
      throw new RestError('rest_cannot_edit_file_type', 'This type of file cannot be edited.', 400);
    }
    // As the reference API: the src must name a file of the item (served, original or a size); else 404.
    const files = [
      ...Object.values(mediaDetails(site, record.post, record.media).sizes).map((size) => size.source_url),
      publicUrl(site.urls.base, record.media.original_file),
    ];
    if (!namesFileOf(ctx.params.src, files, site.urls.base)) {
      throw new RestError('rest_unknown_attachment', 'Unable to get meta information for file.', 404);
    }
    const modifiers = readModifiers(ctx.params);
    const mime = editedImageType(record.post.mime_type);
    const original = record.media.original_file;
    return imageWork(user.id, () => createEditedItem(site, record, user, async () => {
      // Read in its turn (a queue of edits holds no files), refused from the header before anything decodes.
      const bytes = await site.media.read(original);
      await checkEditBudget(bytes, modifiers, mime);
      return applyModifiers(bytes, mimeOfStoredFile(original), modifiers, keepsTransparency(mime));
    }, mime, created));
  };

  const schemaOfRoutes = () => schemaDocument('attachment', schema);
  return [
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.mediaList()),
      schema: schemaOfRoutes,
      endpoints: [
        endpoint({ methods: ['GET'], args: collectionArgs('attachment', site.deployment.filterStatuses), permission: listPermission('attachment'), handler: list }),
        endpoint({ methods: ['POST'], args: createArgs, handler: create, acceptsFiles: true, ...mayUpload, permission: mayCreate }),
      ],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.media(ID_PATTERN)),
      schema: schemaOfRoutes,
      endpoints: [
        endpoint({ methods: ['GET'], args: READ_ARGS, permission: mayRead, handler: read }),
        endpoint({ methods: ['POST', 'PUT', 'PATCH'], args: updateArgs, permission: mayEdit, handler: update }),
        endpoint({
          methods: ['DELETE'], args: DELETE_ARGS, handler: remove,
          permission: onItem(load, (ctx, record) => assertCanDelete(ctx.user, record.post, 'post')),
        }),
      ],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.mediaPostProcess(ID_PATTERN)),
      endpoints: [endpoint({ methods: ['POST'], args: POST_PROCESS_ARGS, permission: mayEdit, handler: postProcess })],
    },
    {
      namespace: NAMESPACES.cms,
      pattern: rooted(cms.mediaEdit(ID_PATTERN)),
      endpoints: [endpoint({ methods: ['POST'], args: editArgs(), permission: mayEditImage, handler: edit })],
    },
  ];
}
