// Creating, editing and deleting media items: the file on disk and the rows in the
// database change together. A write that fails removes the files it made; a delete
// removes the files only after the rows are gone.
import path from 'node:path';
import type { RequestUser } from '../rest/types.ts';
import type { SiteContext } from '../site-context.ts';
import { isOutcomeUnknown, RestError } from '../rest/errors.ts';
import { getPost, updatePost, type PostRow } from '../store/posts.ts';
import { getMedia, releaseMediaNames, saveMedia, setAltText, type MediaRow } from '../store/media.ts';
import { reserveMediaName } from './media-names.ts';
import { detectType, RESIZABLE_IMAGES, type DetectedType } from '../media/media-types.ts';
import { EXTENSIONS, makeImageFiles, type ImageDetails, type ProcessedImage } from '../media/image-files.ts';
import type { DecodedImage } from '../media/image-codec.ts';
import { monthDir, safeBaseName } from '../media/upload-dir.ts';
import { checkUploadedImage, imageUnreadable, imageWork } from '../media/image-limits.ts';
import { createPostRecord, deletePostForever, updateExistingPost } from './post-writer.ts';
import { plainText } from './html-filter.ts';
import type { MediaCreateParams, MediaWriteParams } from './media-schema.ts';
import type { PostWriteParams } from './post-schema.ts';

export interface IncomingFile {
  bytes: Buffer;
  fileName: string;
}

export interface MediaRecord {
  post: PostRow;
  media: MediaRow | undefined;
}

const EMPTY_DETAILS: Pick<ImageDetails, 'sizes'> = { sizes: {} };
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|hei[cf]|tiff?|bmp)$/i;

/**
 * Media fields map onto post columns: caption is the excerpt, description the content, post
 * the parent; so they are filtered as those are. Alternative text is plain text for everyone,
 * as the reference's sanitize_text_field makes it.
 */
function asPostParams(params: MediaWriteParams, sent: ReadonlySet<string>): { params: PostWriteParams; sent: Set<string> } {
  const mapped: PostWriteParams = { ...params };
  const names = new Set(sent);
  for (const [from, to] of [['caption', 'excerpt'], ['description', 'content'], ['post', 'parent']] as const) {
    if (!sent.has(from)) continue;
    Object.assign(mapped, { [to]: params[from] ?? (to === 'parent' ? 0 : '') });
    names.add(to);
  }
  return { params: mapped, sent: names };
}

function checkParentPost(site: SiteContext, params: MediaWriteParams, sent: ReadonlySet<string>): void {
  const parent = params.post;
  if (!sent.has('post') || parent === undefined || parent === 0) return;
  const post = getPost(site.store, parent);
  if (!post || post.type === 'revision' || post.type === 'attachment') throw new RestError('rest_post_invalid_id', 'Invalid post ID.', 400);
}

/** Every file of an item: as uploaded, as served, and its sizes. */
export function filesOf(media: Pick<MediaRow, 'file' | 'original_file' | 'details'>): string[] {
  const details = JSON.parse(media.details) as Partial<ImageDetails>;
  const dir = path.posix.dirname(media.file);
  return [media.file, media.original_file, ...Object.values(details.sizes ?? {}).map((size) => `${dir}/${size.file}`)];
}

function rowFor(postId: number, original: string, processed: ProcessedImage | null, bytes: number, altText: string, missing: string[]): MediaRow {
  return {
    post_id: postId,
    file: processed?.details.file ?? original,
    original_file: original,
    alt_text: altText,
    details: JSON.stringify(processed?.details ?? { ...EMPTY_DETAILS, filesize: bytes }),
    missing_sizes: JSON.stringify(missing),
  };
}

/** Callers run it in the image queue (`imageWork`), once per unit of work: never nested. */
async function processImage(site: SiteContext, relative: string | Promise<string>, bytes: Buffer, type: DetectedType, options: { generateSubSizes: boolean; convertFormat: boolean; existing?: ImageDetails }): Promise<ProcessedImage | null> {
  if (!RESIZABLE_IMAGES.has(type.mime)) return null;
  try {
    return await makeImageFiles(site.media, relative, { bytes, mime: type.mime }, options);
  } catch (error) {
    if (error instanceof RestError) throw error; // over the pixel limit
    return null; // not decodable here (e.g. a HEIC codec libvips lacks): the file is kept as uploaded
  }
}

/** The file's type; an image the library would decode must have a header within the pixel limit. */
async function checkedType(file: IncomingFile): Promise<DetectedType> {
  const type = await detectType(file.bytes, file.fileName);
  if (!type) {
    // Named as an image but not one: most often a damaged file, and the writer should be told so.
    if (IMAGE_NAME.test(file.fileName)) throw imageUnreadable(file.fileName);
    throw new RestError('rest_upload_sideload_error', 'Sorry, you are not allowed to upload this file type.', 400);
  }
  if (RESIZABLE_IMAGES.has(type.mime)) await checkUploadedImage(file.bytes, file.fileName);
  return type;
}

