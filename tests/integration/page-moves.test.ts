// Saving a move of the page tree against a real site: one batch of parent and order writes,
// each only if the page is as the tree showed it; any refusal (a page changed elsewhere, a
// writer without the right, a cycle) puts back what went through and says which page and why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { SiteClient } from '../../shared/site-client.ts';
import type { Post } from '../../shared/site-types.ts';
import { childrenOf } from '../../renderer/posts/useAllPages.ts';
import { changesFor, keyPlacement } from '../../renderer/posts/tree-moves.ts';
import { MoveRefused, savePageMoves } from '../../renderer/posts/save-page-moves.ts';

describe('saving page tree moves', () => {
  let site: TestSite;
  const client = (role: TestRole) => new SiteClient(site.running.site.context.urls.apiRoot, { login: site.users[role].login, password: site.users[role].appPassword });

  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  /** A fresh tree: Top with children A, B, C (orders 0, 1, 2), as the tree reads it. */
  async function tree() {
    const editor = client('editor');
    const top = await editor.post<Post>('cms/v2/pages', { title: 'Top', status: 'publish' });
    const kids: Post[] = [];
    for (const [order, title] of ['A', 'B', 'C'].entries()) kids.push(await editor.post<Post>('cms/v2/pages', { title, status: 'publish', parent: top.id, menu_order: order }));
    const read = async () => (await editor.list<Post>('cms/v2/pages', { context: 'edit', include: [top.id, ...kids.map((kid) => kid.id)].join(','), _fields: 'id,title,status,parent,menu_order,modified_gmt' })).items;
    return { top, kids, read };
  }
  const orders = (pages: Post[]) => Object.fromEntries(pages.map((page) => [page.title.raw, `${page.parent}:${page.menu_order}`]));
  const versionIn = (pages: Post[]) => (id: number) => pages.find((page) => page.id === id)?.modified_gmt;

  it('saves a move and answers the pages’ new versions, so the next move goes through', async () => {
    const { top, kids, read } = await tree();
    let pages = await read();
    const changes = changesFor(childrenOf(pages), kids[2].id, keyPlacement(childrenOf(pages), kids[2].id, 'up')!);
    const versions = await savePageMoves(client('editor'), pages, changes, versionIn(pages));
    expect(orders(await read())).toMatchObject({ A: `${top.id}:0`, C: `${top.id}:1`, B: `${top.id}:2` });
    expect([...versions.keys()].sort()).toEqual([kids[1].id, kids[2].id].sort());
    // The next move uses the answered versions, not the ones first read.
    pages = pages.map((page) => ({ ...page, ...changes.find((change) => change.id === page.id), modified_gmt: versions.get(page.id) ?? page.modified_gmt }));
    const next = changesFor(childrenOf(pages), kids[2].id, keyPlacement(childrenOf(pages), kids[2].id, 'out')!);
    await savePageMoves(client('editor'), pages, next, versionIn(pages));
    expect(orders(await read())).toMatchObject({ C: '0:1' });
  });

  it('puts back what went through when a page was changed elsewhere, and names it', async () => {
    const { top, kids, read } = await tree();
    const pages = await read();
    // A move of C up writes C then B; B is edited by someone else first.
    await client('administrator').post(`cms/v2/pages/${kids[1].id}`, { content: 'Edited elsewhere.' });
    const changes = changesFor(childrenOf(pages), kids[2].id, keyPlacement(childrenOf(pages), kids[2].id, 'up')!);
    expect(changes.map((change) => change.id)).toEqual([kids[2].id, kids[1].id]);
    const refusal = savePageMoves(client('editor'), pages, changes, versionIn(pages));
    await expect(refusal).rejects.toThrow(MoveRefused);
    await expect(refusal).rejects.toThrow('“B” could not be moved: it was changed elsewhere since the tree was shown. The tree is as it was.');
    expect(orders(await read())).toMatchObject({ A: `${top.id}:0`, B: `${top.id}:1`, C: `${top.id}:2` });
  });

  it('says the site’s reason when the writer may not move pages, and nothing changes', async () => {
    const { top, kids, read } = await tree();
    const pages = await read();
    const changes = changesFor(childrenOf(pages), kids[0].id, keyPlacement(childrenOf(pages), kids[0].id, 'down')!);
    await expect(savePageMoves(client('author'), pages, changes, versionIn(pages))).rejects.toThrow('“B” could not be moved: Sorry, you are not allowed to edit this page. The tree is as it was.');
    expect(orders(await read())).toMatchObject({ A: `${top.id}:0`, B: `${top.id}:1` });
  });

  it('the site refuses a page under its own subpage, whatever the client sends', async () => {
    const { top, kids, read } = await tree();
    const pages = await read();
    await expect(savePageMoves(client('editor'), pages, [{ id: top.id, parent: kids[0].id, menu_order: 0 }], versionIn(pages)))
      .rejects.toThrow('“Top” could not be moved: Invalid post parent ID: a page cannot be placed under one of its own subpages. The tree is as it was.');
    expect(orders(await read())).toMatchObject({ Top: '0:0' });
  });
});
