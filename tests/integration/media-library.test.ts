// The media library over HTTP once items exist: list filters and paging, contexts, updates,
// trash and permanent delete (with every file, and nothing else), post-processing of
// missing sizes, and the serving of files under /uploads; on each media storage backend.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import { dimensions, markedImage, solidImage, uploadMultipart, uploadRaw } from '../helpers/images.ts';
import { MEDIA_BACKENDS, removeStored, startMediaBackend, storedBytes, storedFiles, storedModified, storedSize, type MediaBackend } from '../helpers/media-backends.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const ids = (body: { id: number }[]) => body.map((item) => item.id).sort((a, b) => a - b);
const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

/**
 * A GET with the path and headers sent as written: fetch would resolve `..` before sending,
 * and adds `Cache-Control: no-cache` to conditional requests (which rightly defeats a 304).
 */
function rawGet(site: TestSite, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

type Library = Record<'photo' | 'diagram' | 'notes' | 'paper' | 'authors' | 'secret' | 'binned', any>;

describe.each(MEDIA_BACKENDS)('media library (%s)', (backendName) => {
  let backend: MediaBackend;
  let site: TestSite;
  let postA: number;
  let postB: number;
  const item: Library = {} as Library;

  /** A new site with the library below: two posts, five items in view, a private one and one in the bin. */
  async function seededSite(item: Library): Promise<{ site: TestSite; postA: number; postB: number }> {
    const site = await startTestSite('a', backend.choice);
    // On PostgreSQL the data directory has no database file: a private file stands in for it beside the uploads.
    if (ON_POSTGRES) fs.writeFileSync(path.join(site.dataDir, 'site.db'), 'SQLite format 3\0 (a private file beside the uploads)');
    const postA = (await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Post A', status: 'publish' } })).body.id;
    const postB = (await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Post B', status: 'publish' } })).body.id;
    const upload = async (promise: ReturnType<typeof uploadRaw>) => {
      const response = await promise;
      expect(response.status).toBe(201);
      return response.body;
    };
    // Created in this order, so by date (then id) the newest is `binned`.
    item.photo = await upload(uploadMultipart(site, await solidImage(800, 600, 'jpeg'), 'harbour.jpg', { post: String(postA), title: 'Harbour photo' }));
    item.diagram = await upload(uploadMultipart(site, await solidImage(400, 300, 'png'), 'diagram.png', { post: String(postB), title: 'Zebra diagram' }));
    item.notes = await upload(uploadRaw(site, Buffer.from('Meeting notes\n'), 'notes.txt'));
    item.paper = await upload(uploadRaw(site, PDF, 'paper.pdf'));
    item.authors = await upload(uploadRaw(site, await solidImage(200, 200, 'webp'), 'by-author.webp', { as: 'author' }));
    item.secret = await upload(uploadRaw(site, await solidImage(160, 160, 'png'), 'secret.png'));
    item.binned = await upload(uploadRaw(site, await solidImage(160, 160, 'png'), 'binned.png'));
    expect((await site.api(`/cms/v2/media/${item.secret.id}`, { method: 'POST', as: 'administrator', body: { status: 'private' } })).status).toBe(200);
    expect((await site.api(`/cms/v2/media/${item.binned.id}`, { method: 'DELETE', as: 'administrator' })).status).toBe(200);
    return { site, postA, postB };
  }

  beforeAll(async () => {
    backend = await startMediaBackend(backendName);
    ({ site, postA, postB } = await seededSite(item));
  });
  afterAll(async () => {
    await site.close();
    await backend.close();
  });

  describe('list', () => {
    // A library of its own: the tests below it change, add and delete items of the shared one.
    let site: TestSite;
    let postA: number;
    let postB: number;
    const item: Library = {} as Library;
    beforeAll(async () => {
      ({ site, postA, postB } = await seededSite(item));
    });
    afterAll(() => site.close());

    it('lists items with status inherit by default, to anyone', async () => {
      const response = await site.api('/cms/v2/media', { query: { per_page: 100 } });
      expect(response.status).toBe(200);
      expect(ids(response.body)).toEqual(sorted(item.photo.id, item.diagram.id, item.notes.id, item.paper.id, item.authors.id));
      expect(response.headers.get('x-wp-total')).toBe('5');
      expect(response.headers.get('x-wp-totalpages')).toBe('1');
    });

    it('filters by media_type', async () => {
      const images = await site.api('/cms/v2/media', { query: { media_type: ['image'] } });
      expect(ids(images.body)).toEqual(sorted(item.photo.id, item.diagram.id, item.authors.id));
      const application = await site.api('/cms/v2/media', { query: { media_type: ['application'] } });
      expect(ids(application.body)).toEqual([item.paper.id]);
      expect(application.body[0]).toMatchObject({ mime_type: 'application/pdf', media_type: 'file' });
      const text = await site.api('/cms/v2/media', { query: { media_type: ['text'] } });
      expect(ids(text.body)).toEqual([item.notes.id]);
      const both = await site.api('/cms/v2/media', { query: { media_type: ['text', 'application'] } });
      expect(ids(both.body)).toEqual(sorted(item.notes.id, item.paper.id));
      expect((await site.api('/cms/v2/media', { query: { media_type: ['video'] } })).body).toEqual([]);
      const invalid = await site.api('/cms/v2/media', { query: { media_type: ['picture'] } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.code).toBe('rest_invalid_param');
    });

    it('filters by mime_type', async () => {
      expect(ids((await site.api('/cms/v2/media', { query: { mime_type: ['image/png'] } })).body)).toEqual([item.diagram.id]);
      expect(ids((await site.api('/cms/v2/media', { query: { mime_type: ['image/png', 'image/webp'] } })).body)).toEqual(sorted(item.diagram.id, item.authors.id));
      expect(ids((await site.api('/cms/v2/media', { query: { mime_type: ['text/plain'] } })).body)).toEqual([item.notes.id]);
    });

    it('filters by parent and parent_exclude', async () => {
      expect(ids((await site.api('/cms/v2/media', { query: { parent: [postA] } })).body)).toEqual([item.photo.id]);
      expect(ids((await site.api('/cms/v2/media', { query: { parent: [postA, postB] } })).body)).toEqual(sorted(item.photo.id, item.diagram.id));
      expect(ids((await site.api('/cms/v2/media', { query: { parent: [0] } })).body)).toEqual(sorted(item.notes.id, item.paper.id, item.authors.id));
      expect(ids((await site.api('/cms/v2/media', { query: { parent_exclude: [postA] } })).body)).toEqual(
        sorted(item.diagram.id, item.notes.id, item.paper.id, item.authors.id),
      );
    });

    it('filters by status inherit, private and trash for those who may see them', async () => {
      const privateOnes = await site.api('/cms/v2/media', { as: 'administrator', query: { status: ['private'] } });
      expect(privateOnes.status).toBe(200);
      expect(ids(privateOnes.body)).toEqual([item.secret.id]);
      const trashed = await site.api('/cms/v2/media', { as: 'administrator', query: { status: ['trash'] } });
      expect(ids(trashed.body)).toEqual([item.binned.id]);
      expect(trashed.body[0].status).toBe('trash');
      const mixed = await site.api('/cms/v2/media', { as: 'administrator', query: { status: ['inherit', 'private'], media_type: ['image'] } });
      expect(ids(mixed.body)).toEqual(sorted(item.photo.id, item.diagram.id, item.authors.id, item.secret.id));
      for (const who of [null, 'subscriber'] as const) {
        const refused = await site.api('/cms/v2/media', { as: who, query: { status: ['private'] } });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('rest_invalid_param');
      }
      const other = await site.api('/cms/v2/media', { as: 'administrator', query: { status: ['publish'] } });
      expect(other.status).toBe(400);
    });

    it('pages with X-WP-Total, X-WP-TotalPages and Link headers', async () => {
      const first = await site.api('/cms/v2/media', { query: { per_page: 2, orderby: 'id', order: 'asc' } });
      expect(first.headers.get('x-wp-total')).toBe('5');
      expect(first.headers.get('x-wp-totalpages')).toBe('3');
      expect(ids(first.body)).toEqual([item.photo.id, item.diagram.id]);
      expect(first.headers.get('link')).toContain('rel="next"');
      expect(first.headers.get('link')).not.toContain('rel="prev"');
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1];
      expect(new URL(next).searchParams.get('page')).toBe('2');
      const second = await fetch(next);
      expect(ids((await second.json()) as { id: number }[])).toEqual([item.notes.id, item.paper.id]);
      const last = await site.api('/cms/v2/media', { query: { per_page: 2, page: 3, orderby: 'id', order: 'asc' } });
      expect(ids(last.body)).toEqual([item.authors.id]);
      expect(last.headers.get('link')).toContain('rel="prev"');
      expect(last.headers.get('link')).not.toContain('rel="next"');
      const beyond = await site.api('/cms/v2/media', { query: { per_page: 2, page: 4 } });
      expect(beyond.status).toBe(400);
      expect(beyond.body.code).toBe('rest_post_invalid_page_number');
      expect((await site.api('/cms/v2/media', { query: { per_page: 101 } })).status).toBe(400);
      const offset = await site.api('/cms/v2/media', { query: { per_page: 2, offset: 4, orderby: 'id', order: 'asc' } });
      expect(ids(offset.body)).toEqual([item.authors.id]);
    });

    it('orders, searches and filters by author and include', async () => {
      const byTitle = await site.api('/cms/v2/media', { query: { orderby: 'title', order: 'asc', media_type: ['image'] } });
      expect(byTitle.body.map((entry: any) => entry.title.rendered)).toEqual(['by-author', 'Harbour photo', 'Zebra diagram']);
      expect(ids((await site.api('/cms/v2/media', { query: { search: 'zebra' } })).body)).toEqual([item.diagram.id]);
      expect(ids((await site.api('/cms/v2/media', { query: { author: [site.users.author.id] } })).body)).toEqual([item.authors.id]);
      expect(ids((await site.api('/cms/v2/media', { query: { include: [item.paper.id, item.notes.id] } })).body)).toEqual(sorted(item.paper.id, item.notes.id));
    });
  });

  describe('contexts', () => {
    it('view: rendered fields, no raw ones', async () => {
      const { body } = await site.api(`/cms/v2/media/${item.photo.id}`);
      expect(body).toMatchObject({
        id: item.photo.id, type: 'attachment', status: 'inherit', slug: 'harbour-photo', author: site.users.administrator.id,
        media_type: 'image', mime_type: 'image/jpeg', post: postA, alt_text: '', source_url: item.photo.source_url,
        title: { rendered: 'Harbour photo' }, caption: { rendered: '' },
      });
      expect(body.title.raw).toBeUndefined();
      expect(body.caption.raw).toBeUndefined();
      expect(body.description.raw).toBeUndefined();
      expect(body.description.rendered).toContain('<img');
      expect(body.missing_image_sizes).toBeUndefined();
      expect(body.permalink_template).toBeUndefined();
      expect(body.media_details.sizes.medium).toMatchObject({ width: 300, height: 225 });
      for (const field of ['date', 'date_gmt', 'modified', 'modified_gmt', 'link', 'guid', 'meta', 'comment_status', 'ping_status', 'template']) {
        expect(body, field).toHaveProperty(field);
      }
      for (const field of ['content', 'excerpt', 'password', 'format', 'sticky', 'categories', 'tags', 'parent', 'menu_order']) {
        expect(body, field).not.toHaveProperty(field);
      }
    });

    it('embed: the short form', async () => {
      const { body } = await site.api(`/cms/v2/media/${item.photo.id}`, { query: { context: 'embed' } });
      for (const field of ['id', 'date', 'slug', 'type', 'link', 'title', 'author', 'caption', 'alt_text', 'media_type', 'mime_type', 'media_details', 'source_url']) {
        expect(body, field).toHaveProperty(field);
      }
      for (const field of ['description', 'post', 'status', 'meta', 'modified', 'guid', 'comment_status', 'missing_image_sizes']) {
        expect(body, field).not.toHaveProperty(field);
      }
      expect(body.title).toEqual({ rendered: 'Harbour photo' });
    });

    it('edit: raw fields and missing sizes, for those who may edit', async () => {
      const { status, body } = await site.api(`/cms/v2/media/${item.photo.id}`, { as: 'editor', query: { context: 'edit' } });
      expect(status).toBe(200);
      expect(body).toMatchObject({ title: { raw: 'Harbour photo' }, caption: { raw: '' }, description: { raw: '' }, missing_image_sizes: [] });
      expect(body).toHaveProperty('permalink_template');
      expect(body).toHaveProperty('generated_slug');
      const anonymous = await site.api(`/cms/v2/media/${item.photo.id}`, { query: { context: 'edit' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('rest_forbidden_context');
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { as: 'subscriber', query: { context: 'edit' } })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { as: 'author', query: { context: 'edit' } })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.authors.id}`, { as: 'author', query: { context: 'edit' } })).status).toBe(200);
      expect((await site.api('/cms/v2/media', { query: { context: 'edit' } })).status).toBe(401);
    });

    it('hides private and trashed items from those who may not see them', async () => {
      expect((await site.api(`/cms/v2/media/${item.secret.id}`)).status).toBe(401);
      expect((await site.api(`/cms/v2/media/${item.secret.id}`, { as: 'subscriber' })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.secret.id}`, { as: 'editor' })).status).toBe(200);
      expect((await site.api(`/cms/v2/media/${item.binned.id}`)).status).toBe(401);
      expect((await site.api(`/cms/v2/media/${item.binned.id}`, { as: 'administrator' })).body.status).toBe('trash');
      expect((await site.api('/cms/v2/media/999999')).status).toBe(404);
      // A post is not a media item.
      expect((await site.api(`/cms/v2/media/${postA}`)).status).toBe(404);
    });
  });

  describe('update', () => {
    it('changes alt_text, caption, description, title and post', async () => {
      const upload = await uploadRaw(site, await solidImage(60, 60, 'png'), 'to-update.png');
      const id = upload.body.id;
      const response = await site.api(`/cms/v2/media/${id}`, {
        method: 'POST', as: 'administrator',
        body: { alt_text: 'A grey square', caption: 'Grey <em>square</em>', description: 'Longer words.', title: 'Grey', post: postB },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        alt_text: 'A grey square', caption: { raw: 'Grey <em>square</em>' }, description: { raw: 'Longer words.' }, title: { raw: 'Grey' }, post: postB,
      });
      expect(response.body.caption.rendered).toContain('<p>Grey <em>square</em></p>');
      expect(response.body.description.rendered).toContain('alt="A grey square"');
      expect(response.body.description.rendered).toContain('<p>Longer words.</p>');
      // The file is untouched.
      expect(response.body.source_url).toBe(upload.body.source_url);
      const read = await site.api(`/cms/v2/media/${id}`, { as: 'administrator', query: { context: 'edit' } });
      expect(read.body).toMatchObject({ alt_text: 'A grey square', post: postB, title: { raw: 'Grey' } });
      expect(ids((await site.api('/cms/v2/media', { query: { parent: [postB] } })).body)).toContain(id);

      // PUT and PATCH too; a field left out keeps its value; post 0 detaches.
      const put = await site.api(`/cms/v2/media/${id}`, { method: 'PUT', as: 'administrator', body: { alt_text: '' } });
      expect(put.body).toMatchObject({ alt_text: '', caption: { raw: 'Grey <em>square</em>' }, post: postB });
      const patch = await site.api(`/cms/v2/media/${id}`, { method: 'PATCH', as: 'administrator', body: { post: 0 } });
      expect(patch.status).toBe(200);
      expect(patch.body.post).toBeNull();
    });

    it('refuses a post that does not exist, and wrong types', async () => {
      const bad = await site.api(`/cms/v2/media/${item.notes.id}`, { method: 'POST', as: 'administrator', body: { post: 999999 } });
      expect(bad.status).toBe(400);
      const wrongType = await site.api(`/cms/v2/media/${item.notes.id}`, { method: 'POST', as: 'administrator', body: { alt_text: ['x'] } });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.code).toBe('rest_invalid_param');
    });

    it('needs the right to edit the item', async () => {
      const body = { alt_text: 'Changed' };
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'POST', body })).status).toBe(401);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'POST', as: 'subscriber', body })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'POST', as: 'contributor', body })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'POST', as: 'author', body })).status).toBe(403);
      const own = await site.api(`/cms/v2/media/${item.authors.id}`, { method: 'POST', as: 'author', body });
      expect(own.status).toBe(200);
      expect(own.body.alt_text).toBe('Changed');
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { as: 'administrator', query: { context: 'edit' } })).body.alt_text).toBe('');
    });
  });

  describe('delete', () => {
    it('moves to the trash by default, keeping the files', async () => {
      const upload = await uploadRaw(site, await solidImage(400, 300, 'jpeg'), 'trash-me.jpg');
      const before = (await storedFiles(site));
      const response = await site.api(`/cms/v2/media/${upload.body.id}`, { method: 'DELETE', as: 'administrator' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: upload.body.id, status: 'trash' });
      expect((await storedFiles(site))).toEqual(before);
      expect(ids((await site.api('/cms/v2/media', { as: 'administrator', query: { status: ['trash'] } })).body)).toContain(upload.body.id);
      expect(ids((await site.api('/cms/v2/media', { query: { per_page: 100 } })).body)).not.toContain(upload.body.id);
      const again = await site.api(`/cms/v2/media/${upload.body.id}`, { method: 'DELETE', as: 'administrator' });
      expect(again.status).toBe(410);
      expect(again.body.code).toBe('rest_already_trashed');
      expect((await fetch(upload.body.source_url)).status).toBe(200);
    });

    it('with force=true removes the row and every file of the item (all sizes), and nothing else', async () => {
      // A big photo turned by EXIF: original, -scaled copy and every size.
      const upload = await uploadRaw(site, await markedImage(3000, 2000, { format: 'jpeg', orientation: 6, mark: 200 }), 'doomed.jpg');
      const edited = await site.api(`/cms/v2/media/${upload.body.id}/edit`, {
        method: 'POST', as: 'administrator', body: { src: upload.body.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }] },
      });
      expect(edited.status).toBe(201);
      const dir = path.posix.dirname(new URL(upload.body.source_url).pathname).replace(/^\/uploads\//, '');
      const own = (await storedFiles(site)).filter((file) => /(^|\/)doomed(-scaled|-\d+x\d+)?\.jpg$/.test(file));
      expect(own.length).toBe(2 + Object.keys(upload.body.media_details.sizes).length - 1);
      const before = (await storedFiles(site));

      const response = await site.api(`/cms/v2/media/${upload.body.id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
      expect(response.status).toBe(200);
      expect(response.body.deleted).toBe(true);
      expect(response.body.previous).toMatchObject({ id: upload.body.id, source_url: upload.body.source_url });
      expect((await site.api(`/cms/v2/media/${upload.body.id}`, { as: 'administrator' })).status).toBe(404);
      const store = site.running.site.context.store;
      expect(store.get('SELECT * FROM media WHERE post_id = ?', upload.body.id)).toBeUndefined();
      expect(store.get('SELECT * FROM posts WHERE id = ?', upload.body.id)).toBeUndefined();
      expect((await storedFiles(site))).toEqual(before.filter((file) => !own.includes(file)));
      expect(await storedSize(site, `${dir}/doomed.jpg`)).toBeNull();
      // The edited image made from it stays, with its files.
      const kept = await site.api(`/cms/v2/media/${edited.body.id}`);
      expect(kept.status).toBe(200);
      expect((await fetch(kept.body.source_url)).status).toBe(200);
      expect((await fetch(upload.body.source_url)).status).toBe(404);
      // Everything else is still there: the database too.
      expect(fs.existsSync(path.join(site.dataDir, 'site.db'))).toBe(true);
    });

    it('force-deletes an item from the trash', async () => {
      const upload = await uploadRaw(site, await solidImage(50, 50, 'png'), 'twice-deleted.png');
      await site.api(`/cms/v2/media/${upload.body.id}`, { method: 'DELETE', as: 'administrator' });
      const response = await site.api(`/cms/v2/media/${upload.body.id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
      expect(response.status).toBe(200);
      expect(await storedSize(site, upload.body.source_url)).toBeNull();
    });

    it('needs the right to delete the item', async () => {
      const before = (await storedFiles(site));
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'DELETE', query: { force: true } })).status).toBe(401);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'DELETE', as: 'author', query: { force: true } })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`, { method: 'DELETE', as: 'contributor' })).status).toBe(403);
      expect((await site.api(`/cms/v2/media/${item.photo.id}`)).body.status).toBe('inherit');
      expect((await storedFiles(site))).toEqual(before);
      expect((await site.api('/cms/v2/media/999999', { method: 'DELETE', as: 'administrator', query: { force: true } })).status).toBe(404);
    });
  });

  describe('post-process create-image-subsizes', () => {
    it('makes a size file again after it was lost, and is safe to repeat', async () => {
      const upload = await uploadRaw(site, await solidImage(3000, 2000, 'jpeg'), 'restored.jpg');
      const sizes = upload.body.media_details.sizes;
      await removeStored(site, sizes.medium.source_url);
      await removeStored(site, upload.body.source_url);
      expect((await fetch(sizes.medium.source_url)).status).toBe(404);
      const untouched = await storedModified(site, sizes.thumbnail.source_url);

      const run = () => site.api(`/cms/v2/media/${upload.body.id}/post-process`, { method: 'POST', as: 'administrator', body: { action: 'create-image-subsizes' } });
      const first = await run();
      expect(first.status).toBe(200);
      expect(first.body.media_details.sizes).toEqual(sizes);
      expect(first.body.missing_image_sizes).toEqual([]);
      expect(await dimensions(await storedBytes(site, sizes.medium.source_url))).toEqual({ width: 300, height: 200 });
      expect(await dimensions(await storedBytes(site, upload.body.source_url))).toEqual({ width: 2560, height: 1707 });
      expect((await fetch(sizes.medium.source_url)).status).toBe(200);
      // Sizes that were there are left alone.
      expect(await storedModified(site, sizes.thumbnail.source_url)).toBe(untouched);

      const files = (await storedFiles(site));
      const second = await run();
      expect(second.status).toBe(200);
      expect(second.body.media_details).toEqual(first.body.media_details);
      expect((await storedFiles(site))).toEqual(files);
    });

    it('refuses a wrong action, a file that is not an image, and users who may not edit', async () => {
      const url = `/cms/v2/media/${item.photo.id}/post-process`;
      const missing = await site.api(url, { method: 'POST', as: 'administrator', body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('rest_missing_callback_param');
      const wrong = await site.api(url, { method: 'POST', as: 'administrator', body: { action: 'regenerate-everything' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('rest_invalid_param');
      const text = await site.api(`/cms/v2/media/${item.notes.id}/post-process`, { method: 'POST', as: 'administrator', body: { action: 'create-image-subsizes' } });
      expect(text.status).toBe(400);
      expect((await site.api(url, { method: 'POST', body: { action: 'create-image-subsizes' } })).status).toBe(401);
      expect((await site.api(url, { method: 'POST', as: 'author', body: { action: 'create-image-subsizes' } })).status).toBe(403);
    });
  });

  describe('serving /uploads', () => {
    it('serves each file with its content type and safe headers', async () => {
      const cases: [string, string][] = [
        [item.photo.source_url, 'image/jpeg'],
        [item.diagram.source_url, 'image/png'],
        [item.authors.source_url, 'image/webp'],
        [item.notes.source_url, 'text/plain'],
        [item.paper.source_url, 'application/pdf'],
        [item.photo.media_details.sizes.thumbnail.source_url, 'image/jpeg'],
      ];
      for (const [url, type] of cases) {
        const response = await fetch(url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type'), url).toContain(type);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toContain('sandbox');
        expect(Buffer.from(await response.arrayBuffer()).equals(await storedBytes(site, url))).toBe(true);
      }
    });

    it('answers conditional requests: ETag and Last-Modified, 304 when unchanged', async () => {
      const first = await fetch(item.diagram.source_url);
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag).toBeTruthy();
      expect(lastModified).toBeTruthy();
      const filePath = new URL(item.diagram.source_url).pathname;
      const byEtag = await rawGet(site, filePath, { 'if-none-match': etag! });
      expect(byEtag.status).toBe(304);
      expect(byEtag.body.length).toBe(0);
      expect(byEtag.headers.etag).toBe(etag);
      const byDate = await rawGet(site, filePath, { 'if-modified-since': lastModified! });
      expect(byDate.status).toBe(304);
      const otherEtag = await rawGet(site, filePath, { 'if-none-match': '"something-else"' });
      expect(otherEtag.status).toBe(200);
      // A client that writes back only over the version it has (If-Match) is told it changed.
      expect((await rawGet(site, filePath, { 'if-match': etag! })).status).toBe(200);
      expect((await rawGet(site, filePath, { 'if-match': '"something-else"' })).status).toBe(412);
      expect((await rawGet(site, filePath, { 'if-unmodified-since': 'Thu, 01 Jan 2004 00:00:00 GMT' })).status).toBe(412);
      // A client asking to bypass caches gets the file.
      const noCache = await rawGet(site, filePath, { 'if-none-match': etag!, 'cache-control': 'no-cache' });
      expect(noCache.status).toBe(200);
    });

    it('answers range requests with 206', async () => {
      const whole = await storedBytes(site, item.photo.source_url);
      const response = await fetch(item.photo.source_url, { headers: { range: 'bytes=0-9' } });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes 0-9/${whole.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(0, 10))).toBe(true);
      const tail = await fetch(item.photo.source_url, { headers: { range: 'bytes=-5' } });
      expect(tail.status).toBe(206);
      expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(whole.length - 5))).toBe(true);
      const unsatisfiable = await fetch(item.photo.source_url, { headers: { range: `bytes=${whole.length + 10}-` } });
      expect(unsatisfiable.status).toBe(416);
    });

    it('answers HEAD with the headers only', async () => {
      const response = await fetch(item.photo.source_url, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(await storedSize(site, item.photo.source_url)));
    });

    it('answers 404 for files that do not exist', async () => {
      expect((await fetch(`${site.url}/uploads/2001/01/nothing.jpg`)).status).toBe(404);
      expect((await fetch(`${site.url}/uploads/`)).status).toBe(404);
    });

    it('refuses path traversal in every spelling, and dot files', async () => {
      await site.running.site.context.media.write('.secret', Buffer.from('hidden'));
      const db = fs.readFileSync(path.join(site.dataDir, 'site.db')).subarray(0, 16);
      expect(db.toString('latin1')).toContain('SQLite format 3');
      const month = path.posix.dirname(new URL(item.photo.source_url).pathname);
      const attempts = [
        '/uploads/../site.db',
        '/uploads/%2e%2e/site.db',
        '/uploads/%2E%2E/site.db',
        '/uploads/.%2e/site.db',
        '/uploads/..%2fsite.db',
        '/uploads/..%2Fsite.db',
        '/uploads/%2e%2e%2fsite.db',
        '/uploads/..%5csite.db',
        '/uploads/..\\site.db',
        '/uploads/%252e%252e/site.db',
        '/uploads//../site.db',
        `${month}/../../../site.db`,
        `${month}/..%2f..%2f..%2fsite.db`,
        '/uploads/%00../site.db',
        '/uploads/.secret',
        '/uploads/%2esecret',
      ];
      for (const attempt of attempts) {
        const response = await rawGet(site, attempt);
        expect(response.status, attempt).toBeGreaterThanOrEqual(400);
        expect(response.status, attempt).toBeLessThan(500);
        expect(response.body.toString('latin1'), attempt).not.toContain('SQLite format');
        expect(response.body.toString('latin1'), attempt).not.toContain('hidden');
      }
    });

    it('serves and reads a file only if its real path is in the library: links out of it are no file', async () => {
      const media = site.running.site.context.media;
      const folder = 'folder' in media ? media.folder : undefined;
      if (folder === undefined) return; // an object store has no links
      const outside = path.join(site.dataDir, 'outside');
      fs.mkdirSync(outside, { recursive: true });
      fs.writeFileSync(path.join(outside, 'private.txt'), 'private words');
      const month = path.posix.dirname(new URL(item.photo.source_url).pathname).replace(/^\/uploads\//, '');
      const links: [string, string][] = [
        ['linked-file.txt', path.join(outside, 'private.txt')],
        ['linked-db', path.join(site.dataDir, 'site.db')],
        ['linked-dir', outside],
        [`${month}/linked-up.txt`, '../../../outside/private.txt'],
      ];
      for (const [name, target] of links) fs.symlinkSync(target, path.join(folder, name));
      fs.symlinkSync(path.basename(new URL(item.notes.source_url).pathname), path.join(folder, month, 'inside-link.txt'));
      try {
        for (const address of ['/uploads/linked-file.txt', '/uploads/linked-db', '/uploads/linked-dir/private.txt', `/uploads/${month}/linked-up.txt`, '/uploads/linked-%64ir/private.txt']) {
          const response = await rawGet(site, address);
          expect(response.status, address).toBe(404);
          expect(response.body.toString('latin1'), address).not.toMatch(/private words|SQLite format/);
        }
        for (const relative of ['linked-file.txt', 'linked-dir/private.txt', `${month}/linked-up.txt`]) {
          await expect(media.read(relative), relative).rejects.toMatchObject({ code: 'ENOENT' });
          expect(await media.size(relative), relative).toBeNull();
        }
        // A link that stays inside the library is a file like any other.
        const inside = await rawGet(site, `/uploads/${month}/inside-link.txt`);
        expect([inside.status, inside.body.toString()]).toEqual([200, 'Meeting notes\n']);
      } finally {
        for (const [name] of links) fs.rmSync(path.join(folder, name));
        fs.rmSync(path.join(folder, month, 'inside-link.txt'));
      }
    });
  });
});
