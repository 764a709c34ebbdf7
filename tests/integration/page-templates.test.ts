// The site's templates: declared as the template field's enum, applied by the reading pages,
// unknown ones refused with nothing written; a local copy keeps its remote's templates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectInvalidParam } from '../helpers/expect-api.ts';
import { createLocalCopy, openLocalCopy } from '../../server/local-copy/index.ts';

describe('page templates', () => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  const createPage = async (body: Record<string, unknown>) => {
    const result = await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body;
  };
  const siteStore = () => site.running.site.context.store;
  const html = async (link: string) => (await fetch(link)).text();

  it('declares the templates of each type in the route schema, as the reference does for a theme', async () => {
    const pages = await site.api('/cms/v2/pages', { method: 'OPTIONS' });
    expect(pages.body.schema.properties.template.enum).toEqual(['full-width', 'no-title', '']);
    const posts = await site.api('/cms/v2/posts', { method: 'OPTIONS' });
    expect(posts.body.schema.properties.template.enum).toEqual(['full-width', '']);
  });

  it('applies a page’s template on its reading page, and a change of template shows at once', async () => {
    const page = await createPage({ title: 'Landing', content: '<p>Wide words.</p>', status: 'publish', template: 'full-width' });
    expect(page.template).toBe('full-width');
    let text = await html(page.link);
    expect(text).toContain('<main class="template-full-width">');
    expect(text).toContain('<h1>Landing</h1>');
    const changed = await site.api(`/cms/v2/pages/${page.id}`, { method: 'POST', as: 'editor', body: { template: 'no-title' } });
    expect(changed.body.template).toBe('no-title');
    text = await html(page.link);
    expect(text).not.toContain('<h1>');
    expect(text).toContain('<p>Wide words.</p>');
    // Back to the default: the plain reading page.
    await site.api(`/cms/v2/pages/${page.id}`, { method: 'POST', as: 'editor', body: { template: '' } });
    text = await html(page.link);
    expect(text).toContain('<main><p class="site">');
    expect(text).toContain('<h1>Landing</h1>');
  });

  it('refuses a template the site does not have, or one not for the type, and writes nothing', async () => {
    const page = await createPage({ title: 'Kept', status: 'draft' });
    const refused = await site.api(`/cms/v2/pages/${page.id}`, { method: 'POST', as: 'editor', body: { title: 'Changed', template: 'page-wide.php' } });
    // The reference's words (its check_template), listing what the site offers.
    expectInvalidParam(refused, 'template', 'rest_invalid_param');
    expect(refused.body.data.params.template).toBe('template is not one of full-width, no-title.');
    const read = await site.api(`/cms/v2/pages/${page.id}`, { as: 'editor', query: { context: 'edit' } });
    expect([read.body.title.raw, read.body.template]).toEqual(['Kept', '']);
    expectInvalidParam(await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'x', template: 'no-title' } }), 'template');
    expectInvalidParam(await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { title: 'x', template: ['full-width'] } }), 'template');
    // An item keeps a template no longer offered (one set before the site had templates, or by a theme since gone).
    const old = await createPage({ title: 'Old', status: 'publish' });
    siteStore().run('UPDATE posts SET template = ? WHERE id = ?', 'old-theme.php', old.id);
    const kept = await site.api(`/cms/v2/pages/${old.id}`, { method: 'POST', as: 'editor', body: { title: 'Old, edited', template: 'old-theme.php' } });
    expect([kept.status, kept.body.template]).toEqual([200, 'old-theme.php']);
    expectInvalidParam(await site.api(`/cms/v2/pages/${old.id}`, { method: 'POST', as: 'editor', body: { template: 'other-theme.php' } }), 'template');
    // In a batch, a refused template stops only its own request.
    const batch = await site.api('/batch/v1', { method: 'POST', as: 'editor', body: { requests: [
      { path: `/cms/v2/pages/${page.id}`, body: { title: 'Batch', template: '../../etc/passwd' } },
      { path: `/cms/v2/pages/${page.id}`, body: { template: 'full-width' } },
    ] } });
    expect(batch.body.responses.map((response: { status: number }) => response.status)).toEqual([400, 200]);
    const after = await site.api(`/cms/v2/pages/${page.id}`, { as: 'editor', query: { context: 'edit' } });
    expect([after.body.title.raw, after.body.template]).toEqual(['Kept', 'full-width']);
  });

  it('a local copy takes the remote’s templates as they are (its remote judges them)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-templates-'));
    try {
      createLocalCopy(dir, 'a', 'http://127.0.0.1:9', { name: 'Remote', timezone: 'UTC' });
      const copy = openLocalCopy(dir, 'a', 'http://127.0.0.1:9');
      try {
        const id = await copy.save('page', { title: 'Blank one', template: 'blank', status: 'publish' });
        expect(copy.item(id)?.template).toBe('blank');
      } finally {
        copy.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
