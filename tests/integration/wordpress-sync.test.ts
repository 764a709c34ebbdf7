// Sync against a real WordPress (Debian's package, on loopback): the first sync of a fresh
// install with its default content, drafts with images, links, &, <, emoji and trailing
// spaces pushed as an administrator, an editor and an author (WordPress trims and filters
// them), a WordPress post's images both ways, what contributors and subscribers may and may
// not do, a wrong password, edits on both sides and each way out, the write that races a
// remote edit, remote trash and deletion, remote terms that take an id or a slug used here,
// and dates to the second.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { listConflicts, resolveConflict } from '../../electron/remote/merge/conflicts.ts';
import { getTerm } from '../../server/store/terms.ts';
import { termsOfPosts } from '../../server/store/posts.ts';
import { solidImage } from '../helpers/images.ts';
import { startWordPress, type RunningWordPress } from '../helpers/wordpress/wordpress.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { basicAuth, uniqueWord, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

const sync = (f: WordPressFixture) => syncSite(f.workspace, { retry: FAST_RETRY });

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

const tag = () => uniqueWord('t');

async function uploadLocal(fixture: WordPressFixture, name: string): Promise<{ id: number; source_url: string }> {
  const response = await siteOf(fixture.workspace.local).dispatch({
    method: 'POST', path: '/cms/v2/media', query: { title: name }, rawBody: await solidImage(64, 48, 'jpeg'),
    headers: { 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="${name}.jpg"` },
    user: { id: 1, login: 'admin', role: 'administrator' },
  });
  if (response.status !== 201) throw new Error(`upload: ${JSON.stringify(response.body)}`);
  return response.body as { id: number; source_url: string };
}

async function remotePost(fixture: WordPressFixture, id: number, kind = 'posts') {
  const { status, body } = await fixture.api(`wp/v2/${kind}/${id}`, { query: { context: 'edit' } });
  return status === 200 ? body : null;
}

describe('the first sync of a fresh WordPress', () => {
  let fresh: RunningWordPress;
  beforeAll(async () => {
    fresh = await startWordPress();
  });
  afterAll(async () => {
    await fresh?.stop();
  });

  it('copies its default content (the privacy page that ends a sentence with the site address included), then finds nothing to do', async () => {
    f = await wordpressFixture({ wp: fresh });
    const first = await sync(f);
    // "Hello world!", "Sample Page" and the draft "Privacy Policy".
    expect(first).toMatchObject({ result: 'ok', message: '', pulled: 3, pushed: 0 });
    const privacy = f.localOf('page', 3);
    expect(privacy).toMatchObject({ title: 'Privacy Policy', status: 'draft' });
    expect(privacy.content).toContain(`Our website address is: ${f.wp.url}.`);
    expect(f.localOf('post', 1)).toMatchObject({ title: 'Hello world!', status: 'publish' });
    expect(f.localOf('page', 2)).toMatchObject({ title: 'Sample Page' });

    expect(await sync(f)).toMatchObject({ result: 'ok', pulled: 0, pushed: 0, message: '' });
  });
});

describe('a wrong application password', () => {
  it('fails the run saying the password was not accepted, and keeps the local work', async () => {
    f = await wordpressFixture();
    const draft = (await f.local('POST', 'posts', { title: `Kept ${tag()}` })).id;
    f.sites.credentials.save(f.siteId, { login: 'admin', password: 'abcd efgh ijkl mnop qrst uvwx' });
    f.reopen();
    const run = await sync(f);
    expect(run).toMatchObject({ result: 'failed', pushed: 0 });
    expect(run.message).toMatch(/^127\.0\.0\.1:\d+ did not accept this user name and application password\./);
    expect(f.localRow(draft)).toBeDefined();
  });
});

describe.each(['administrator', 'editor', 'author'] as const)('drafts written here, pushed as the %s', (as) => {
  it('arrive once, with their image, links, &, <, emoji and trimmed title, and a second sync finds nothing to do', async () => {
    f = await wordpressFixture({ as });
    await sync(f);
    const word = tag();
    const image = await uploadLocal(f, `photo-${word}`);
    const content = [
      '<!-- wp:paragraph -->',
      `<p>Tom &amp; Jerry &lt;3 <a href="https://example.com/?a=1&amp;b=2">a link</a>, open http://localhost:3000. 😀 ${word}</p>`,
      '<!-- /wp:paragraph -->',
      '',
      `<!-- wp:image {"id":${image.id}} -->`,
      `<figure class="wp-block-image"><img src="${image.source_url}" alt="" class="wp-image-${image.id}"/></figure>`,
      '<!-- /wp:image -->',
    ].join('\n');
    const draft = (await f.local('POST', 'posts', { title: `Trailing space draft ${word} `, content, featured_media: image.id })).id;
    const plain = (await f.local('POST', 'posts', { title: `Tom & Jerry ${word}`, content: `<p>Fish & chips < 3 ${word}</p>` })).id;

    const run = await sync(f);
    expect(run).toMatchObject({ result: 'ok', pushed: 2, conflicts: 0 });
    expect(run.message).not.toMatch(/not sent|not created|could not/);
    const remote = await remotePost(f, f.remoteIdOf(draft));
    expect(remote.title.raw).toBe(`Trailing space draft ${word}`);
    expect(remote.featured_media).toBeGreaterThan(0);
    const media = (await f.api(`wp/v2/media/${remote.featured_media}`, { query: { context: 'edit' } })).body;
    expect(remote.content.raw).toContain(media.source_url);
    expect(remote.content.raw).toContain(`wp-image-${media.id}`);
    expect(remote.content.raw).toContain('😀');
    expect(remote.content.raw).toContain('http://localhost:3000.');

    // Nothing comes back, nothing goes twice.
    expect(await sync(f)).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    const found = (await f.api('wp/v2/posts', { query: { search: word, status: 'draft', context: 'edit' } })).body as { id: number }[];
    expect(found.map((item) => item.id).sort()).toEqual([f.remoteIdOf(draft), f.remoteIdOf(plain)].sort());
  });
});