/** The item's rows, each inserted once as it stays, and answered as written. `copy`: an edited image's copy, whose title (its original's) gives a slug already taken. */
function createMediaRow(site: SiteContext, user: RequestUser, params: MediaWriteParams, sent: ReadonlySet<string>, mime: string, relative: string, processed: ProcessedImage | null, bytes: number, copy = false): MediaRecord {
  const mapped = asPostParams(params, sent);
  return site.store.transaction(() => {
    const { post } = createPostRecord(site, 'attachment', user, mapped.params, mapped.sent, { columns: { mime_type: processed?.mime ?? mime }, slugTaken: copy });
    const media = rowFor(post.id, relative, processed, bytes, plainText(params.alt_text ?? ''), processed?.missing ?? []);
    saveMedia(site.store, media);
    releaseMediaNames(site.store, [relative]); // the row names the file now
    return { post, media };
  });
}

/**
 * Claims a new item's name while its image files are made (in the image queue; they wait for
 * the name only to be written), writes its file, then its rows in one transaction. Any failure
 * removes the files made and gives the name up, so an error answer leaves nothing behind and
 * a client that sends it again never makes a second item.
 */
async function storeNewItem<T>(site: SiteContext, name: Promise<string>, writeOriginal: (relative: string) => Promise<void>, makeFiles: () => Promise<ProcessedImage | null>, makeRows: (relative: string, processed: ProcessedImage | null) => MediaRecord, answer: Answer<T>): Promise<T> {
  const made = new Set<string>();
  let relative: string | undefined;
  try {
    // Every part settles before a failure is told: nothing is written after its cleaning.
    const [claimed, original, files] = await Promise.allSettled([name, name.then(writeOriginal), makeFiles()]);
    if (claimed.status === 'rejected') throw claimed.reason;
    relative = claimed.value;
    made.add(relative);
    if (files.status === 'fulfilled' && files.value) filesOf(rowFor(0, relative, files.value, 0, '', [])).forEach((file) => made.add(file));
    if (files.status === 'rejected') throw files.reason;
    if (original.status === 'rejected') throw original.reason;
    // The request's answer made and told in the transaction of its rows (Store.answering).
    const record = site.store.answering(() => answer(makeRows(relative!, files.value)));
    // Committed with other requests' writes (the store's shared commit), the rows may still fail: the files go then too.
    await site.store.writesCommitted();
    return record;
  } catch (error) {
    // The rows may have been committed (the answer to COMMIT was lost): they would name files removed here.
    if (isOutcomeUnknown(error)) throw error;
    if (relative === undefined) throw error; // no name was claimed, so no file was written
    // A file the storage would not remove is an orphan, and a claim left in a database out of reach is stale: a later look at the storage removes both.
    await site.media.remove(made).catch(() => {});
    try {
      releaseMediaNames(site.store, [relative]);
    } catch {}
    throw error;
  }
}

/**
 * What a request that writes an item after it awaited answers with the item written: made in
 * the transaction of its write, so that it is told to the request's record with it
 * (Store.answeringTransaction).
 */
export type Answer<T> = (record: MediaRecord) => T;

/** Stores a new file and its item; sizes that could not be made are listed in `missing_image_sizes` for post-process. */
export async function createMediaItem<T>(site: SiteContext, user: RequestUser, params: MediaCreateParams, sent: ReadonlySet<string>, file: IncomingFile, answer: Answer<T>): Promise<T> {
  const type = await checkedType(file);
  checkParentPost(site, params, sent);
  const name = reserveMediaName(site, monthDir(), safeBaseName(file.fileName), type.ext);
  const withDefaults = { title: path.parse(file.fileName).name, status: 'inherit', ...params };
  const makeFiles = () => imageWork(user.id, () => processImage(site, name, file.bytes, type, {
    generateSubSizes: params.generate_sub_sizes !== false,
    convertFormat: params.convert_format !== false,
  }));
  return storeNewItem(site, name, (relative) => site.media.write(relative, file.bytes), makeFiles, (relative, processed) => createMediaRow(site, user, withDefaults, new Set([...sent, 'title', 'status']), type.mime, relative, processed, file.bytes.length), answer);
}

/** Stores sizes made for an item over it as it is now (its alt text may have been edited meanwhile), with a new version. */
function storeSizes<T>(site: SiteContext, post: PostRow, original: string, processed: ProcessedImage, answer: Answer<T>): T {
  return site.store.answeringTransaction(() => {
    const altText = getMedia(site.store, post.id)?.alt_text ?? '';
    saveMedia(site.store, rowFor(post.id, original, processed, 0, altText, processed.missing));
    updatePost(site.store, post.id, { mime_type: processed.mime });
    return answer({ post: getPost(site.store, post.id)!, media: getMedia(site.store, post.id) });
  });
}

