// A push to the real WordPress through a proxy that, at each step of the push (media upload,
// term, the batch of creates or a single create, an update, a trashing), cuts the connection before the request
// reaches WordPress, loses the answer after WordPress did the work, or never answers. The
// run ends offline; after a restart the next sync finishes the push: every item is there
// once, with its image and tag, the edit and the trashing done, nothing duplicated.
import { afterEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { solidImage } from '../helpers/images.ts';
import type { Fault } from '../helpers/sync-fixture.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { uniqueWord, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';
import { siteOf } from '../../server/local-copy/site-copy.ts';

const STEPS = {
  'media upload': (method: string, url: string) => method === 'POST' && /\/wp\/v2\/media(\?|$)/.test(url),
  'tag creation': (method: string, url: string) => method === 'POST' && /\/wp\/v2\/tags(\?|$)/.test(url),
  'batch of creates': (method: string, url: string) => method === 'POST' && url.includes('/batch/v1'),
  // Where the batch route is hidden, creates go one by one.
  'single create': (method: string, url: string) => method === 'POST' && /\/wp\/v2\/posts(\?|$)/.test(url),
  'update': (method: string, url: string, ids: Ids) => method === 'POST' && new RegExp(`/wp/v2/posts/${ids.edited}(\\?|$)`).test(url),
  'trashing': (method: string, url: string, ids: Ids) => method === 'DELETE' && new RegExp(`/wp/v2/posts/${ids.trashed}(\\?|$)`).test(url),
} as const;
/** A stalled answer is given up as the app's time limit does, once the proxy holds it (Proxy.givingUpAtHold), not after a time. */
const FAULTS: Fault[] = ['cut', 'lose-answer', 'stall'];

interface Ids {
  edited: number;
  trashed: number;
}

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

const cases = Object.keys(STEPS).flatMap((step) => FAULTS.map((fault) => [step, fault] as [keyof typeof STEPS, Fault]));

describe('a push cut short at each step, then resumed', () => {
  it.each(cases)('at the %s, the proxy does "%s": offline, then nothing lost and nothing duplicated', async (step, fault) => {
    f = await wordpressFixture({ proxy: true, hideBatch: step === 'single create' });
    const word = uniqueWord('f');
    const api = f.api;
    const make = async (title: string) => (await api('wp/v2/posts', { method: 'POST', body: { title: `${title} ${word}`, content: '<p>Before</p>', status: 'publish' } })).body.id as number;
    const ids: Ids = { edited: await make('To edit'), trashed: await make('To trash') };
    expect((await syncSite(f.workspace, { retry: FAST_RETRY })).result).toBe('ok');

    const upload = await siteOf(f.workspace.local).dispatch({
      // A title WordPress stores otherwise (trimmed, & encoded): the lost upload is found all the same.
      method: 'POST', path: '/cms/v2/media', query: { title: `Photo & co ${word} ` }, rawBody: await solidImage(40, 30, 'jpeg'),
      headers: { 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="photo-${word}.jpg"` },
      user: { id: 1, login: 'admin', role: 'administrator' },
    });
    const image = upload.body as { id: number; source_url: string };
    const localTag = (await f.local('POST', 'tags', { name: `Tag ${word}` })).id;
    // Titles and words WordPress normalises: trimmed, & encoded.
    const drafts = ['One ', 'Two & two', 'Three'].map((name) => `${name} ${word}`);
    await f.local('POST', 'posts', {
      title: drafts[0], tags: [localTag], featured_media: image.id,
      content: `<p>Picture</p><figure class="wp-block-image"><img src="${image.source_url}" class="wp-image-${image.id}"/></figure>`,
    });
    for (const title of drafts.slice(1)) await f.local('POST', 'posts', { title, content: `<p>${title}</p>` });
    await f.local('POST', `posts/${f.localOf('post', ids.edited).id}`, { content: '<p>Edited here</p>' });
    await f.local('DELETE', `posts/${f.localOf('post', ids.trashed).id}`);

    f.proxy!.fault = { matches: (method, url) => STEPS[step](method, url, ids), fault };
    const cut = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(f.proxy!.fault, 'the run went as far as the fault').toBeNull();
    expect(cut.result).toBe('offline');
    expect(cut.message).toMatch(/local changes are kept/);

    f.reopen();
    f.proxy!.mode = 'pass';
    const resumed = await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(resumed).toMatchObject({ result: 'ok', conflicts: 0 });
    expect(resumed.message).toBe('');

    const found = (await api('wp/v2/posts', { query: { search: word, status: 'publish,draft,trash', context: 'edit', per_page: '100' } })).body as { id: number; title: { raw: string }; status: string; content: { raw: string }; tags: number[]; featured_media: number }[];
    const byTitle = (title: string) => found.filter((item) => item.title.raw.replaceAll('&amp;', '&') === title.trim());
    for (const title of drafts) expect(byTitle(title), title).toHaveLength(1);
    expect(byTitle(`To edit ${word}`)[0].content.raw).toBe('<p>Edited here</p>');
    expect(byTitle(`To trash ${word}`)[0].status).toBe('trash');
    const media = (await api('wp/v2/media', { query: { search: word, context: 'edit' } })).body as { id: number; source_url: string }[];
    expect(media).toHaveLength(1);
    const tags = (await api('wp/v2/tags', { query: { search: `Tag ${word}` } })).body as { id: number }[];
    expect(tags).toHaveLength(1);
    const first = byTitle(drafts[0])[0];
    expect(first).toMatchObject({ featured_media: media[0].id, tags: [tags[0].id] });
    // The app knows WordPress by the proxy's address, so the file's URL has the proxy's origin.
    expect(first.content.raw).toContain(`${f.proxy!.url}${new URL(media[0].source_url).pathname}`);
    expect(first.content.raw).toContain(`wp-image-${media[0].id}`);
    // And nothing is left to do.
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
    expect(f.proxy!.count(/batch\/v1/) === 0).toBe(step === 'single create');
  });
});

describe('a lost batch answer for an author, whose text WordPress filters (no unfiltered_html)', () => {
  it('finds the created drafts afterwards though WordPress stored them otherwise, and sends each once', async () => {
    f = await wordpressFixture({ as: 'author', proxy: true });
    expect((await syncSite(f.workspace, { retry: FAST_RETRY })).result).toBe('ok');
    const word = uniqueWord('k');
    const titles = [`Tom & Jerry ${word} `, `  Fish <em>and</em> chips ${word}`, `Plain ${word}`];
    const localIds: number[] = [];
    for (const [n, title] of titles.entries()) {
      localIds.push((await f.local('POST', 'posts', { title, content: `<p onclick="x()">Fish & chips ${n} <3 <span style="color:red">red</span> 😀 ${word}</p>` })).id);
    }
    f.proxy!.fault = { matches: (method, url) => method === 'POST' && url.includes('/batch/v1'), fault: 'lose-answer' };
    expect((await syncSite(f.workspace, { retry: FAST_RETRY })).result).toBe('offline');
    f.reopen();
    f.proxy!.mode = 'pass';
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 3, conflicts: 0 });
    const found = (await f.api('wp/v2/posts', { query: { search: word, status: 'draft', context: 'edit', per_page: '100' } })).body as { id: number }[];
    expect(found.map((item) => item.id).sort()).toEqual(localIds.map((id) => f!.remoteIdOf(id)).sort());
    expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
  });
});