describe('images of WordPress posts', () => {
  it('come here with the post (content and featured image point at the copies), and go back as WordPress\'s own files', async () => {
    f = await wordpressFixture();
    await sync(f);
    const word = tag();
    const upload = await fetch(`${f.wp.apiRoot}wp/v2/media`, {
      method: 'POST', body: new Uint8Array(await solidImage(800, 600, 'jpeg')),
      headers: { authorization: basicAuth(f.wp, 'administrator'), 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="remote-${word}.jpg"` },
    });
    const media = await upload.json() as { id: number; source_url: string; media_details: { sizes: Record<string, { source_url: string }> } };
    const medium = media.media_details.sizes.medium.source_url;
    const content = `<!-- wp:image {"id":${media.id},"sizeSlug":"medium"} -->\n<figure class="wp-block-image size-medium"><img src="${medium}" alt="" class="wp-image-${media.id}"/></figure>\n<!-- /wp:image -->`;
    const created = (await f.api('wp/v2/posts', { method: 'POST', body: { title: `With an image ${word}`, content, status: 'publish', featured_media: media.id } })).body;

    expect(await sync(f)).toMatchObject({ result: 'ok', pulled: 1, message: '' });
    const local = f.localOf('post', created.id);
    expect(local.content).not.toContain(f.wp.url);
    expect(local.featured_media).toBeGreaterThan(0);
    expect(local.content).toContain(`wp-image-${local.featured_media}`);
    expect(await sync(f)).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });

    await f.local('POST', `posts/${local.id}`, { title: `With an image ${word}, edited here` });
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 1 });
    const back = await remotePost(f, created.id);
    expect(back).toMatchObject({ featured_media: media.id, title: { raw: `With an image ${word}, edited here` } });
    expect(back.content.raw).toBe(content);
  });
});

describe('a subscriber', () => {
  it('is told that the account can sync nothing, and nothing is sent', async () => {
    f = await wordpressFixture({ as: 'subscriber' });
    await f.local('POST', 'posts', { title: `Not for a subscriber ${tag()}` });
    const run = await sync(f);
    expect(run).toMatchObject({ result: 'failed', pushed: 0, pulled: 0 });
    expect(run.message).toMatch(/^This account \(subscriber\) may not edit posts or pages on 127\.0\.0\.1:\d+, so there is nothing it can sync\./);
  });
});

describe('what a contributor may and may not do', () => {
  it('sends drafts and pending posts, and says plainly why a published post and an image were not sent', async () => {
    f = await wordpressFixture({ as: 'contributor' });
    const first = await sync(f);
    expect(first.result).toBe('ok');
    expect(first.message).toMatch(/This account \(contributor\) may not edit pages on the site/);
    const word = tag();
    const pending = (await f.local('POST', 'posts', { title: `For review ${word}`, content: '<p>Please look</p>', status: 'pending' })).id;
    const published = (await f.local('POST', 'posts', { title: `Published here ${word}`, content: '<p>Live</p>', status: 'publish' })).id;
    const image = await uploadLocal(f, `contrib-${word}`);
    await f.local('POST', 'posts', { title: `With a picture ${word}`, content: '<p>x</p>', featured_media: image.id });

    const run = await sync(f);
    expect(run.result).toBe('ok');
    expect(run.pushed).toBe(1);
    expect(run.message).toContain(`Post "Published here ${word}" was not sent to the site: This account (contributor) may not publish posts there. Set it to Waiting for review (as the editor calls it) to send it for review.`);
    expect(run.message).toContain(`Post "With a picture ${word}" was not created on the site: This account may not upload files to the site, so its images cannot be sent.`);
    expect((await remotePost(f, f.remoteIdOf(pending)))?.status).toBe('pending');
    expect(f.workspace.map.itemByLocalId(published)).toBeUndefined();
  });
});

describe('edits on both sides', () => {
  async function editedOnBothSides(fixture: WordPressFixture) {
    const word = tag();
    const created = (await fixture.api('wp/v2/posts', { method: 'POST', body: { title: `Both ${word}`, content: '<p>Original</p>', status: 'publish' } })).body;
    await sync(fixture);
    const local = fixture.localOf('post', created.id);
    await fixture.local('POST', `posts/${local.id}`, { content: '<p>Edited here</p>' });
    await fixture.api(`wp/v2/posts/${created.id}`, { method: 'POST', body: { content: '<p>Edited there</p>' } });
    const run = await sync(fixture);
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1 });
    const [conflict] = listConflicts(fixture.workspace);
    expect(conflict).toMatchObject({ remoteId: created.id, local: { content: '<p>Edited here</p>' }, remote: { content: '<p>Edited there</p>' } });
    return { remoteId: created.id, localId: local.id, conflict, word };
  }

  it('keep this computer\'s version: it goes to the site', async () => {
    f = await wordpressFixture();
    const { remoteId, conflict } = await editedOnBothSides(f);
    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
    expect((await remotePost(f, remoteId)).content.raw).toBe('<p>Edited here</p>');
    expect(await sync(f)).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
  });

  it('keep the site\'s version: it comes here', async () => {
    f = await wordpressFixture();
    const { remoteId, localId, conflict } = await editedOnBothSides(f);
    await resolveConflict(f.workspace, conflict.id, 'remote', { retry: FAST_RETRY });
    expect(f.localRow(localId)!.content).toBe('<p>Edited there</p>');
    expect(await sync(f)).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    expect((await remotePost(f, remoteId)).content.raw).toBe('<p>Edited there</p>');
  });

  it('keep both: the local version becomes a new draft there too', async () => {
    f = await wordpressFixture();
    const { remoteId, localId, conflict, word } = await editedOnBothSides(f);
    await resolveConflict(f.workspace, conflict.id, 'both', { retry: FAST_RETRY });
    expect(f.localRow(localId)!.content).toBe('<p>Edited there</p>');
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 1 });
    const found = (await f.api('wp/v2/posts', { query: { search: word, status: 'publish,draft', context: 'edit' } })).body as { id: number; content: { raw: string } }[];
    expect(found.map((item) => item.content.raw).sort()).toEqual(['<p>Edited here</p>', '<p>Edited there</p>']);
    expect(found.map((item) => item.id)).toContain(remoteId);
  });

  it('keep this computer\'s version after the site changed again: nothing overwritten, and the conflict shows the newest version', async () => {
    f = await wordpressFixture();
    const { remoteId, conflict } = await editedOnBothSides(f);
    await f.api(`wp/v2/posts/${remoteId}`, { method: 'POST', body: { content: '<p>Edited there again</p>' } });
    await expect(resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY })).rejects.toMatchObject({
      name: 'ConflictChangedError', message: expect.stringMatching(/changed again/),
    });
    expect((await remotePost(f, remoteId)).content.raw).toBe('<p>Edited there again</p>');
    expect(listConflicts(f.workspace)[0].remote.content).toBe('<p>Edited there again</p>');
  });
});

describe('a write that races a remote edit', () => {
  it('is found in the revisions after the write: the other writer\'s text is put back and both are shown as a conflict', async () => {
    f = await wordpressFixture({ proxy: true });
    const word = tag();
    const created = (await f.api('wp/v2/posts', { method: 'POST', body: { title: `Race ${word}`, content: '<p>Original</p>', status: 'publish' } })).body;
    await sync(f);
    const local = f.localOf('post', created.id);
    await f.local('POST', `posts/${local.id}`, { content: '<p>Mine</p>' });
    // The other writer's save lands after the app re-read the post and before its write arrives.
    f.proxy!.before = {
      matches: (method, url) => method === 'POST' && url.includes(`/wp/v2/posts/${created.id}`),
      run: async () => void (await f!.api(`wp/v2/posts/${created.id}`, { method: 'POST', as: 'editor', body: { content: '<p>Theirs</p>' } })),
    };

    const run = await sync(f);
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1, pushed: 0 });
    expect((await remotePost(f, created.id)).content.raw).toBe('<p>Theirs</p>');
    const [conflict] = listConflicts(f.workspace);
    expect(conflict).toMatchObject({ local: { content: '<p>Mine</p>' }, remote: { content: '<p>Theirs</p>' } });
    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
    expect((await remotePost(f, created.id)).content.raw).toBe('<p>Mine</p>');
  });
});

describe('remote trash and deletion', () => {
  it('a post trashed there goes to the trash here; one deleted there is deleted here; one deleted there but edited here is a conflict that says so', async () => {
    f = await wordpressFixture();
    const word = tag();
    const make = async (title: string) => (await f!.api('wp/v2/posts', { method: 'POST', body: { title: `${title} ${word}`, status: 'publish' } })).body.id as number;
    const trashed = await make('Trashed');
    const deleted = await make('Deleted');
    const edited = await make('Edited here');
    await sync(f);
    const [trashedHere, deletedHere, editedHere] = [trashed, deleted, edited].map((id) => f!.localOf('post', id).id);
    await f.local('POST', `posts/${editedHere}`, { content: '<p>Kept</p>' });
    await f.api(`wp/v2/posts/${trashed}`, { method: 'DELETE' });
    await f.api(`wp/v2/posts/${deleted}`, { method: 'DELETE', query: { force: 'true' } });
    await f.api(`wp/v2/posts/${edited}`, { method: 'DELETE', query: { force: 'true' } });

    const run = await sync(f);
    expect(run).toMatchObject({ result: 'conflicts', conflicts: 1 });
    expect(f.localRow(trashedHere)!.status).toBe('trash');
    expect(f.localRow(deletedHere)).toBeUndefined();
    const [conflict] = listConflicts(f.workspace);
    expect(conflict).toMatchObject({ localId: editedHere, remote: { status: 'deleted' }, local: { content: '<p>Kept</p>' } });
    // Keeping this computer's version makes it anew there.
    await resolveConflict(f.workspace, conflict.id, 'local', { retry: FAST_RETRY });
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 1 });
    expect((await remotePost(f, f.remoteIdOf(editedHere))).content.raw).toBe('<p>Kept</p>');
  });
});

describe('terms', () => {
  it('a remote tag that takes an id a tag made here holds: both kept, each post with its own', async () => {
    f = await wordpressFixture();
    await sync(f);
    const word = tag();
    const remoteTag = (await f.api('wp/v2/tags', { method: 'POST', body: { name: `Remote ${word}` } })).body;
    // Tags made here until one holds the remote tag's number.
    let localTag = 0;
    for (let n = 0; localTag < remoteTag.id; n++) localTag = (await f.local('POST', 'tags', { name: `Local ${word} ${n}` })).id;
    expect(localTag).toBe(remoteTag.id);
    const localName = getTerm(siteOf(f.workspace.local).context.store, localTag, 'post_tag')!.name;
    const draft = (await f.local('POST', 'posts', { title: `Tagged here ${word}`, tags: [localTag] })).id;
    const remotePostId = (await f.api('wp/v2/posts', { method: 'POST', body: { title: `Tagged there ${word}`, status: 'publish', tags: [remoteTag.id] } })).body.id;

    expect(await sync(f)).toMatchObject({ result: 'ok' });
    expect(getTerm(siteOf(f.workspace.local).context.store, localTag, 'post_tag')!.name).toBe(localName);
    const pulledTags = termsOfPosts(siteOf(f.workspace.local).context.store, [f.localOf('post', remotePostId).id]).get(f.localOf('post', remotePostId).id)!.post_tag;
    expect(pulledTags.map((id) => getTerm(siteOf(f!.workspace.local).context.store, id, 'post_tag')!.name)).toEqual([`Remote ${word}`]);
    const sent = await remotePost(f, f.remoteIdOf(draft));
    const sentNames = await Promise.all((sent.tags as number[]).map(async (id) => (await f!.api(`wp/v2/tags/${id}`)).body.name));
    expect(sentNames).toEqual([localName]);
  });
});

describe('terms of the same slug on both sides', () => {
  it('are one term: a remote tag whose slug a tag made here has is linked to it, not copied', async () => {
    f = await wordpressFixture();
    await sync(f);
    const word = tag();
    const localTag = (await f.local('POST', 'tags', { name: `Shared ${word}` })).id;
    const remoteTag = (await f.api('wp/v2/tags', { method: 'POST', body: { name: `Shared ${word}` } })).body;
    const remotePostId = (await f.api('wp/v2/posts', { method: 'POST', body: { title: `Shared tag ${word}`, status: 'publish', tags: [remoteTag.id] } })).body.id;
    const draft = (await f.local('POST', 'posts', { title: `Shared tag here ${word}`, tags: [localTag] })).id;

    expect(await sync(f)).toMatchObject({ result: 'ok' });
    const local = f.localOf('post', remotePostId);
    expect(termsOfPosts(siteOf(f.workspace.local).context.store, [local.id]).get(local.id)!.post_tag).toEqual([localTag]);
    expect(siteOf(f.workspace.local).context.store.all('SELECT id FROM terms WHERE slug LIKE ?', `shared-${word}%`)).toHaveLength(1);
    expect((await remotePost(f, f.remoteIdOf(draft))).tags).toEqual([remoteTag.id]);
  });
});

describe('dates', () => {
  it('a published date keeps its seconds both ways', async () => {
    f = await wordpressFixture();
    const created = (await f.api('wp/v2/posts', { method: 'POST', body: { title: `Dated ${tag()}`, status: 'publish', date_gmt: '2024-03-05T11:19:03' } })).body;
    await sync(f);
    const local = f.localOf('post', created.id);
    expect(local.date_gmt).toMatch(/11:19:03/);
    await f.local('POST', `posts/${local.id}`, { content: '<p>Edited here</p>' });
    expect(await sync(f)).toMatchObject({ result: 'ok', pushed: 1 });
    expect((await remotePost(f, created.id)).date_gmt).toBe('2024-03-05T11:19:03');
  });
});
