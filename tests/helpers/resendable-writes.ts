// A request of every write route of the content namespace (the route table's), made afresh for
// each use on a fixture of its own, for tests that send a write twice (resent-writes). Each
// route's requests are keyed `METHOD pattern`, as the table names them; the routes whose writes
// are not recorded are named with why.
import { expect } from 'vitest';
import { NAMESPACES } from '../../shared/api-routes.ts';
import type { QueryParams } from './http-request.ts';
import type { TestRole, TestSite } from './test-site.ts';
import { solidImage, uploadRaw } from './images.ts';

export interface SentWrite {
  method: string;
  path: string;
  query?: QueryParams;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Who sends: a role of the test site, or the Authorization header of another account. */
export type Sender = TestRole | { authorization: string };

export interface WriteSample {
  /** `METHOD pattern`, as the route table has it. */
  route: string;
  name: string;
  make(site: TestSite, as: Sender): Promise<SentWrite>;
}

/** The write routes whose writes come after the handler awaited (file and image work): a request id is not recorded for them. */
export const NOT_RECORDED: Record<string, string> = {
  'POST /cms/v2/media': 'the upload is stored after the file is read and its sizes made',
  'POST /cms/v2/media/(?P<id>[\\d]+)/post-process': 'the sizes are made before they are stored',
  'POST /cms/v2/media/(?P<id>[\\d]+)/edit': 'the edited copy is made before it is stored',
};

const ID = '(?P<id>[\\d]+)';
const PARENT = '(?P<parent>[\\d]+)';
let made = 0;
const unique = (what: string) => `${what} ${++made}`;
const paragraph = (text: string) => `<!-- wp:paragraph --><p>${text}</p><!-- /wp:paragraph -->`;

export function send(site: TestSite, as: Sender, write: SentWrite, headers: Record<string, string> = {}) {
  const who = typeof as === 'string' ? { as } : { headers: { authorization: as.authorization } };
  return site.api(write.path, { method: write.method, query: write.query, body: write.body, ...who, headers: { ...who.headers, ...write.headers, ...headers } });
}

async function created(site: TestSite, as: Sender, path: string, body: Record<string, unknown>): Promise<{ id: number; etag: string }> {
  const answer = await send(site, as, { method: 'POST', path, body });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return { id: answer.body.id, etag: answer.headers.get('etag')! };
}

async function uploaded(site: TestSite, as: Sender): Promise<number> {
  const answer = await uploadRaw(site, await solidImage(8, 8, 'png'), `${unique('photo').replace(' ', '-')}.png`, { as: typeof as === 'string' ? as : 'administrator' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id;
}

function itemSamples(base: string): WriteSample[] {
  const collection = `/${NAMESPACES.cms}/${base}`;
  const item = (site: TestSite, as: Sender) => created(site, as, collection, { title: unique('Item'), status: 'draft', content: paragraph('Text') });
  const update = (method: string): WriteSample => ({
    route: `${method} ${collection}/${ID}`, name: `${method} with If-Match`,
    make: async (site, as) => {
      const { id, etag } = await item(site, as);
      return { method, path: `${collection}/${id}`, body: { title: unique('Changed') }, headers: { 'if-match': etag } };
    },
  });
  return [
    { route: `POST ${collection}`, name: 'create', make: async () => ({ method: 'POST', path: collection, body: { title: unique('New'), status: 'draft', content: paragraph('New') } }) },
    update('POST'), update('PUT'), update('PATCH'),
    {
      route: `DELETE ${collection}/${ID}`, name: 'to the trash, with If-Match',
      make: async (site, as) => {
        const { id, etag } = await item(site, as);
        return { method: 'DELETE', path: `${collection}/${id}`, headers: { 'if-match': etag } };
      },
    },
    {
      route: `DELETE ${collection}/${ID}`, name: 'forced',
      make: async (site, as) => ({ method: 'DELETE', path: `${collection}/${(await item(site, as)).id}`, query: { force: true } }),
    },
    {
      route: `DELETE ${collection}/${PARENT}/revisions/${ID}`, name: 'a revision',
      make: async (site, as) => {
        const { id } = await item(site, as);
        await created(site, as, `${collection}/${id}`, { content: paragraph('Revised') });
        const revisions = await send(site, as, { method: 'GET', path: `${collection}/${id}/revisions` });
        return { method: 'DELETE', path: `${collection}/${id}/revisions/${revisions.body[0].id}`, query: { force: true } };
      },
    },
    {
      route: `POST ${collection}/${ID}/autosaves`, name: 'an autosave',
      make: async (site, as) => ({ method: 'POST', path: `${collection}/${(await item(site, as)).id}/autosaves`, body: { title: unique('Autosaved'), content: paragraph('Autosaved') } }),
    },
  ];
}

const media = `/${NAMESPACES.cms}/media`;
const mediaUpdate = (method: string): WriteSample => ({
  route: `${method} ${media}/${ID}`, name: method,
  make: async (site, as) => ({ method, path: `${media}/${await uploaded(site, as)}`, body: { title: unique('Photo') } }),
});

export const WRITE_SAMPLES: WriteSample[] = [
  ...['posts', 'pages', 'blocks'].flatMap(itemSamples),
  mediaUpdate('POST'), mediaUpdate('PUT'), mediaUpdate('PATCH'),
  { route: `DELETE ${media}/${ID}`, name: 'forced', make: async (site, as) => ({ method: 'DELETE', path: `${media}/${await uploaded(site, as)}`, query: { force: true } }) },
  ...['categories', 'tags'].map((base): WriteSample => ({
    route: `POST /${NAMESPACES.cms}/${base}`, name: 'create', make: async () => ({ method: 'POST', path: `/${NAMESPACES.cms}/${base}`, body: { name: unique('Term') } }),
  })),
  ...['POST', 'PUT', 'PATCH'].map((method): WriteSample => ({
    route: `${method} /${NAMESPACES.cms}/settings`, name: method, make: async () => ({ method, path: `/${NAMESPACES.cms}/settings`, body: { title: unique('Site') } }),
  })),
];
