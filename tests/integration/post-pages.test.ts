// A post's own address as a reading page, and its preview: published items are public,
// anything else only with credentials that may edit it (with the writer's newer autosave),
// dates in the site's time zone, which a new site takes from its settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';

describe('post pages and previews', () => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite('a', { timezone: 'America/New_York' });
  });
  afterAll(() => site.close());

  const create = async (body: Record<string, unknown>, route = 'posts') => {
    // Authors write posts; pages need an editor.
    const result = await site.api(`/cms/v2/${route}`, { method: 'POST', as: route === 'posts' ? 'author' : 'editor', body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body;
  };

  const page = async (address: string, as?: TestRole, headers: Record<string, string> = {}) => {
    const response = await fetch(address, { headers: { ...headers, ...(as ? { authorization: site.authHeader(as) } : {}) } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  const previewOf = (link: string) => `${link}${link.includes('?') ? '&' : '?'}preview=true`;

  it('a new site says its zone, and a date set at 09:00 is 09:00 there', async () => {
    const index = await site.api('/');
    expect(index.body.timezone_string).toBe('America/New_York');
    expect([-4, -5]).toContain(index.body.gmt_offset);
    const post = await create({ title: 'Winter', status: 'publish', date: '2026-01-15T09:00:00' });
    expect(post.date).toBe('2026-01-15T09:00:00');
    expect(post.date_gmt).toBe('2026-01-15T14:00:00');
  });

  it('serves a published post at its permalink, readable, with its date in the site zone', async () => {
    const post = await create({ title: 'On <b>walking</b>', content: '<!-- wp:paragraph --><p>First steps.</p><!-- /wp:paragraph -->', status: 'publish', date: '2026-03-02T08:30:00' });
    expect(post.link).toMatch(/\/2026\/03\/02\/on-walking\/$/);
    const answer = await page(post.link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/html');
    expect(answer.text).toContain('<p>First steps.</p>');
    expect(answer.text).not.toContain('wp:paragraph');
    expect(answer.text).toContain('March 2, 2026 at 8:30 am (America/New York)');
    expect(answer.text).not.toContain('Preview');
    // The content is shown as the site rendered it, and nothing on the page can run.
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(answer.headers.get('content-security-policy')).not.toContain('script-src');
  });

  it('serves a published page at its path and by ?page_id=', async () => {
    const parent = await create({ title: 'About', status: 'publish', content: 'About us' }, 'pages');
    const child = await create({ title: 'Team', status: 'publish', parent: parent.id, content: 'The team' }, 'pages');
    expect(child.link).toMatch(/\/about\/team\/$/);
    expect((await page(child.link)).text).toContain('The team');
    expect((await page(`${site.url}/?page_id=${child.id}`)).text).toContain('The team');
  });

  it('answers 404 for a draft, a scheduled or a private post without credentials, even with preview=true', async () => {
    for (const status of ['draft', 'future', 'private', 'pending']) {
      const post = await create({ title: `Secret ${status}`, content: `hidden ${status} words`, status, ...(status === 'future' ? { date: '2099-01-01T09:00:00' } : {}) });
      for (const address of [post.link, previewOf(post.link)]) {
        const answer = await page(address);
        expect(answer.status, `${status} ${address}`).toBe(404);
        expect(answer.text).not.toContain('hidden');
      }
    }
  });

  it('answers 404 for an item id that names nothing, as the reference does, while other queries still get the home page', async () => {
    for (const query of ['p=999999', 'page_id=999999', 'p=abc', 'p=-1', 'p=0']) {
      expect((await page(`${site.url}/?${query}`)).status, query).toBe(404);
    }
    expect((await page(`${site.url}/?utm_source=newsletter`)).status).toBe(200);
  });

  it('previews a draft for whoever may edit it, and for nobody else', async () => {
    const post = await create({ title: 'Draft in progress', content: 'unfinished words', status: 'draft' });
    const own = await page(previewOf(post.link), 'author');
    expect(own.status).toBe(200);
    expect(own.text).toContain('unfinished words');
    expect(own.text).toContain('Preview');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await page(previewOf(post.link), 'editor')).status).toBe(200);
    // A contributor cannot edit another's draft; a subscriber nothing; a wrong password is nobody.
    expect((await page(previewOf(post.link), 'contributor')).status).toBe(404);
    expect((await page(previewOf(post.link), 'subscriber')).status).toBe(404);
    const wrong = await page(previewOf(post.link), undefined, { authorization: `Basic ${Buffer.from('author1:wrong').toString('base64')}` });
    expect(wrong.status).toBe(404);
    expect(wrong.text).not.toContain('unfinished');
  });

  it("a preview of a published post shows the writer's newer autosave; readers still see the published text", async () => {
    const post = await create({ title: 'Live', content: 'published words', status: 'publish' });
    const autosave = await site.api(`/cms/v2/posts/${post.id}/autosaves`, { method: 'POST', as: 'author', body: { title: 'Live', content: 'words not yet published' } });
    expect(autosave.status).toBe(200);
    expect((await page(previewOf(post.link), 'author')).text).toContain('words not yet published');
    const reader = await page(post.link);
    expect(reader.text).toContain('published words');
    expect(reader.text).not.toContain('not yet published');
    // Another editor's preview is not the author's autosave.
    expect((await page(previewOf(post.link), 'editor')).text).not.toContain('not yet published');
  });

  it('keeps password-protected content behind the password', async () => {
    const post = await create({ title: 'Locked', content: 'behind a password', status: 'publish', password: 'open sesame' });
    const answer = await page(post.link);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('behind a password');
    expect(answer.text).toContain('protected by a password');
  });

  it('a trashed post is gone from its address', async () => {
    const post = await create({ title: 'Gone soon', content: 'trashed words', status: 'publish' });
    await site.api(`/cms/v2/posts/${post.id}`, { method: 'DELETE', as: 'author' });
    const answer = await page(`${site.url}/?p=${post.id}`);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('trashed words');
  });
});
