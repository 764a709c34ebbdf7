// Media both ways over real HTTP. Pull: the featured image and the content images of pulled
// posts come into the local library once each, and the local copy's content and featured
// image point at them (so the post shows its images offline). Push: a local draft's images
// are uploaded first and its content and featured image rewritten to the remote's; a pulled
// post edited here goes back with the remote's URLs and ids as they were.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMedia } from '../../server/store/media.ts';
import { syncSite } from '../../electron/remote/sync.ts';
import { BLUE, markedImage, pixelAt, readPixels, solidImage, uploadRaw } from '../helpers/images.ts';
import { FAST_RETRY, nextSecond, syncFixture, type SyncFixture } from '../helpers/sync-fixture.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

/** Where the app serves the copy: pulled content points at its files there. */
const SERVED_AT = 'http://127.0.0.1:8123/sites/copy-1';

function imageBlock(id: number, src: string): string {
  return `<!-- wp:image {"id":${id},"sizeSlug":"medium"} -->\n<figure class="wp-block-image size-medium"><img src="${src}" alt="" class="wp-image-${id}"/></figure>\n<!-- /wp:image -->`;
}

describe('media in sync', () => {
  // Each test has a remote and a local copy of its own: a remote image, and two published posts that use it.
  let f: SyncFixture;
  let remoteMedia: { id: number; source_url: string; media_details: { sizes: Record<string, { source_url: string }> } };
  let withImages: number;
  let featuredOnly: number;
  let originalContent: string;
  const countMedia = (store: typeof f.remote.running.site.context.store) => store.get<{ n: number }>("SELECT COUNT(*) AS n FROM posts WHERE type = 'attachment'")!.n;
  const localStore = () => siteOf(f.workspace.local).context.store;

  beforeEach(async () => {
    f = await syncFixture({ localBaseUrl: SERVED_AT });
    remoteMedia = (await uploadRaw(f.remote, await markedImage(800, 600), 'harbour.png', { contentType: 'image/png' })).body;
    originalContent = `<!-- wp:paragraph --><p>Look:</p><!-- /wp:paragraph -->\n${imageBlock(remoteMedia.id, remoteMedia.media_details.sizes.medium.source_url)}`;
    const create = (body: Record<string, unknown>) => f.remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { status: 'publish', ...body } });
    withImages = (await create({ title: 'With images', content: originalContent, featured_media: remoteMedia.id })).body.id;
    featuredOnly = (await create({ title: 'Featured only', content: 'No images', featured_media: remoteMedia.id })).body.id;
  });

  afterEach(async () => {
    await f?.close();
  });

  /** The first sync: both posts and their one image pulled. */
  async function firstSync(): Promise<void> {
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 2, pushed: 0 });
    expect(countMedia(localStore())).toBe(1);
  }

  it('pull brings the images of pulled posts into the local library once, and points the local copy at them', async () => {
    await firstSync();

    const post = f.localOf('post', withImages);
    const localMediaId = post.featured_media;
    expect(localMediaId).toBeGreaterThan(0);
    expect(f.localOf('post', featuredOnly).featured_media).toBe(localMediaId);
    const media = getMedia(localStore(), localMediaId)!;
    const bytes = await siteOf(f.workspace.local).context.media.read(media.file);
    expect(pixelAt(await readPixels(bytes), 799, 0)).toMatchObject({ ...BLUE, a: 255 });

    // No remote URL or id left in the local content: the medium size is the local medium size.
    expect(post.content).not.toContain(f.remote.url);
    expect(post.content).toContain(`class="wp-image-${localMediaId}"`);
    expect(post.content).toContain(`"id":${localMediaId}`);
    const localMedium = (await f.local('GET', `media/${localMediaId}`, undefined, { context: 'edit' })).media_details.sizes.medium.source_url as string;
    expect(localMedium.startsWith(`${SERVED_AT}/uploads/`)).toBe(true);
    expect(post.content).toContain(`src="${localMedium}"`);
    // The rewrite is not a local edit: nothing to push.
    expect(f.workspace.map.item('post', withImages)!.localVersion).toBe(post.version);
  });

  it('a later sync downloads nothing again and pushes nothing', async () => {
    await firstSync();
    await nextSecond();
    const before = f.requests.length;
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    expect(f.requests.slice(before).filter((line) => line.includes('/media'))).toEqual([]);
    expect(countMedia(localStore())).toBe(1);
  });

  it('a pulled post edited here goes back with the remote URLs and ids it had', async () => {
    await firstSync();
    await f.local('POST', `posts/${f.localOf('post', withImages).id}`, { title: 'With images, retitled offline' });
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
    expect(f.remoteRow(withImages)).toMatchObject({ title: 'With images, retitled offline', content: originalContent, featured_media: remoteMedia.id });
    expect(countMedia(f.remote.running.site.context.store)).toBe(1);
  });

  it('push uploads a local draft\'s images first and rewrites its content and featured image to the remote ones', async () => {
    const upload = await siteOf(f.workspace.local).dispatch({
      method: 'POST', path: '/cms/v2/media', query: {}, rawBody: await solidImage(640, 480, 'jpeg'),
      headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="offline.jpg"' },
      user: { id: 1, login: 'admin', role: 'administrator' },
    });
    expect(upload.status).toBe(201);
    const local = upload.body as typeof remoteMedia;
    const content = imageBlock(local.id, local.media_details.sizes.medium.source_url);
    const draft = (await f.local('POST', 'posts', { title: 'Photo essay', content, featured_media: local.id })).id;

    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
    const remoteId = f.workspace.map.itemByLocalId(draft)!.remoteId;
    const pushed = f.remoteRow(remoteId)!;
    expect(countMedia(f.remote.running.site.context.store)).toBe(2);
    const uploaded = (await f.remote.api(`cms/v2/media/${pushed.featured_media}`, { as: 'administrator', query: { context: 'edit' } })).body;
    expect(uploaded.id).not.toBe(remoteMedia.id);
    expect(pushed.content).toBe(imageBlock(uploaded.id, uploaded.media_details.sizes.medium.source_url));
    const served = await fetch(uploaded.media_details.sizes.medium.source_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    // The local draft keeps its local URLs.
    expect(f.localRow(draft)!.content).toBe(content);
  });
});
