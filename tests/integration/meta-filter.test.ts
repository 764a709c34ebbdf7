// Text a writer without unfiltered_html (contributor, author) stores beside a post is filtered
// as WordPress filters such fields: every registered string meta field of each deployment
// (footnotes apart, which are HTML and filtered as content is) and seo/v1's own settings are
// plain text for them, so no reader of `meta`, of get_head's JSON or of its HTML gets their
// markup. Editors and administrators keep what they write. Generated over fields and roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { DEPLOYMENTS } from '../../server/deployments.ts';

const MARKUP = '<script>alert(1)</script><b onmouseover="x()">Bold</b> words<img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>';
const FILTERED_ROLES: TestRole[] = ['contributor', 'author'];
const TRUSTED_ROLES: TestRole[] = ['editor', 'administrator'];

/** A post of `role`'s own, in a status that role may give it. */
async function ownPost(site: TestSite, role: TestRole): Promise<{ id: number; link: string }> {
  const status = role === 'contributor' ? 'pending' : 'publish';
  const response = await site.api('/cms/v2/posts', { method: 'POST', as: role, body: { title: `Post of the ${role}`, status } });
  expect(response.status).toBe(201);
  return response.body;
}

function expectNoMarkup(text: unknown, where: string) {
  expect(typeof text, where).toBe('string');
  expect(text as string, where).not.toMatch(/<|javascript:|onerror|onmouseover/);
  expect(text as string, where).toContain('Bold');
}

for (const deployment of ['a', 'b'] as const) {
  const textFields = Object.entries(DEPLOYMENTS[deployment].postMeta).filter(([key, field]) => field.type === 'string' && key !== 'footnotes').map(([key]) => key);
  describe.runIf(textFields.length > 0)(`deployment ${deployment}: string meta fields (${textFields.join(', ')})`, () => {
    let site: TestSite;
    beforeAll(async () => {
      site = await startTestSite(deployment);
    });
    afterAll(async () => {
      await site.close();
    });

    it('are stored without markup for contributors and authors, on create and update', async () => {
      for (const role of FILTERED_ROLES) {
        for (const field of textFields) {
          const created = await site.api('/cms/v2/posts', { method: 'POST', as: role, body: { title: 't', status: 'draft', meta: { [field]: MARKUP } } });
          expect(created.status).toBe(201);
          expectNoMarkup(created.body.meta[field], `${role} ${field} create`);
          const updated = await site.api(`/cms/v2/posts/${created.body.id}`, { method: 'POST', as: role, body: { meta: { [field]: `x ${MARKUP}` } } });
          expectNoMarkup(updated.body.meta[field], `${role} ${field} update`);
          const read = await site.api(`/cms/v2/posts/${created.body.id}`, { as: 'administrator', query: { context: 'edit' } });
          expectNoMarkup(read.body.meta[field], `${role} ${field} read`);
        }
      }
    });

    it('are stored as written for editors and administrators', async () => {
      for (const role of TRUSTED_ROLES) {
        for (const field of textFields) {
          const created = await site.api('/cms/v2/posts', { method: 'POST', as: role, body: { title: 't', status: 'draft', meta: { [field]: MARKUP } } });
          expect(created.body.meta[field]).toBe(MARKUP);
        }
      }
    });
  });
}

describe('seo/v1 post settings and get_head', () => {
  const SETTINGS = ['seo_title', 'meta_description', 'focus_keyphrase'] as const;
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('b');
  });
  afterAll(async () => {
    await site.close();
  });

  it('stores every text setting of a contributor or author without markup, and get_head prints none of it', async () => {
    for (const role of FILTERED_ROLES) {
      const post = await ownPost(site, role);
      const body = Object.fromEntries(SETTINGS.map((name) => [name, `${name} ${MARKUP}`]));
      const saved = await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: role, body });
      expect(saved.status).toBe(200);
      for (const name of SETTINGS) expectNoMarkup(saved.body.settings[name], `${role} ${name}`);
      const head = await site.api('/seo/v1/get_head', { as: role, query: { url: post.link } });
      expect(head.status).toBe(200);
      for (const key of ['title', 'description', 'og_title', 'og_description', 'twitter_title', 'twitter_description'] as const) {
        if (head.body.json[key] !== undefined) expectNoMarkup(head.body.json[key], `${role} get_head ${key}`);
      }
      expect(JSON.stringify(head.body.json.schema)).not.toMatch(/<script|onerror|javascript:/);
      expect(head.body.html).not.toMatch(/<script>alert|<img|onerror=|<b /);
    }
  });

  it('keeps an editor\'s settings as written', async () => {
    const post = await ownPost(site, 'editor');
    const saved = await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: 'editor', body: { meta_description: MARKUP } });
    expect(saved.body.settings.meta_description).toBe(MARKUP);
  });
});
