// The route table's paths are the ones the site serves, and a call through the typed client
// is typed by the table (the type assertions fail `npm run typecheck` when they drift).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { api, batchApi, contentRoutes, desktopApi, indexApi, oembedApi, rooted } from '../../shared/api-routes.ts';
import { SiteClient, subRequest, type ListResult } from '../../shared/site-client.ts';
import type { ConnectedSite } from '../../shared/connected-sites.ts';
import type { EmbedData, MediaItem, Post, Revision, SiteIndex, Term, User } from '../../shared/site-types.ts';

describe('the route table', () => {
  it('builds the paths of the local site, relative to the API root', () => {
    expect(api.posts('pages')).toBe('cms/v2/pages');
    expect(api.post('posts', 7)).toBe('cms/v2/posts/7');
    expect(api.revisions('posts', 7)).toBe('cms/v2/posts/7/revisions');
    expect(api.autosaves('pages', 3)).toBe('cms/v2/pages/3/autosaves');
    expect(api.mediaEdit(5)).toBe('cms/v2/media/5/edit');
    expect(api.terms('tags')).toBe('cms/v2/tags');
    expect(api.me()).toBe('cms/v2/users/me');
    expect(oembedApi.proxy()).toBe('oembed/1.0/proxy');
    expect(desktopApi.conflict('abc', 2)).toBe('inkwell/v1/sites/abc/conflicts/2');
    expect(batchApi.batch()).toBe('batch/v1');
    expect(indexApi.index()).toBe('');
  });

  it('builds a remote site\'s paths in its own content namespace, and the rooted form of batch paths and patterns', () => {
    expect(contentRoutes('wp/v2').post('posts', 9)).toBe('wp/v2/posts/9');
    expect(rooted(api.post('posts', 9))).toBe('/cms/v2/posts/9');
    expect(rooted(api.media('(?P<id>[\\d]+)'))).toBe('/cms/v2/media/(?P<id>[\\d]+)');
  });

  it('types each call by its route and method', () => {
    const client = new SiteClient('http://127.0.0.1:1/cms-json/', null);
    // Types only: nothing is sent.
    const typed = () => ({
      post: client.get(api.post('posts', 1)),
      list: client.list(api.posts('posts')),
      created: client.post(api.posts('pages'), {}),
      revisions: client.get(api.revisions('posts', 1)),
      media: client.post(api.mediaEdit(1), { src: 'http://127.0.0.1:1/wp-content/uploads/a.jpg', modifiers: [{ type: 'rotate', args: { angle: 90 } }] }),
      term: client.post(api.terms('tags'), { name: 'News' }),
      me: client.get(api.me()),
      embed: client.get(oembedApi.proxy()),
      sites: client.get(desktopApi.sites()),
      index: client.get(indexApi.index()),
    });
    expectTypeOf<ReturnType<typeof typed>>().toEqualTypeOf<{
      post: Promise<Post>;
      list: Promise<ListResult<Post>>;
      created: Promise<Post>;
      revisions: Promise<Revision[]>;
      media: Promise<MediaItem>;
      term: Promise<Term>;
      me: Promise<User>;
      embed: Promise<EmbedData>;
      sites: Promise<ConnectedSite[]>;
      index: Promise<SiteIndex>;
    }>();
    // What a route takes is typed too: the edit route's modifiers are a list, its src a string.
    // @ts-expect-error src is a string and modifiers a list of modifiers
    expectTypeOf(() => client.post(api.mediaEdit(1), { src: 1, modifiers: 'not an array' })).toBeFunction();
    // @ts-expect-error the list of posts takes no such order
    expectTypeOf(() => client.list(api.posts('posts'), { orderby: 'colour' })).toBeFunction();
    // A route answers only the methods it has: revisions cannot be posted to.
    // @ts-expect-error POST is not a method of the revisions route
    expectTypeOf(() => client.post(api.revisions('posts', 1), {})).toBeFunction();
  });
});

describe('what a call sends', () => {
  const client = new SiteClient('http://127.0.0.1:1/cms-json/', null);

  it('puts a list in the query comma separated and an object\'s fields in brackets, as the site reads them', () => {
    const url = client.url(api.posts('posts'), { status: ['draft', 'publish'], categories: { terms: [1, 2], operator: 'AND' }, search: '' });
    expect(decodeURIComponent(url.search)).toBe('?status=draft,publish&categories[terms]=1,2&categories[operator]=AND');
  });

  it('makes a batch sub-request of a table path: a POST\'s arguments in its body, a DELETE\'s in its query', () => {
    expect(subRequest('POST', api.post('pages', 3), { menu_order: 2 }, { 'if-match': '"v1"' })).toEqual({
      method: 'POST', path: '/cms/v2/pages/3', body: { menu_order: 2 }, headers: { 'if-match': '"v1"' },
    });
    expect(subRequest('DELETE', api.post('posts', 3), { force: true })).toEqual({ method: 'DELETE', path: '/cms/v2/posts/3?force=true' });
    expect(subRequest('DELETE', api.post('posts', 3))).toEqual({ method: 'DELETE', path: '/cms/v2/posts/3' });
    // @ts-expect-error a page's menu order is a number
    expectTypeOf(() => subRequest('POST', api.post('pages', 3), { menu_order: 'second' })).toBeFunction();
  });
});
