// GET seo/v1/get_head over HTTP: the head a page of the site prints (title, description,
// robots, canonical, Open Graph, Twitter, JSON-LD graph) as HTML and JSON, following the
// content's visibility, and a 404 head for addresses the site does not have.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;
let post: { id: number; link: string };
let parent: { id: number; link: string };
let child: { id: number; link: string };
let siteName: string;

type GraphNode = Record<string, any>;

function node(head: { json: { schema: { '@graph': GraphNode[] } } }, type: string): GraphNode | undefined {
  return head.json.schema['@graph'].find((item) => [item['@type']].flat().includes(type));
}

beforeAll(async () => {
  site = await startTestSite('b');
  siteName = (await site.api('/')).body.name;
  const create = async (type: string, body: Record<string, unknown>) =>
    (await site.api(`/cms/v2/${type}`, { method: 'POST', as: 'author', body: { status: 'publish', ...body } })).body;
  post = await create('posts', { title: 'Brewing <em>green</em> tea', content: '<p>Green tea wants water below boiling.</p>', excerpt: 'A short guide.' });
  await site.api(`/seo/v1/post_settings/${post.id}`, { method: 'POST', as: 'administrator', body: { meta_description: 'How to brew green tea well.' } });
  const editorCreate = async (body: Record<string, unknown>) =>
    (await site.api('/cms/v2/pages', { method: 'POST', as: 'editor', body: { status: 'publish', ...body } })).body;
  parent = await editorCreate({ title: 'Guides', content: '<p>All guides.</p>' });
  child = await editorCreate({ title: 'Tea', content: '<p>Tea guide.</p>', parent: parent.id });
});
afterAll(async () => {
  await site.close();
});

async function head(url: string, as: 'author' | 'administrator' | null = null) {
  return site.api('/seo/v1/get_head', { query: { url }, as });
}

