// The REST core over real HTTP, in both deployments: the index document and the namespace
// indexes as the spec lists them, OPTIONS, argument validation and sanitising from the
// query string, JSON and form bodies, the global parameters (_fields, _embed, _envelope,
// _method) and the error responses clients rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';
import { expectError } from '../helpers/expect-api.ts';

type Deployment = 'a' | 'b';
type Descriptor = Record<string, any>;
interface RouteEntry {
  namespace: string;
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, Descriptor> | []; allow_batch?: { v1: boolean } }[];
  _links?: { self: { href: string }[] };
}

const NAMESPACES: Record<Deployment, string[]> = {
  a: ['oembed/1.0', 'contact-form/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1'],
  b: ['oembed/1.0', 'builder/v1', 'seo/v1', 'cms/v2', 'site-health/v1', 'block-editor/v1', 'abilities/v1'],
};
const WRITABLE_STATUSES: Record<Deployment, string[]> = {
  a: ['publish', 'future', 'draft', 'pending', 'private'],
  b: ['publish', 'future', 'draft', 'pending', 'private', 'ext-disabled', 'unread', 'read'],
};
const FILTER_ONLY = ['trash', 'auto-draft', 'inherit', 'request-pending', 'request-confirmed', 'request-failed', 'request-completed', 'any'];
const FILTER_STATUSES: Record<Deployment, string[]> = {
  a: [...WRITABLE_STATUSES.a, ...FILTER_ONLY],
  b: [...WRITABLE_STATUSES.b, ...FILTER_ONLY, 'ext-rewrite-republish'],
};
const POST_META: Record<Deployment, Record<string, { type: string; default: unknown }>> = {
  a: { inline_featured_image: { type: 'boolean', default: false }, footnotes: { type: 'string', default: '' } },
  b: {
    _ext_changed: { type: 'boolean', default: false },
    _builder_hide_in_design_set: { type: 'boolean', default: false },
    _builder_tags: { type: 'string', default: '' },
    footnotes: { type: 'string', default: '' },
  },
};
const FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'];
const CONTEXTS = ['view', 'embed', 'edit'];
const ID = '(?P<id>[\\d]+)';
const PARENT = '(?P<parent>[\\d]+)';

/** Keywords a published descriptor may carry: the spec's list and the schema keywords of the reference API. */
const DESCRIPTOR_KEYWORDS = new Set([
  'description', 'type', 'format', 'enum', 'default', 'minimum', 'maximum', 'required', 'items', 'properties', 'oneOf', 'context',
  'title', 'readonly', 'additionalProperties', 'uniqueItems', 'minItems', 'maxItems', 'pattern', 'minLength', 'maxLength', 'anyOf',
]);

const sorted = (values: Iterable<string>) => [...values].sort();

function argsOf(entry: RouteEntry, method: string): Record<string, Descriptor> {
  const endpoint = entry.endpoints.find((candidate) => candidate.methods.includes(method));
  expect(endpoint, `no ${method} endpoint`).toBeDefined();
  return Array.isArray(endpoint!.args) ? {} : endpoint!.args;
}

/** Collection query parameters common to posts, pages and media, as the spec lists them. */
function commonCollectionArgs(orderby: string[]): Record<string, Descriptor> {
  const intList = { type: 'array', items: { type: 'integer' }, default: [], required: false };
  const dateTime = { type: 'string', format: 'date-time', required: false };
  return {
    context: { type: 'string', enum: CONTEXTS, default: 'view', required: false },
    page: { type: 'integer', default: 1, minimum: 1, required: false },
    per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, required: false },
    search: { type: 'string', required: false },
    after: dateTime, before: dateTime, modified_after: dateTime, modified_before: dateTime,
    author: intList, author_exclude: intList, exclude: intList, include: intList,
    search_semantics: { type: 'string', enum: ['exact'], required: false },
    offset: { type: 'integer', required: false },
    order: { type: 'string', default: 'desc', enum: ['asc', 'desc'], required: false },
    orderby: { type: 'string', default: 'date', enum: orderby, required: false },
    search_columns: { type: 'array', default: [], items: { type: 'string', enum: ['post_title', 'post_content', 'post_excerpt'] }, required: false },
    slug: { type: 'array', items: { type: 'string' }, required: false },
  };
}

const ORDERBY = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'];

/** The writable fields of a post or page, as the spec describes them. */
function itemFieldArgs(deployment: Deployment, type: 'post' | 'page'): Record<string, Descriptor> {
  const nullableDate = { type: ['string', 'null'], format: 'date-time', required: false };
  const openClosed = { type: 'string', enum: ['open', 'closed'], required: false };
  const args: Record<string, Descriptor> = {
    date: nullableDate,
    date_gmt: nullableDate,
    slug: { type: 'string', required: false },
    status: { type: 'string', enum: WRITABLE_STATUSES[deployment], required: false },
    password: { type: 'string', required: false },
    title: {
      type: 'object', required: false,
      properties: {
        raw: { type: 'string', context: ['edit'] },
        rendered: { type: 'string', context: ['view', 'edit', 'embed'], readonly: true },
      },
    },
    content: {
      type: 'object', required: false,
      properties: {
        raw: { type: 'string', context: ['edit'] },
        rendered: { type: 'string', context: ['view', 'edit'], readonly: true },
        block_version: { type: 'integer', context: ['edit'], readonly: true },
        protected: { type: 'boolean', context: ['view', 'edit', 'embed'], readonly: true },
      },
    },
    author: { type: 'integer', required: false },
    excerpt: {
      type: 'object', required: false,
      properties: {
        raw: { type: 'string', context: ['edit'] },
        rendered: { type: 'string', context: ['view', 'edit', 'embed'], readonly: true },
        protected: { type: 'boolean', context: ['view', 'edit', 'embed'], readonly: true },
      },
    },
    featured_media: { type: 'integer', required: false },
    comment_status: openClosed,
    ping_status: openClosed,
    meta: { type: 'object', required: false, properties: POST_META[deployment] },
    template: { type: 'string', required: false },
  };
  if (type === 'post') {
    Object.assign(args, {
      format: { type: 'string', enum: FORMATS, required: false },
      sticky: { type: 'boolean', required: false },
      categories: { type: 'array', items: { type: 'integer' }, required: false },
      tags: { type: 'array', items: { type: 'integer' }, required: false },
    });
  } else {
    Object.assign(args, {
      parent: { type: 'integer', required: false },
      menu_order: { type: 'integer', required: false },
    });
  }
  return args;
}

/** `actual` carries every keyword of `expected` with that value (arrays compared as sets of values). */
function expectDescriptors(actual: Record<string, Descriptor>, expected: Record<string, Descriptor>, exactKeys = true): void {
  if (exactKeys) expect(sorted(Object.keys(actual))).toEqual(sorted(Object.keys(expected)));
  for (const [name, descriptor] of Object.entries(expected)) {
    expect(actual[name], `argument ${name}`).toBeDefined();
    expectDescriptor(actual[name], descriptor, name);
  }
}