/** Makes the sub-sizes an item lacks; safe to repeat. */
export async function createMissingSizes<T>(site: SiteContext, user: RequestUser, record: MediaRecord, answer: Answer<T>): Promise<T> {
  const { post, media } = record;
  if (!media || !post.mime_type.startsWith('image/')) throw new RestError('rest_cannot_edit_file_type', 'This type of file cannot be edited.', 400);
  const existing = JSON.parse(media.details) as ImageDetails;
  const bytes = await site.media.read(media.original_file);
  const type = await detectType(bytes, media.original_file);
  if (!type) throw new RestError('rest_cannot_edit_file_type', 'This type of file cannot be edited.', 400);
  // The served type tells whether the upload asked for conversion.
  const processed = await imageWork(user.id, () => processImage(site, media.original_file, bytes, type, { generateSubSizes: true, convertFormat: post.mime_type !== type.mime, existing: existing.width ? existing : undefined }));
  if (!processed) throw new RestError('rest_image_processing_failed', 'The image could not be read to make its sizes.', 500);
  return storeSizes(site, post, media.original_file, processed, answer);
}

export function updateMediaItem(site: SiteContext, record: MediaRecord, user: RequestUser, params: MediaWriteParams, sent: ReadonlySet<string>): MediaRecord {
  checkParentPost(site, params, sent);
  const mapped = asPostParams(params, sent);
  return site.store.transaction(() => {
    const post = updateExistingPost(site, record.post, user, mapped.params, mapped.sent);
    if (params.alt_text === undefined || !record.media) return { post, media: record.media };
    const media = { ...record.media, alt_text: plainText(params.alt_text) };
    setAltText(site.store, post.id, media.alt_text);
    return { post, media };
  });
}

/**
 * Removes the item's rows; returns every file of it (all sizes), which the caller removes
 * once the rows are gone for good (after the transaction), so a failed delete keeps them.
 */
export function deleteMediaForever(site: SiteContext, record: MediaRecord): string[] {
  deletePostForever(site, record.post);
  return record.media ? [...new Set(filesOf(record.media))] : [];
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === '0' || value === 0 || (Array.isArray(value) && value.length === 0);

/**
 * As the reference API: the original's camera metadata fills what the edited file lacks (its
 * orientation is now applied), and the edited image names the item it came from.
 */
function carryOver(details: ImageDetails, record: MediaRecord): ImageDetails {
  const original = JSON.parse(record.media!.details) as Partial<ImageDetails>;
  const meta: Record<string, unknown> = { ...details.image_meta };
  for (const [key, value] of Object.entries(original.image_meta ?? {})) {
    if (isEmpty(meta[key]) && !isEmpty(value)) meta[key] = value;
  }
  if (!isEmpty(meta.orientation)) meta.orientation = '1';
  return { ...details, image_meta: meta as unknown as ImageDetails['image_meta'], parent_image: { attachment_id: record.post.id, file: record.media!.original_file } };
}

/**
 * A new item for an edited image: the original item's texts and parent, the edited file. Run in
 * the image queue; `edit` makes the edited pixels while the new file's name is claimed.
 */
export async function createEditedItem<T>(site: SiteContext, record: MediaRecord, user: RequestUser, edit: () => Promise<DecodedImage>, mime: string, answer: Answer<T>): Promise<T> {
  const { post, media } = record;
  const ext = EXTENSIONS[mime] ?? 'jpg';
  const type: DetectedType = { mime: ext === 'jpg' ? 'image/jpeg' : mime, ext, mediaType: 'image' };
  // Editing an edited image gives `name-edited-2`, never `name-edited-edited`.
  const base = `${safeBaseName(media!.original_file).replace(/-(scaled|rotated)$/, '').replace(/-edited(-\d+)?$/, '')}-edited`;
  const name = reserveMediaName(site, monthDir(), base, ext);
  const params = { title: post.title, caption: post.excerpt, description: post.content, post: post.parent, status: 'inherit', alt_text: media!.alt_text };
  // The edited file is made with its sizes, from the same pixels; a size that fails is left to post-process.
  const makeFiles = async () => {
    const processed = await makeImageFiles(site.media, name, { decoded: await edit(), mime: type.mime }, { generateSubSizes: true, convertFormat: true });
    return { ...processed, details: carryOver(processed.details, record) };
  };
  return storeNewItem(site, name, async () => {}, makeFiles, (relative, processed) => createMediaRow(site, user, params, new Set(Object.keys(params)), type.mime, relative, processed, 0, true), answer);
}