describe('get_head', () => {
  it('prints a published post\'s head as JSON and HTML', async () => {
    const response = await head(post.link);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(200);
    const { json, html } = response.body;
    expect(json).toMatchObject({
      title: `Brewing green tea - ${siteName}`,
      description: 'How to brew green tea well.',
      canonical: post.link,
      robots: { index: 'index', follow: 'follow', 'max-snippet': 'max-snippet:-1', 'max-image-preview': 'max-image-preview:large', 'max-video-preview': 'max-video-preview:-1' },
      og_locale: 'en_US', og_type: 'article', og_title: `Brewing green tea - ${siteName}`, og_description: 'How to brew green tea well.',
      og_url: post.link, twitter_card: 'summary_large_image',
      twitter_misc: { 'Written by': expect.any(String), 'Est. reading time': '1 minute' },
    });
    expect(json.article_published_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(html).toContain(`<title>Brewing green tea - ${siteName}</title>`);
    expect(html).toContain('<meta name="description" content="How to brew green tea well." />');
    expect(html).toContain(`<link rel="canonical" href="${post.link}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta name="twitter:label1" content="Written by" />');
    const script = /<script type="application\/ld\+json" class="seo-schema-graph">(.*)<\/script>/.exec(html);
    expect(JSON.parse(script![1])).toEqual(json.schema);
  });

  it('describes the post in a JSON-LD graph of linked nodes', async () => {
    const { body } = await head(post.link);
    const article = node(body, 'Article')!;
    const webPage = node(body, 'WebPage')!;
    const website = node(body, 'WebSite')!;
    const organization = node(body, 'Organization')!;
    const breadcrumbs = node(body, 'BreadcrumbList')!;
    const author = node(body, 'Person')!;
    expect(article).toMatchObject({ '@id': `${post.link}#article`, headline: 'Brewing green tea', isPartOf: { '@id': post.link }, wordCount: 6 });
    expect(article.author).toEqual({ name: author.name, '@id': author['@id'] });
    expect(article.publisher).toEqual({ '@id': organization['@id'] });
    expect(webPage).toMatchObject({ '@id': post.link, isPartOf: { '@id': website['@id'] }, breadcrumb: { '@id': breadcrumbs['@id'] } });
    expect(website).toMatchObject({ url: `${site.url}/`, name: siteName, publisher: { '@id': organization['@id'] } });
    expect(breadcrumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${site.url}/` },
      { '@type': 'ListItem', position: 2, name: 'Brewing green tea' },
    ]);
  });

  it('names the Organization or Person the site representation saved', async () => {
    const saved = await site.api('/seo/v1/configuration/site_representation', {
      method: 'POST', as: 'administrator', body: { company_or_person: 'company', company_name: 'Tea Ltd', company_logo: `${site.url}/uploads/logo.png` },
    });
    expect(saved.status).toBe(200);
    const organization = node((await head(post.link)).body, 'Organization')!;
    expect(organization).toMatchObject({ name: 'Tea Ltd', logo: { url: `${site.url}/uploads/logo.png` } });
    expect(organization.sameAs).toBeUndefined();

    const profiles = await site.api('/seo/v1/configuration/social_profiles', {
      method: 'POST', as: 'administrator', body: { network_a_site: 'https://social.example/tea', other_social_urls: ['https://video.example/@tea'] },
    });
    expect(profiles.status).toBe(200);
    expect(node((await head(post.link)).body, 'Organization')!.sameAs).toEqual(['https://social.example/tea', 'https://video.example/@tea']);

    await site.api('/seo/v1/configuration/site_representation', {
      method: 'POST', as: 'administrator', body: { company_or_person: 'person', company_or_person_user_id: site.users.editor.id },
    });
    const { body } = await head(post.link);
    expect(node(body, 'Organization')).toMatchObject({ '@type': ['Person', 'Organization'], name: expect.any(String) });
    expect(node(body, 'WebSite')!.publisher['@id']).toContain('/#/schema/person/');
  });

  it('gives pages their parents in the breadcrumbs and the website Open Graph type', async () => {
    const { body } = await head(child.link);
    expect(body.json.og_type).toBe('website');
    expect(node(body, 'Article')).toBeUndefined();
    expect(node(body, 'BreadcrumbList')!.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Home', 'Guides', 'Tea']);
    expect(node(body, 'BreadcrumbList')!.itemListElement[1].item).toBe(parent.link);
  });

  it('prints the heads of the home page, the posts archive, a category and search results', async () => {
    const home = await head(`${site.url}/`);
    expect(home.body.json).toMatchObject({ title: siteName, canonical: `${site.url}/`, og_type: 'website' });
    const archive = await head(`${site.url}/?post_type=post`);
    expect(archive.body.json.title).toBe(`Posts Archive - ${siteName}`);
    const category = await head(`${site.url}/?cat=1`);
    expect(category.body.json).toMatchObject({ title: `Uncategorized Archives - ${siteName}`, canonical: `${site.url}/?cat=1` });
    const search = await head(`${site.url}/?s=tea`);
    expect(search.status).toBe(200);
    expect(search.body.json).toMatchObject({ title: `You searched for tea - ${siteName}`, robots: { index: 'noindex', follow: 'follow' } });
    expect(search.body.json.canonical).toBeUndefined();
    expect(node(search.body, 'SearchResultsPage')).toBeDefined();
  });

  it('answers 404 with the error page\'s head for addresses the site does not have', async () => {
    for (const url of [`${site.url}/2020/01/01/nothing-here/`, `${site.url}/?cat=98765`, 'https://elsewhere.example/page/', 'not a url']) {
      const response = await head(url);
      expect(response.status).toBe(404);
      expect(response.body.status).toBe(404);
      expect(response.body.json).toMatchObject({ title: `Page not found - ${siteName}`, robots: { index: 'noindex', follow: 'follow' } });
    }
  });

  it('follows the content\'s visibility: a draft is a 404 for the public, not for its author', async () => {
    const draft = (await site.api('/cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'Unfinished', content: '<p>Soon.</p>', status: 'draft' } })).body;
    const url = `${site.url}/?p=${draft.id}`;
    expect((await head(url)).status).toBe(404);
    const own = await head(url, 'author');
    expect(own.status).toBe(200);
    expect(own.body.json).toMatchObject({ title: `Unfinished - ${siteName}`, robots: { index: 'noindex' } });
    expect(own.body.json.canonical).toBeUndefined();
  });

  it('needs url', async () => {
    const response = await site.api('/seo/v1/get_head');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rest_missing_callback_param');
  });
});
