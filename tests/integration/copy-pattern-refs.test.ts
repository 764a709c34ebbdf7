// A connected site's local copy reads a post's `{"ref":N}` as the site's id (the post's markup
// travels byte for byte): its own reading page draws the pattern sync's mapping names, the same
// the editor is told (the app's pattern-ids route), not the copy's item that happens to have id N,
// which a post of the copy names by the copy's own reference (shared/copy-pattern-refs.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../../shared/site-client.ts';
import { api, desktopApi, REST_BASES } from '../../shared/api-routes.ts';
import { startSignedInApp, type SignedInApp } from '../helpers/app-host-fixture.ts';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { syncToEnd } from '../helpers/app-sync.ts';
import { ownPatternRef } from '../../shared/copy-pattern-refs.ts';

const paragraph = (words: string) => `<!-- wp:paragraph -->\n<p>${words}</p>\n<!-- /wp:paragraph -->`;

let remote: TestSite;
let desktop: SignedInApp;
beforeAll(async () => {
  remote = await startTestSite('a');
  desktop = await startSignedInApp();
});
afterAll(async () => {
  await desktop?.close();
  await remote?.close();
});

describe('a synced pattern in a connected site\'s copy', () => {
  it('is drawn on the copy\'s page of a post as the site\'s id names it, through the mapping the editor is given', async () => {
    // Ids there run ahead of the copy's (items deleted there for good are never pulled), so that the copy can hold a pattern of its own under the same number.
    const fillers: number[] = [];
    for (let n = 0; n < 12; n++) fillers.push((await remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: `Filler ${n}`, status: 'draft' } })).body.id);
    const theirs = (await remote.api('cms/v2/blocks', { method: 'POST', as: 'administrator', body: { title: 'Theirs', content: paragraph('Words xqtheirs'), status: 'publish' } })).body;
    await remote.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Uses theirs', content: `${paragraph('Before')}\n\n<!-- wp:block {"ref":${theirs.id}} /-->`, status: 'publish' } });
    for (const id of fillers) await remote.api(`cms/v2/posts/${id}`, { method: 'DELETE', as: 'administrator', query: { force: true } });
    const account = remote.users.administrator;
    const site = await desktop.app.post(desktopApi.sites(), { address: remote.url, login: account.login, password: account.appPassword });
    expect(await syncToEnd(desktop.app, site.id)).toMatchObject({ result: 'ok' });
    const session = await desktop.app.post(desktopApi.copySession(site.id), {});
    const copy = new SiteClient(session.apiRoot, session.credentials);

    // A pattern made in the copy whose id here is the site's pattern's id there.
    let decoy = 0;
    while (decoy < theirs.id) decoy = (await copy.post(api.posts(REST_BASES.wp_block), { title: 'Decoy', content: paragraph('Words xqdecoy'), status: 'publish' })).id;
    expect(decoy).toBe(theirs.id);

    const ids = await desktop.app.get(desktopApi.patternIds(site.id));
    const [post] = await copy.get(api.posts(REST_BASES.post), { search: 'Uses theirs', context: 'edit' });
    expect(ids[theirs.id]).not.toBe(decoy);
    const page = await (await fetch(post.link)).text();
    expect(page).toContain('<p>Words xqtheirs</p>');
    expect(page).not.toContain('xqdecoy');
    const mine = (await copy.get(api.post(REST_BASES.wp_block, ids[theirs.id]), { context: 'edit' }));
    expect(mine.content.raw).toBe(paragraph('Words xqtheirs'));

    // A post of the copy using the pattern made here names it by the copy's own reference (as the editor puts it in): drawn, and not the site's.
    const own = await copy.post(api.posts(REST_BASES.post), { title: 'Uses mine', content: `${paragraph('Before')}\n\n<!-- wp:block {"ref":${ownPatternRef(decoy)}} /-->`, status: 'publish' });
    expect((await desktop.app.get(desktopApi.patternIds(site.id)))[ownPatternRef(decoy)]).toBe(decoy);
    const ownPage = await (await fetch(own.link)).text();
    expect(ownPage).toContain('<p>Words xqdecoy</p>');
    expect(ownPage).not.toContain('xqtheirs');
  });
});
