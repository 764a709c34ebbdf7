// Templates against a real WordPress (Debian's package, a block theme): the templates the
// editor offers are the theme's custom ones for the type, read as the account may see them;
// a page's template goes both ways through sync, and the local copy keeps the remote's.
import { afterEach, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { readSiteTemplates } from '../../shared/site-templates.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { uniqueWord, wordpressFixture, type WordPressFixture } from '../helpers/wordpress-fixture.ts';

let f: WordPressFixture | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

const tag = () => uniqueWord('t');

describe('templates of a real WordPress', () => {
  it('offers the block theme’s custom templates of each type, by their titles', async () => {
    f = await wordpressFixture();
    // Those WordPress itself accepts for the type (its theme.json also names the 404 template, which it does not offer pages).
    expect(await readSiteTemplates(f.workspace.remote, 'wp/v2', 'pages')).toEqual([
      { slug: 'blog-alternative', title: 'Blog (Alternative)' },
      { slug: 'blank', title: 'Blank' },
    ]);
    expect(await readSiteTemplates(f.workspace.remote, 'wp/v2', 'posts')).toEqual([{ slug: 'blank', title: 'Blank' }]);
  });

  it('an editor, whom WordPress does not show the theme’s templates, is offered none rather than an error', async () => {
    f = await wordpressFixture({ as: 'editor' });
    expect(await readSiteTemplates(f.workspace.remote, 'wp/v2', 'pages')).toEqual([]);
  });

  it('carries a page’s template both ways, and WordPress refuses one its theme lacks', async () => {
    f = await wordpressFixture();
    const title = `Landing ${tag()}`;
    const local = await f.local('POST', 'pages', { title, status: 'publish', template: 'blank' });
    expect((await syncSite(f.workspace, { retry: FAST_RETRY })).result).toBe('ok');
    const remoteId = f.remoteIdOf(local.id);
    expect((await f.api(`wp/v2/pages/${remoteId}`, { query: { context: 'edit' } })).body.template).toBe('blank');
    // Changed on WordPress: the copy takes a template it has no enum for.
    await f.api(`wp/v2/pages/${remoteId}`, { method: 'POST', body: { template: 'blog-alternative' } });
    await syncSite(f.workspace, { retry: FAST_RETRY });
    expect(f.localRow(local.id)?.template).toBe('blog-alternative');
    // The reference's refusal of a template the theme does not have.
    const refused = await f.api(`wp/v2/pages/${remoteId}`, { method: 'POST', body: { template: 'page-wide.php' } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_invalid_param');
    expect(refused.body.data.params.template).toBe('template is not one of blog-alternative, blank.');
  });
});