function expectDescriptor(actual: Descriptor, expected: Descriptor, path: string): void {
  for (const [keyword, value] of Object.entries(expected)) {
    const where = `${path}.${keyword}`;
    if (keyword === 'properties') {
      expect(sorted(Object.keys(actual.properties ?? {})), where).toEqual(sorted(Object.keys(value)));
      for (const [key, sub] of Object.entries(value as Record<string, Descriptor>)) expectDescriptor(actual.properties[key], sub, `${where}.${key}`);
    } else if (keyword === 'items') {
      expectDescriptor(actual.items, value, where);
    } else if ((keyword === 'enum' || keyword === 'context' || keyword === 'type') && Array.isArray(value)) {
      expect(Array.isArray(actual[keyword]) ? sorted(actual[keyword]) : actual[keyword], where).toEqual(sorted(value));
    } else {
      expect(actual[keyword], where).toEqual(value);
    }
  }
}

describe.each(['a', 'b'] as const)('deployment %s', (deployment) => {
  let site: TestSite;
  let index: { routes: Record<string, RouteEntry>; [key: string]: any };
  const route = (pattern: string): RouteEntry => {
    const entry = index.routes[pattern];
    expect(entry, `route ${pattern} is listed`).toBeDefined();
    return entry;
  };

  beforeAll(async () => {
    site = await startTestSite(deployment);
    const result = await site.api('/');
    expect(result.status).toBe(200);
    index = result.body;
  });
  afterAll(() => site.close());

  describe('the index document', () => {
    it('carries every field of the spec with its type', () => {
      expect(index.name).toEqual(expect.any(String));
      expect(index.name).not.toBe('');
      expect(index.description).toEqual(expect.any(String));
      expect(index.url).toBe(site.url);
      expect(index.home).toBe(site.url);
      expect(index.gmt_offset).toEqual(expect.any(Number));
      expect(() => new Intl.DateTimeFormat('en', { timeZone: index.timezone_string })).not.toThrow();
      expect(Number.isInteger(index.page_for_posts)).toBe(true);
      expect(Number.isInteger(index.page_on_front)).toBe(true);
      expect(index.page_for_posts).toBe(0);
      expect(['posts', 'page']).toContain(index.show_on_front);
      expect(index.authentication).toEqual({ 'application-passwords': { endpoints: { authorization: `${site.url}/authorize-application` } } });
      expect(typeof index.routes).toBe('object');
    });

    it('lists exactly the namespaces of the deployment', () => {
      expect(sorted(index.namespaces)).toEqual(sorted(NAMESPACES[deployment]));
      expect(new Set(index.namespaces).size).toBe(index.namespaces.length);
    });

    it('the credential-grant page it advertises answers', async () => {
      const url = index.authentication['application-passwords'].endpoints.authorization as string;
      const page = await fetch(`${url}?app_name=Probe`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
    });

    it('describes every route with its namespace, methods and endpoints, and links routes without variables', () => {
      const namespaces = new Set<string>(index.namespaces);
      for (const [pattern, entry] of Object.entries(index.routes)) {
        expect(typeof entry.namespace, pattern).toBe('string');
        if (entry.namespace === '') expect(['/', '/batch/v1'], pattern).toContain(pattern);
        else {
          expect(namespaces.has(entry.namespace), `${pattern} is in a listed namespace`).toBe(true);
          expect(pattern === `/${entry.namespace}` || pattern.startsWith(`/${entry.namespace}/`), pattern).toBe(true);
        }
        expect(entry.methods).toEqual(entry.endpoints.flatMap((endpoint) => endpoint.methods));
        expect(entry.endpoints.length, pattern).toBeGreaterThan(0);
        for (const endpoint of entry.endpoints) {
          expect(endpoint.methods.length).toBeGreaterThan(0);
          for (const method of endpoint.methods) expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(method);
          if (Array.isArray(endpoint.args)) expect(endpoint.args).toEqual([]);
          else {
            expect(Object.keys(endpoint.args).length, `${pattern} args: an empty list is []`).toBeGreaterThan(0);
            for (const [name, descriptor] of Object.entries(endpoint.args)) {
              expect(typeof descriptor.required, `${pattern} ${name}.required`).toBe('boolean');
              for (const keyword of Object.keys(descriptor)) expect(DESCRIPTOR_KEYWORDS.has(keyword), `${pattern} ${name}.${keyword}`).toBe(true);
            }
          }
          if (endpoint.allow_batch !== undefined) expect(endpoint.allow_batch).toEqual({ v1: true });
        }
        if (pattern.includes('(')) expect(entry._links, pattern).toBeUndefined();
        else expect(entry._links, pattern).toEqual({ self: [{ href: site.apiRoot + pattern.slice(1) }] });
      }
    });

    it('lists the root index and the batch route at the root, with their parameters', () => {
      expect(route('/')).toEqual({
        namespace: '', methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
        _links: { self: [{ href: site.apiRoot }] },
      });
      const batch = route('/batch/v1');
      expect(batch.namespace).toBe('');
      expect(batch.methods).toEqual(['POST']);
      expect(batch.endpoints[0].allow_batch).toBeUndefined();
      const args = argsOf(batch, 'POST');
      expectDescriptors(args, {
        validation: { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal', required: false },
        requests: { type: 'array', maxItems: 25, required: true },
      });
      const item = args.requests.items;
      expect(item.type).toBe('object');
      expectDescriptor(item.properties.method, { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' }, 'method');
      expectDescriptor(item.properties.path, { type: 'string', required: true }, 'path');
      expectDescriptor(item.properties.body, { type: 'object', additionalProperties: true }, 'body');
      expect(item.properties.headers.type).toBe('object');
      expect(sorted(item.properties.headers.additionalProperties.type)).toEqual(['array', 'string']);
      expect(item.properties.headers.additionalProperties.items).toEqual({ type: 'string' });
    });

    it('gives every namespace an index route taking namespace and context', () => {
      for (const namespace of index.namespaces as string[]) {
        expect(route(`/${namespace}`)).toEqual({
          namespace,
          methods: ['GET'],
          endpoints: [{ methods: ['GET'], args: { namespace: { default: namespace, required: false }, context: { default: 'view', required: false } } }],
          _links: { self: [{ href: `${site.apiRoot}${namespace}` }] },
        });
      }
    });

    it('lists the oEmbed routes with their parameters', () => {
      expectDescriptors(argsOf(route('/oembed/1.0/embed'), 'GET'), {
        url: { type: 'string', format: 'uri', required: true },
        format: { default: 'json', required: false },
        maxwidth: { default: 600, required: false },
      });
      expectDescriptors(argsOf(route('/oembed/1.0/proxy'), 'GET'), {
        url: { type: 'string', format: 'uri', required: true },
        format: { type: 'string', enum: ['json', 'xml'], default: 'json', required: false },
        maxwidth: { type: 'integer', default: 600, required: false },
        maxheight: { type: 'integer', required: false },
        discover: { type: 'boolean', default: true, required: false },
      });
    });

    it('lists the posts collection: query parameters for GET, post fields for POST, both batchable', () => {
      const posts = route('/cms/v2/posts');
      expect(posts.namespace).toBe('cms/v2');
      expect(posts.methods).toEqual(['GET', 'POST']);
      for (const endpoint of posts.endpoints) expect(endpoint.allow_batch).toEqual({ v1: true });
      const termsObject = (properties: Record<string, Descriptor>) => ({ type: 'object', properties, additionalProperties: false });
      const terms = { type: 'array', items: { type: 'integer' }, default: [] };
      const includeChildren = { type: 'boolean', default: false };
      const operator = { type: 'string', enum: ['AND', 'OR'], default: 'OR' };
      const get = argsOf(posts, 'GET');
      expectDescriptors(get, {
        ...commonCollectionArgs(ORDERBY),
        status: { type: 'array', default: 'publish', items: { type: 'string', enum: FILTER_STATUSES[deployment] }, required: false },
        tax_relation: { type: 'string', enum: ['AND', 'OR'], required: false },
        categories: { required: false },
        categories_exclude: { required: false },
        tags: { required: false },
        tags_exclude: { required: false },
        sticky: { type: 'boolean', required: false },
        ignore_sticky: { type: 'boolean', default: true, required: false },
        format: { type: 'array', uniqueItems: true, items: { type: 'string', enum: FORMATS }, required: false },
      });
      const objectForms: Record<string, Record<string, Descriptor>> = {
        categories: { terms, include_children: includeChildren, operator },
        categories_exclude: { terms, include_children: includeChildren },
        tags: { terms, operator },
        tags_exclude: { terms },
      };
      for (const [name, properties] of Object.entries(objectForms)) {
        expect(sorted(get[name].type), name).toEqual(['array', 'object']);
        const [list, object] = get[name].oneOf;
        expectDescriptor(list, { type: 'array', items: { type: 'integer' } }, `${name}[list]`);
        expectDescriptor(object, termsObject(properties), `${name}[object]`);
      }
      expectDescriptors(argsOf(posts, 'POST'), itemFieldArgs(deployment, 'post'));
    });

    it('lists the post item route: read, update and delete, all batchable, without a self link', () => {
      const item = route(`/cms/v2/posts/${ID}`);
      expect(item.namespace).toBe('cms/v2');
      expect(sorted(item.methods)).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
      expect(item._links).toBeUndefined();
      for (const endpoint of item.endpoints) expect(endpoint.allow_batch).toEqual({ v1: true });
      expectDescriptors(argsOf(item, 'GET'), {
        id: { type: 'integer', required: false },
        context: { type: 'string', enum: CONTEXTS, default: 'view', required: false },
        excerpt_length: { type: 'integer', required: false },
        password: { type: 'string', required: false },
      });
      for (const method of ['POST', 'PUT', 'PATCH']) {
        expectDescriptors(argsOf(item, method), { id: { type: 'integer', required: false }, ...itemFieldArgs(deployment, 'post') });
      }
      expectDescriptors(argsOf(item, 'DELETE'), {
        id: { type: 'integer', required: false },
        force: { type: 'boolean', default: false, required: false },
      });
    });

    it('lists the pages routes: page fields and filters instead of post-only ones, batchable', () => {
      const pages = route('/cms/v2/pages');
      expect(pages.methods).toEqual(['GET', 'POST']);
      for (const endpoint of pages.endpoints) expect(endpoint.allow_batch).toEqual({ v1: true });
      expectDescriptors(argsOf(pages, 'GET'), {
        ...commonCollectionArgs([...ORDERBY, 'menu_order']),
        status: { type: 'array', default: 'publish', items: { type: 'string', enum: FILTER_STATUSES[deployment] }, required: false },
        menu_order: { type: 'integer', required: false },
        parent: { type: 'array', items: { type: 'integer' }, default: [], required: false },
        parent_exclude: { type: 'array', items: { type: 'integer' }, default: [], required: false },
      });
      expectDescriptors(argsOf(pages, 'POST'), itemFieldArgs(deployment, 'page'));
      const item = route(`/cms/v2/pages/${ID}`);
      expect(sorted(item.methods)).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
      for (const endpoint of item.endpoints) expect(endpoint.allow_batch).toEqual({ v1: true });
      expectDescriptors(argsOf(item, 'PATCH'), { id: { type: 'integer', required: false }, ...itemFieldArgs(deployment, 'page') });
      expectDescriptors(argsOf(item, 'DELETE'), { id: { type: 'integer', required: false }, force: { type: 'boolean', default: false, required: false } });
    });

    it('lists revisions and autosaves of posts and pages, none of them batchable', () => {
      for (const base of ['posts', 'pages']) {
        const type = base === 'posts' ? 'post' : 'page';
        const revisions = route(`/cms/v2/${base}/${PARENT}/revisions`);
        expect(revisions.methods).toEqual(['GET']);
        const listArgs = argsOf(revisions, 'GET');
        expectDescriptors(listArgs, {
          parent: { type: 'integer', required: false },
          context: { type: 'string', enum: CONTEXTS, default: 'view', required: false },
          page: { type: 'integer', default: 1, minimum: 1, required: false },
          per_page: { type: 'integer', minimum: 1, maximum: 100, required: false },
          search: { type: 'string', required: false },
          exclude: { type: 'array', items: { type: 'integer' }, required: false },
          include: { type: 'array', items: { type: 'integer' }, required: false },
          offset: { type: 'integer', required: false },
          order: { default: 'desc', enum: ['asc', 'desc'], required: false },
          orderby: { default: 'date', enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'], required: false },
        });
        expect(listArgs.per_page).not.toHaveProperty('default');

        const revision = route(`/cms/v2/${base}/${PARENT}/revisions/${ID}`);
        expect(sorted(revision.methods)).toEqual(['DELETE', 'GET']);
        expectDescriptors(argsOf(revision, 'GET'), {
          parent: { type: 'integer', required: false }, id: { type: 'integer', required: false },
          context: { enum: CONTEXTS, default: 'view', required: false },
        });
        expectDescriptors(argsOf(revision, 'DELETE'), {
          parent: { type: 'integer', required: false }, id: { type: 'integer', required: false }, force: { type: 'boolean', required: false },
        });

        const autosaves = route(`/cms/v2/${base}/${ID}/autosaves`);
        expect(autosaves.methods).toEqual(['GET', 'POST']);
        expectDescriptors(argsOf(autosaves, 'GET'), { parent: { type: 'integer', required: false }, context: { enum: CONTEXTS, default: 'view', required: false } });
        expectDescriptors(argsOf(autosaves, 'POST'), { parent: { type: 'integer', required: false }, ...itemFieldArgs(deployment, type) });
        const autosave = route(`/cms/v2/${base}/${PARENT}/autosaves/${ID}`);
        expect(autosave.methods).toEqual(['GET']);
        expectDescriptors(argsOf(autosave, 'GET'), {
          parent: { type: 'integer', required: false }, id: { type: 'integer', required: false },
          context: { enum: CONTEXTS, default: 'view', required: false },
        });
        for (const entry of [revisions, revision, autosaves, autosave]) {
          for (const endpoint of entry.endpoints) expect(endpoint.allow_batch).toBeUndefined();
        }
      }
    });

    it('marks only the post, page and synced pattern collection and item routes as batchable (as WordPress, whose blocks controller is the posts\' one)', () => {
      const batchable = new Set(['/cms/v2/posts', `/cms/v2/posts/${ID}`, '/cms/v2/pages', `/cms/v2/pages/${ID}`, '/cms/v2/blocks', `/cms/v2/blocks/${ID}`]);
      for (const [pattern, entry] of Object.entries(index.routes)) {
        for (const endpoint of entry.endpoints) {
          if (batchable.has(pattern)) expect(endpoint.allow_batch, `${pattern} ${endpoint.methods}`).toEqual({ v1: true });
          else expect(endpoint.allow_batch, `${pattern} ${endpoint.methods}`).toBeUndefined();
        }
      }
    });

    if (deployment === 'a') {
      it('lists the media routes of deployment A with their fields, create-only extras and the edit parameters', () => {
        const media = route('/cms/v2/media');
        expect(media.methods).toEqual(['GET', 'POST']);
        expectDescriptors(argsOf(media, 'GET'), {
          ...commonCollectionArgs(ORDERBY),
          status: { type: 'array', default: 'inherit', items: { type: 'string', enum: ['inherit', 'private', 'trash'] }, required: false },
          parent: { type: 'array', items: { type: 'integer' }, default: [], required: false },
          parent_exclude: { type: 'array', items: { type: 'integer' }, default: [], required: false },
          media_type: { type: 'array', items: { type: 'string', enum: ['image', 'video', 'text', 'application', 'audio'] }, required: false },
          mime_type: { type: 'array', items: { type: 'string' }, required: false },
        });
        const fields = itemFieldArgs('a', 'post');
        const mediaFields: Record<string, Descriptor> = {
          date: fields.date, date_gmt: fields.date_gmt, slug: fields.slug, status: fields.status, author: fields.author,
          featured_media: fields.featured_media, comment_status: fields.comment_status, ping_status: fields.ping_status,
          template: fields.template, title: fields.title,
          meta: { type: 'object', required: false, properties: { inline_featured_image: { type: 'boolean', default: false } } },
          alt_text: { type: 'string', required: false },
          caption: {
            type: 'object', required: false,
            properties: { raw: { type: 'string', context: ['edit'] }, rendered: { type: 'string', context: ['view', 'edit', 'embed'], readonly: true } },
          },
          description: {
            type: 'object', required: false,
            properties: { raw: { type: 'string', context: ['edit'] }, rendered: { type: 'string', context: ['view', 'edit'], readonly: true } },
          },
          post: { type: 'integer', required: false },
        };
        expectDescriptors(argsOf(media, 'POST'), {
          ...mediaFields,
          generate_sub_sizes: { type: 'boolean', default: true, required: false },
          convert_format: { type: 'boolean', default: true, required: false },
          url: { type: 'string', format: 'uri', required: false },
        });
        const item = route(`/cms/v2/media/${ID}`);
        expect(sorted(item.methods)).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
        expectDescriptors(argsOf(item, 'GET'), { id: { type: 'integer', required: false }, context: { enum: CONTEXTS, default: 'view', required: false } });
        expectDescriptors(argsOf(item, 'PUT'), { id: { type: 'integer', required: false }, ...mediaFields });
        expectDescriptors(argsOf(item, 'DELETE'), { id: { type: 'integer', required: false }, force: { type: 'boolean', default: false, required: false } });
        expectDescriptors(argsOf(route(`/cms/v2/media/${ID}/post-process`), 'POST'), {
          id: { type: 'integer', required: false },
          action: { type: 'string', enum: ['create-image-subsizes'], required: true },
        });
        const edit = argsOf(route(`/cms/v2/media/${ID}/edit`), 'POST');
        expectDescriptors(edit, {
          src: { type: 'string', format: 'uri', required: true },
          modifiers: { type: 'array', minItems: 1 },
          rotation: {},
        }, false);
        expect(edit.rotation.description).toMatch(/deprecated/i);
        // The reference's three, and `scale` of our own (wp-admin's image editor scales; its REST route cannot).
        expect(edit.modifiers.items.oneOf.map((option: Descriptor) => option.properties.type.enum[0]).sort()).toEqual(['crop', 'flip', 'rotate', 'scale']);
      });
      it('lists the contact-form routes of deployment A, every method with an empty parameter list', () => {
        const forms = '/contact-form/v1/contact-forms';
        const expected: Record<string, string[]> = {
          [forms]: ['GET', 'POST'],
          [`${forms}/${ID}`]: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          [`${forms}/${ID}/feedback`]: ['POST'],
          [`${forms}/${ID}/feedback/schema`]: ['GET'],
          [`${forms}/${ID}/refill`]: ['GET'],
        };
        for (const [pattern, methods] of Object.entries(expected)) {
          const entry = route(pattern);
          expect(entry.namespace).toBe('contact-form/v1');
          expect(sorted(entry.methods), pattern).toEqual(sorted(methods));
          for (const endpoint of entry.endpoints) expect(endpoint.args, `${pattern} ${endpoint.methods}`).toEqual([]);
        }
        const listed = Object.keys(index.routes).filter((pattern) => pattern.startsWith('/contact-form/v1/'));
        expect(sorted(listed)).toEqual(sorted(Object.keys(expected)));
      });
    } else {
      it('lists the page-builder route of deployment B with an empty parameter list', () => {
        expect(route('/builder/v1/icons/export')).toEqual({
          namespace: 'builder/v1', methods: ['GET'],
          endpoints: [{ methods: ['GET'], args: [] }],
          _links: { self: [{ href: `${site.apiRoot}builder/v1/icons/export` }] },
        });
      });
    }

    it('lists no route of a namespace the deployment does not have', async () => {
      const absent = deployment === 'a' ? ['builder/v1', 'seo/v1'] : ['contact-form/v1'];
      for (const pattern of Object.keys(index.routes)) {
        for (const namespace of absent) expect(pattern.startsWith(`/${namespace}`), pattern).toBe(false);
      }
      for (const namespace of absent) expectError(await site.api(`/${namespace}`), 404, 'rest_no_route');
    });

    it('keeps only the asked fields of the index with _fields', async () => {
      const { body } = await site.api('/', { query: { _fields: 'name,namespaces' } });
      expect(sorted(Object.keys(body))).toEqual(['name', 'namespaces']);
      expect(sorted(body.namespaces)).toEqual(sorted(NAMESPACES[deployment]));
    });
  });

  describe('namespace indexes', () => {
    it('answers GET /<namespace> with that namespace’s routes, described as in the index', async () => {
      for (const namespace of index.namespaces as string[]) {
        const result = await site.api(`/${namespace}`);
        expect(result.status, namespace).toBe(200);
        expect(result.body.namespace).toBe(namespace);
        const expected = Object.fromEntries(Object.entries(index.routes).filter(([, entry]) => entry.namespace === namespace));
        expect(result.body.routes).toEqual(expected);
        expect(result.body.routes[`/${namespace}`]).toBeDefined();
      }
      const cms = (await site.api('/cms/v2')).body;
      expect(Object.keys(cms.routes)).toContain('/cms/v2/posts');
      expect(Object.keys(cms.routes).some((pattern) => pattern.startsWith('/oembed'))).toBe(false);
    });
  });

  describe('OPTIONS', () => {
    it('describes a route as the index does, with the schema of what it serves', async () => {
      const collection = await site.api('/cms/v2/posts', { method: 'OPTIONS' });
      expect(collection.status).toBe(200);
      const { schema, ...description } = collection.body;
      expect(description).toEqual(index.routes['/cms/v2/posts']);
      expect(schema).toMatchObject({ $schema: 'http://json-schema.org/draft-04/schema#', title: 'post', type: 'object' });
      expect(schema.properties.title).toMatchObject({ type: 'object', context: ['view', 'edit', 'embed'] });
      expect(schema.properties.id).toMatchObject({ type: 'integer', readonly: true });

      const item = await site.api('/cms/v2/posts/12345', { method: 'OPTIONS' });
      expect(item.status).toBe(200);
      expect({ ...item.body, schema: undefined }).toEqual({ ...index.routes[`/cms/v2/posts/${ID}`], schema: undefined });
      expect(item.body.schema).toEqual(schema);
      const titles: Record<string, string> = {
        '/cms/v2/pages': 'page', '/cms/v2/media': 'attachment', '/cms/v2/categories': 'category', '/cms/v2/tags': 'tag',
        '/cms/v2/users/me': 'user', '/cms/v2/posts/1/revisions': 'post-revision', '/cms/v2/pages/1/autosaves': 'page-revision',
      };
      for (const [route, title] of Object.entries(titles)) {
        expect((await site.api(route, { method: 'OPTIONS' })).body.schema?.title, route).toBe(title);
      }

      const batch = await site.api('/batch/v1', { method: 'OPTIONS' });
      expect(batch.body).toEqual(index.routes['/batch/v1']);
    });

    it('allows, on every answer of a route (OPTIONS, GET, errors), only the methods the asking user may use', async () => {
      const allow = async (route: string, as: TestRole | null, method = 'OPTIONS') =>
        (await site.api(route, { method, as })).headers.get('allow')?.split(', ').sort().join(', ') ?? null;
      const ALL = 'DELETE, GET, PATCH, POST, PUT';
      // Collections: creating needs the right to.
      expect(await allow('/cms/v2/posts', null)).toBe('GET');
      expect(await allow('/cms/v2/posts', 'subscriber')).toBe('GET');
      expect(await allow('/cms/v2/posts', 'contributor')).toBe('GET, POST');
      expect(await allow('/cms/v2/pages', 'author')).toBe('GET');
      expect(await allow('/cms/v2/pages', 'editor')).toBe('GET, POST');
      expect(await allow('/cms/v2/media', 'contributor')).toBe('GET');
      expect(await allow('/cms/v2/media', 'author')).toBe('GET, POST');
      expect(await allow('/cms/v2/tags', 'author')).toBe('GET');
      expect(await allow('/cms/v2/tags', 'editor')).toBe('GET, POST');
      expect(await allow('/cms/v2/posts', 'contributor', 'GET')).toBe('GET, POST');

      // Items: an author's published post.
      const published = (await site.api('/cms/v2/posts', { method: 'POST', as: 'author', body: { title: 'Allow probe', status: 'publish' } })).body;
      const route = `/cms/v2/posts/${published.id}`;
      for (const method of ['OPTIONS', 'GET']) {
        expect(await allow(route, null, method), method).toBe('GET');
        expect(await allow(route, 'contributor', method), method).toBe('GET');
        expect(await allow(route, 'author', method), method).toBe(ALL);
        expect(await allow(route, 'editor', method), method).toBe(ALL);
      }
      // A contributor's draft: nothing for a visitor (the 401 says so too), everything for its writer.
      const draft = (await site.api('/cms/v2/posts', { method: 'POST', as: 'contributor', body: { title: 'Draft probe' } })).body;
      expect(await allow(`/cms/v2/posts/${draft.id}`, null)).toBeNull();
      expect(await allow(`/cms/v2/posts/${draft.id}`, null, 'GET')).toBeNull();
      expect(await allow(`/cms/v2/posts/${draft.id}`, 'contributor')).toBe(ALL);
      expect(await allow(`/cms/v2/posts/${draft.id}`, 'author')).toBeNull();
      // A refused write says what is allowed instead.
      const refused = await site.api(route, { method: 'POST', as: 'contributor', body: { title: 'x' } });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('allow')).toBe('GET');
      // An item that is not there allows nothing.
      expect(await allow('/cms/v2/posts/999999', 'administrator')).toBeNull();
      // Batch sub-answers carry it as well.
      const batch = await site.api('/batch/v1', { method: 'POST', as: 'contributor', body: { requests: [{ method: 'PUT', path: route, body: { title: 'x' } }] } });
      expect(batch.body.responses[0].status).toBe(403);
      expect(batch.body.responses[0].headers.allow).toBe('GET');
    });

    it('answers 404 for a path no route matches', async () => {
      expectError(await site.api('/cms/v2/nothing-here', { method: 'OPTIONS' }), 404, 'rest_no_route');
    });
  });

  it('takes a status value of its deployment only', async () => {
    const own = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Status probe', status: deployment === 'b' ? 'unread' : 'pending' } });
    expect(own.status).toBe(201);
    const foreign = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Status probe', status: 'unread' } });
    if (deployment === 'a') {
      expectError(foreign, 400, 'rest_invalid_param');
      expect(Object.keys(foreign.body.data.params)).toEqual(['status']);
      expect(foreign.body.data.details.status.code).toBe('rest_not_in_enum');
    } else {
      expect(foreign.status).toBe(201);
      expect(foreign.body.status).toBe('unread');
      const listed = await site.api('/cms/v2/posts', { as: 'editor', query: { status: 'unread', include: [foreign.body.id] } });
      expect(listed.body.map((post: { id: number }) => post.id)).toEqual([foreign.body.id]);
    }
    const filter = await site.api('/cms/v2/posts', { as: 'editor', query: { status: 'ext-rewrite-republish' } });
    if (deployment === 'a') expectError(filter, 400, 'rest_invalid_param');
    else expect(filter.status).toBe(200);
  });

  it('takes the meta fields of its deployment and no others, keeping their defaults', async () => {
    const meta = deployment === 'a' ? { inline_featured_image: 'true', footnotes: 'n1' } : { _ext_changed: '1', _builder_tags: 'x,y' };
    const created = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Meta probe', meta } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const expected = deployment === 'a'
      ? { inline_featured_image: true, footnotes: 'n1' }
      : { _ext_changed: true, _builder_hide_in_design_set: false, _builder_tags: 'x,y', footnotes: '' };
    expect(created.body.meta).toEqual(expected);
  });
});

// One site for the block: the list tests read only the posts made before them (by id), the write tests add their own.
describe('arguments, global parameters and errors (deployment a)', () => {
  let site: TestSite;
  const ids: Record<string, number> = {};
  let mediaId: number;
  let categoryId: number;
  let tagId: number;

  const create = async (as: TestRole, body: Record<string, unknown>, base = 'posts') => {
    const result = await site.api(`/cms/v2/${base}`, { method: 'POST', as, body });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as { id: number; [key: string]: any };
  };
  const listIds = async (query: Record<string, any>, as: TestRole | null = 'editor') => {
    const result = await site.api('/cms/v2/posts', { as, query });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return (result.body as { id: number }[]).map((post) => post.id);
  };
  const raw = (pathAndQuery: string, init: RequestInit & { as?: TestRole } = {}) => {
    const headers = new Headers(init.headers);
    if (init.as) headers.set('authorization', site.authHeader(init.as));
    return fetch(site.apiRoot + pathAndQuery, { ...init, headers });
  };

  beforeAll(async () => {
    site = await startTestSite('a');
    categoryId = (await site.api('/cms/v2/categories', { method: 'POST', as: 'editor', body: { name: 'Rivers' } })).body.id;
    tagId = (await site.api('/cms/v2/tags', { method: 'POST', as: 'editor', body: { name: 'wet' } })).body.id;
    const upload = await uploadRaw(site, await solidImage(40, 30), 'cover.jpg', { as: 'author', contentType: 'image/jpeg' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    mediaId = upload.body.id;
    ids.byAuthor = (await create('author', { title: 'By the author', status: 'publish', featured_media: mediaId, categories: [categoryId], tags: [tagId] })).id;
    ids.byEditor = (await create('editor', { title: 'By the editor', status: 'publish', sticky: true })).id;
    ids.byAdmin = (await create('administrator', { title: 'By the admin', status: 'publish' })).id;
    ids.draft = (await create('editor', { title: 'A draft', status: 'draft' })).id;
  });
  afterAll(() => site.close());
  /** The three published posts made before the tests: lists are kept to them, as other tests publish posts too. */
  const published = () => [ids.byAuthor, ids.byEditor, ids.byAdmin];

  describe('list arguments from the query string', () => {
    it('reads integer lists comma-separated, space-separated and bracketed alike', async () => {
      const { author, editor } = site.users;
      const expected = sorted([ids.byAuthor, ids.byEditor].map(String));
      const include = published();
      const comma = await listIds({ author: `${author.id},${editor.id}`, include });
      const spaced = await listIds({ author: `${author.id} ${editor.id}`, include });
      const bracketed = await listIds({ author: [author.id, editor.id], include });
      for (const listed of [comma, spaced, bracketed]) expect(sorted(listed.map(String))).toEqual(expected);
      const indexed = await (await raw(`cms/v2/posts?author[0]=${author.id}&author[1]=${editor.id}&include=${include.join(',')}`)).json();
      expect(sorted(indexed.map((post: { id: number }) => String(post.id)))).toEqual(expected);
      expect(sorted((await listIds({ include: `${ids.byAdmin},${ids.byEditor}` })).map(String))).toEqual(sorted([ids.byAdmin, ids.byEditor].map(String)));
      expect(await listIds({ include: [ids.byAdmin, ids.byEditor], exclude: String(ids.byEditor) })).toEqual([ids.byAdmin]);
    });

    it('refuses a list item that is not of its type, naming the item', async () => {
      const result = await site.api('/cms/v2/posts', { query: { author: '1,two' } });
      expectError(result, 400, 'rest_invalid_param');
      expect(result.body.data.params.author).toBe('author[1] is not of type integer.');
      expect(result.body.data.details.author.code).toBe('rest_invalid_type');
    });

    it('reads numeric strings as numbers and checks their bounds', async () => {
      const two = await site.api('/cms/v2/posts', { query: { per_page: '2', include: published() } });
      expect(two.body).toHaveLength(2);
      expect(two.headers.get('x-wp-total')).toBe('3');
      expect(two.headers.get('x-wp-totalpages')).toBe('2');
      expect((await site.api('/cms/v2/posts', { query: { per_page: '100' } })).status).toBe(200);
      for (const perPage of ['0', '101']) {
        const result = await site.api('/cms/v2/posts', { query: { per_page: perPage } });
        expectError(result, 400, 'rest_invalid_param');
        expect(result.body.data.params.per_page).toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
        expect(result.body.data.details.per_page.code).toBe('rest_out_of_bounds');
      }
      const page = await site.api('/cms/v2/posts', { query: { page: 0 } });
      expectError(page, 400, 'rest_invalid_param');
      expect(page.body.data.details.page.code).toBe('rest_out_of_bounds');
      const notNumber = await site.api('/cms/v2/posts', { query: { per_page: 'ten' } });
      expect(notNumber.body.data.params.per_page).toBe('per_page is not of type integer.');
      const fraction = await site.api('/cms/v2/posts', { query: { per_page: '2.5' } });
      expect(fraction.body.data.details.per_page.code).toBe('rest_invalid_type');
      expect((await site.api('/cms/v2/posts', { query: { per_page: '2.0' } })).body).toHaveLength(2);
    });

    it('checks enumerations, and reports every invalid parameter at once', async () => {
      expect(await listIds({ include: [ids.byAuthor, ids.byAdmin], orderby: 'id', order: 'asc' })).toEqual([ids.byAuthor, ids.byAdmin]);
      const result = await site.api('/cms/v2/posts', { query: { order: 'sideways', orderby: 'colour' } });
      expectError(result, 400, 'rest_invalid_param');
      expect(result.body.message).toMatch(/^Invalid parameter\(s\): /);
      expect(sorted(Object.keys(result.body.data.params))).toEqual(['order', 'orderby']);
      expect(result.body.data.details.order).toEqual({ code: 'rest_not_in_enum', message: result.body.data.params.order, data: null });
      const badStatus = await site.api('/cms/v2/posts', { as: 'editor', query: { status: 'publish,nonsense' } });
      expectError(badStatus, 400, 'rest_invalid_param');
      expect(Object.keys(badStatus.body.data.params)).toEqual(['status']);
    });

    it('reads "true", "1", "false" and "0" (any case) as booleans, and refuses anything else', async () => {
      for (const value of ['true', '1', 'TRUE']) expect(await listIds({ sticky: value, include: published() }), value).toEqual([ids.byEditor]);
      for (const value of ['false', '0', 'False']) {
        const listed = await listIds({ sticky: value, include: published() });
        expect(listed, value).not.toContain(ids.byEditor);
        expect(listed).toContain(ids.byAuthor);
      }
      for (const value of ['yes', '2', '']) {
        const result = await site.api('/cms/v2/posts', { query: { sticky: value } });
        expectError(result, 400, 'rest_invalid_param');
        expect(result.body.data.params.sticky).toBe('sticky is not of type boolean.');
        expect(result.body.data.details.sticky.code).toBe('rest_invalid_type');
      }
    });

    it('applies defaults: ten per page, newest first, published only', async () => {
      const before = Number((await site.api('/cms/v2/posts', { as: 'editor' })).headers.get('x-wp-total'));
      const extra: number[] = [];
      for (let index = 0; index < 9; index += 1) {
        extra.push((await create('editor', { title: `Filler ${index}`, status: 'publish', date: `2001-01-0${index + 1}T10:00:00` })).id);
      }
      const result = await site.api('/cms/v2/posts', { as: 'editor' });
      expect(result.body).toHaveLength(10);
      expect(result.headers.get('x-wp-total')).toBe(String(before + 9));
      expect(result.headers.get('x-wp-totalpages')).toBe(String(Math.ceil((before + 9) / 10)));
      const dates = result.body.map((post: { date: string }) => post.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(result.body.map((post: { id: number }) => post.id)).not.toContain(ids.draft);
      expect(result.body.every((post: { status: string }) => post.status === 'publish')).toBe(true);
      for (const id of extra) expect((await site.api(`/cms/v2/posts/${id}`, { method: 'DELETE', as: 'editor', query: { force: true } })).status).toBe(200);
    });
  });

  describe('arguments of writes', () => {
    it('reads a DELETE’s force from the query as a boolean, defaulting to false (trash)', async () => {
      const trashed = await create('editor', { title: 'Trash me' });
      const byDefault = await site.api(`/cms/v2/posts/${trashed.id}`, { method: 'DELETE', as: 'editor' });
      expect(byDefault.status).toBe(200);
      expect(byDefault.body.status).toBe('trash');
      const zero = await create('editor', { title: 'Zero' });
      expect((await site.api(`/cms/v2/posts/${zero.id}`, { method: 'DELETE', as: 'editor', query: { force: '0' } })).body.status).toBe('trash');
      for (const value of ['1', 'true']) {
        const gone = await create('editor', { title: `Force ${value}` });
        const result = await site.api(`/cms/v2/posts/${gone.id}`, { method: 'DELETE', as: 'editor', query: { force: value } });
        expect(result.body.deleted, value).toBe(true);
        expect(result.body.previous.id).toBe(gone.id);
        expectError(await site.api(`/cms/v2/posts/${gone.id}`, { as: 'editor' }), 404, 'rest_post_invalid_id');
      }
      const kept = await create('editor', { title: 'Not forced' });
      const bad = await site.api(`/cms/v2/posts/${kept.id}`, { method: 'DELETE', as: 'editor', query: { force: 'maybe' } });
      expectError(bad, 400, 'rest_invalid_param');
      expect((await site.api(`/cms/v2/posts/${kept.id}`, { as: 'editor', query: { context: 'edit' } })).body.status).toBe('draft');
    });

    it('sanitises JSON values: numeric strings to numbers, boolean strings to booleans, lists to lists', async () => {
      const parent = await create('editor', { title: 'Parent page', status: 'publish' }, 'pages');
      const page = await create('editor', { title: 'Child page', menu_order: '3', parent: String(parent.id) }, 'pages');
      expect(page.menu_order).toBe(3);
      expect(page.parent).toBe(parent.id);
      const post = await create('editor', { title: 'Typed', sticky: 'true', categories: `${categoryId}`, tags: [String(tagId)] });
      expect(post.sticky).toBe(true);
      expect(post.categories).toEqual([categoryId]);
      expect(post.tags).toEqual([tagId]);
      const wrong = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Wrong', menu_order: 'x', comment_status: 'ajar', sticky: 'sometimes' } });
      expectError(wrong, 400, 'rest_invalid_param');
      expect(sorted(Object.keys(wrong.body.data.params))).toEqual(['comment_status', 'sticky']);
    });

    it('takes arguments from a form-encoded body, with bracketed lists and objects', async () => {
      const form = new URLSearchParams({ title: 'From a form', status: 'publish', sticky: '1', 'categories[]': String(categoryId), 'meta[footnotes]': 'in a form' });
      form.append('tags[]', String(tagId));
      const result = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      expect(result.body).toMatchObject({ title: { raw: 'From a form' }, status: 'publish', sticky: true, categories: [categoryId], tags: [tagId] });
      expect(result.body.meta.footnotes).toBe('in a form');
      const invalid = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: 'title=x&status=flying', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expectError(invalid, 400, 'rest_invalid_param');
      expect(Object.keys(invalid.body.data.params)).toEqual(['status']);
    });

    it('takes arguments from the query string of a write, the body winning over it', async () => {
      const fromQuery = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', query: { title: 'From the query', status: 'private' } });
      expect(fromQuery.status).toBe(201);
      expect(fromQuery.body.title.raw).toBe('From the query');
      expect(fromQuery.body.status).toBe('private');
      const both = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', query: { title: 'Query title', status: 'pending' }, body: { title: 'Body title' } });
      expect(both.body.title.raw).toBe('Body title');
      expect(both.body.status).toBe('pending');
    });

    it('refuses a request without a required parameter, naming it', async () => {
      const batch = await site.api('/batch/v1', { method: 'POST', as: 'editor', body: {} });
      expectError(batch, 400, 'rest_missing_callback_param');
      expect(batch.body.data.params).toEqual(['requests']);
      expect(batch.body.message).toBe('Missing parameter(s): requests');
      const embed = await site.api('/oembed/1.0/proxy', { as: 'editor' });
      expectError(embed, 400, 'rest_missing_callback_param');
      expect(embed.body.data.params).toEqual(['url']);
      const postProcess = await site.api(`/cms/v2/media/${mediaId}/post-process`, { method: 'POST', as: 'administrator', body: {} });
      expectError(postProcess, 400, 'rest_missing_callback_param');
      expect(postProcess.body.data.params).toEqual(['action']);
    });
  });

  describe('_fields', () => {
    it('keeps only the named fields of an item, nested ones included', async () => {
      const { body } = await site.api(`/cms/v2/posts/${ids.byAuthor}`, { query: { _fields: 'id,title.rendered,content.protected' } });
      expect(sorted(Object.keys(body))).toEqual(['content', 'id', 'title']);
      expect(body).toEqual({ id: ids.byAuthor, title: { rendered: 'By the author' }, content: { protected: false } });
    });

    it('applies to every item of a list, in comma and bracket form', async () => {
      const comma = await site.api('/cms/v2/posts', { query: { _fields: 'id,slug', include: [ids.byAuthor, ids.byAdmin] } });
      const bracket = await site.api('/cms/v2/posts', { query: { _fields: ['id', 'slug'], include: [ids.byAuthor, ids.byAdmin] } });
      for (const result of [comma, bracket]) {
        expect(result.body).toHaveLength(2);
        for (const item of result.body) expect(sorted(Object.keys(item))).toEqual(['id', 'slug']);
      }
      expect(comma.headers.get('x-wp-total')).toBe('2');
    });

    it('leaves an error untouched', async () => {
      const result = await site.api('/cms/v2/posts/999999', { query: { _fields: 'id' } });
      expectError(result, 404, 'rest_post_invalid_id');
    });
  });

  describe('_embed', () => {
    it('embeds the author, the featured media and the terms of a post in embed context', async () => {
      const { body } = await site.api(`/cms/v2/posts/${ids.byAuthor}`, { query: { _embed: '1' } });
      expect(sorted(Object.keys(body._embedded))).toEqual(['author', 'wp:featuredmedia', 'wp:term']);
      const [author] = body._embedded.author;
      expect(author).toMatchObject({ id: site.users.author.id, slug: expect.any(String), name: expect.any(String) });
      expect(author).not.toHaveProperty('email');
      const [media] = body._embedded['wp:featuredmedia'];
      expect(media.id).toBe(mediaId);
      expect(media.source_url).toMatch(/^http/);
      const [categories, tags] = body._embedded['wp:term'];
      expect(categories.map((term: { id: number }) => term.id)).toEqual([categoryId]);
      expect(tags.map((term: { name: string }) => term.name)).toEqual(['wet']);
      expect(body.author).toBe(site.users.author.id);
      expect(body._links.author[0].embeddable).toBe(true);
    });

    it('embeds only the relations named, and works with no value at all', async () => {
      const only = await site.api(`/cms/v2/posts/${ids.byAuthor}`, { query: { _embed: 'author' } });
      expect(Object.keys(only.body._embedded)).toEqual(['author']);
      const two = await site.api(`/cms/v2/posts/${ids.byAuthor}`, { query: { _embed: 'author,wp:term' } });
      expect(sorted(Object.keys(two.body._embedded))).toEqual(['author', 'wp:term']);
      const bare = await (await raw(`cms/v2/posts/${ids.byAuthor}?_embed`)).json();
      expect(sorted(Object.keys(bare._embedded))).toEqual(['author', 'wp:featuredmedia', 'wp:term']);
    });

    it('embeds the parent of a page, and works on every item of a list', async () => {
      const parent = await create('editor', { title: 'Embed parent', status: 'publish' }, 'pages');
      const child = await create('editor', { title: 'Embed child', status: 'publish', parent: parent.id }, 'pages');
      const { body } = await site.api(`/cms/v2/pages/${child.id}`, { query: { _embed: 'up' } });
      expect(body._embedded.up[0]).toMatchObject({ id: parent.id, title: { rendered: 'Embed parent' } });
      expect(body._embedded.up[0]).not.toHaveProperty('content');
      const list = await site.api('/cms/v2/posts', { query: { _embed: 'author', include: [ids.byAuthor, ids.byAdmin], orderby: 'id', order: 'asc' } });
      expect(list.body.map((post: any) => post._embedded.author[0].id)).toEqual([site.users.author.id, site.users.administrator.id]);
    });

    it('combines with _fields', async () => {
      const { body } = await site.api(`/cms/v2/posts/${ids.byAuthor}`, { query: { _embed: 'author', _fields: 'id,_links,_embedded' } });
      expect(sorted(Object.keys(body))).toEqual(['_embedded', '_links', 'id']);
      expect(body._embedded.author[0].id).toBe(site.users.author.id);
    });
  });

  describe('_envelope', () => {
    it('wraps the status, headers and body in a 200 response', async () => {
      const list = await site.api('/cms/v2/posts', { query: { _envelope: '1', per_page: 1, include: [ids.byAuthor, ids.byEditor, ids.byAdmin] } });
      expect(list.status).toBe(200);
      expect(list.body.status).toBe(200);
      expect(list.body.headers['x-wp-total']).toBe('3');
      expect(list.body.headers['x-wp-totalpages']).toBe('3');
      expect(list.headers.get('x-wp-total')).toBeNull();
      expect(list.body.body).toHaveLength(1);
      const missing = await (await raw('cms/v2/posts/999999?_envelope')).json();
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('rest_post_invalid_id');
      const created = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', query: { _envelope: '1' }, body: { title: 'Enveloped' } });
      expect(created.status).toBe(200);
      expect(created.body.status).toBe(201);
      expect(created.body.headers.location).toBe(`${site.apiRoot}cms/v2/posts/${created.body.body.id}`);
    });
  });

  describe('method override', () => {
    it('turns a POST into the method named by _method or X-HTTP-Method-Override', async () => {
      const viaQuery = await create('editor', { title: 'Override by query' });
      const deleted = await site.api(`/cms/v2/posts/${viaQuery.id}`, { method: 'POST', as: 'editor', query: { _method: 'delete' } });
      expect(deleted.status).toBe(200);
      expect(deleted.body.status).toBe('trash');
      const viaHeader = await create('editor', { title: 'Override by header' });
      const forced = await site.api(`/cms/v2/posts/${viaHeader.id}`, { method: 'POST', as: 'editor', query: { force: true }, headers: { 'x-http-method-override': 'DELETE' } });
      expect(forced.body.deleted).toBe(true);
      const put = await create('editor', { title: 'Put by header' });
      const updated = await site.api(`/cms/v2/posts/${put.id}`, { method: 'POST', as: 'editor', headers: { 'x-http-method-override': 'PUT' }, body: { title: 'Put done' } });
      expect(updated.body.title.raw).toBe('Put done');
    });

    it('never overrides a GET, so a link cannot delete', async () => {
      const target = await create('editor', { title: 'Safe from links' });
      const viaGet = await site.api(`/cms/v2/posts/${target.id}`, { as: 'editor', query: { _method: 'DELETE', context: 'edit' } });
      expect(viaGet.status).toBe(200);
      expect(viaGet.body.status).toBe('draft');
      await site.api(`/cms/v2/posts/${target.id}`, { as: 'editor', headers: { 'x-http-method-override': 'DELETE' } });
      expect((await site.api(`/cms/v2/posts/${target.id}`, { as: 'editor', query: { context: 'edit' } })).body.status).toBe('draft');
    });

    it('answers a POST overridden to a method the route lacks with rest_no_route', async () => {
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', query: { _method: 'DELETE' } }), 404, 'rest_no_route');
    });
  });

  describe('errors', () => {
    it('answers an unknown route, or a method the route lacks, with 404 rest_no_route', async () => {
      expectError(await site.api('/nowhere/v1/things'), 404, 'rest_no_route');
      expectError(await site.api('/cms/v2/posts/not-a-number'), 404, 'rest_no_route');
      expectError(await site.api('/cms/v2/posts', { method: 'DELETE', as: 'administrator' }), 404, 'rest_no_route');
      expectError(await site.api('/batch/v1', { as: 'administrator' }), 404, 'rest_no_route');
      const result = await site.api('/nowhere');
      expect(result.body).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } });
    });

    it('answers invalid JSON with 400 rest_invalid_json and changes nothing', async () => {
      const target = await create('editor', { title: 'Before bad JSON' });
      const result = await site.api(`/cms/v2/posts/${target.id}`, { method: 'POST', as: 'editor', body: '{"title": "half', headers: { 'content-type': 'application/json' } });
      expectError(result, 400, 'rest_invalid_json');
      expect((await site.api(`/cms/v2/posts/${target.id}`, { as: 'editor', query: { context: 'edit' } })).body.title.raw).toBe('Before bad JSON');
    });

    it('answers 401 to nobody and 403 to a user without the right', async () => {
      expectError(await site.api('/cms/v2/posts', { method: 'POST', body: { title: 'Anonymous' } }), 401, 'rest_cannot_create');
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'subscriber', body: { title: 'Subscriber' } }), 403, 'rest_cannot_create');
      expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'contributor', body: { title: 'Contributor', status: 'publish' } }), 403, 'rest_cannot_publish');
      expectError(await site.api(`/cms/v2/posts/${ids.draft}`), 401, 'rest_forbidden');
      expectError(await site.api(`/cms/v2/posts/${ids.byEditor}`, { method: 'DELETE', as: 'author' }), 403, 'rest_cannot_delete');
      expectError(await site.api(`/cms/v2/posts/${ids.byAuthor}`, { as: 'subscriber', query: { context: 'edit' } }), 403, 'rest_forbidden_context');
      const drafts = await site.api('/cms/v2/posts', { query: { status: 'draft' } });
      expectError(drafts, 400, 'rest_invalid_param');
      expect(drafts.body.data.details.status).toMatchObject({ code: 'rest_forbidden_status', data: { status: 401 } });
      const editorDrafts = await site.api('/cms/v2/posts', { as: 'editor', query: { status: 'draft' } });
      expect(editorDrafts.body.map((post: { id: number }) => post.id)).toContain(ids.draft);
    });

    it('answers an item that does not exist with 404', async () => {
      expectError(await site.api('/cms/v2/posts/999999'), 404, 'rest_post_invalid_id');
      expectError(await site.api('/cms/v2/posts/999999', { method: 'PUT', as: 'editor', body: { title: 'x' } }), 404, 'rest_post_invalid_id');
      expectError(await site.api('/cms/v2/posts/999999', { method: 'DELETE', as: 'editor' }), 404, 'rest_post_invalid_id');
      expectError(await site.api(`/cms/v2/pages/${ids.byAuthor}`), 404, 'rest_post_invalid_id');
    });

    it('answers a page beyond the last with 400, an empty list with 200', async () => {
      const three = [ids.byAuthor, ids.byEditor, ids.byAdmin];
      const beyond = await site.api('/cms/v2/posts', { query: { page: 3, per_page: 2, include: three } });
      expectError(beyond, 400, 'rest_post_invalid_page_number');
      const last = await site.api('/cms/v2/posts', { query: { page: 2, per_page: 2, include: three } });
      expect(last.status).toBe(200);
      expect(last.body).toHaveLength(1);
      const empty = await site.api('/cms/v2/posts', { query: { page: 3, search: 'no post says this' } });
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual([]);
      expect(empty.headers.get('x-wp-total')).toBe('0');
    });
  });
});
