// A request of every write route of the route table (the content namespace's, uploads and image
// edits included, and the batch route's in both of its modes), made afresh for each use on a
// fixture of its own, for tests that send a write twice (resent-writes). Each route's requests
// are keyed `METHOD pattern`, as the table names them; the routes whose writes are not recorded
// are named with why. Each request changes what it writes from how make() left it (a switch
// turned off first, a new name), so that a write made is seen.
import { expect } from 'vitest';
import { batchApi, NAMESPACES, rooted } from '../../shared/api-routes.ts';
import type { QueryParams } from './http-request.ts';
import type { TestRole, TestSite } from './test-site.ts';
import { solidImage, uploadRaw } from './images.ts';
import { RANK_WEBSITE_ID, withConnectorServices } from './connector-services-double.ts';
import { getPost, updatePost } from '../../server/store/posts.ts';

export interface SentWrite {
  method: string;
  path: string;
  query?: QueryParams;
  /** JSON, or a file's bytes (an upload, named by its Content-Disposition header). */
  body?: Record<string, unknown> | Buffer;
  headers?: Record<string, string>;
}

/** Who sends: a role of the test site, or the Authorization header of another account. */
export type Sender = TestRole | { authorization: string };

export interface WriteSample {
  /** `METHOD pattern`, as the route table has it. */
  route: string;
  name: string;
  /** The status it is answered when made: 200 unless said. */
  status?: number;
  /** It makes a new item, whose route its answer shows (Location, or for a contact form its id). */
  creates?: true;
  /**
   * Its parts commit apart (a batch's items; a feedback's stored submission, then its mail): sent
   * again after its instance stopped after the first, the others are made then.
   */
  resumes?: true;
  /** Sent to deployment b (its own namespaces); a's otherwise. */
  deployment?: 'b';
  make(site: TestSite, as: Sender): Promise<SentWrite>;
}

/** The write routes of the table whose writes a request id is not recorded for, and why. */
export const NOT_RECORDED: Record<string, string> = {};

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

const photoName = () => `${unique('photo').replace(' ', '-')}.png`;

/** An uploaded image's id and served file, with its sizes (big enough to have some) made or not. */
async function uploadedImage(site: TestSite, as: Sender, options: { width: number; subSizes?: boolean }): Promise<{ id: number; src: string }> {
  const query = options.subSizes === false ? { generate_sub_sizes: false } : undefined;
  const answer = await uploadRaw(site, await solidImage(options.width, options.width, 'png'), photoName(), { as: typeof as === 'string' ? as : 'administrator', query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, src: answer.body.source_url };
}

const uploaded = async (site: TestSite, as: Sender) => (await uploadedImage(site, as, { width: 8 })).id;

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
    { route: `POST ${collection}`, name: 'create', status: 201, creates: true, make: async () => ({ method: 'POST', path: collection, body: { title: unique('New'), status: 'draft', content: paragraph('New') } }) },
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
const BATCH = rooted(batchApi.batch());

/** A batch of a create, an update and a delete of posts, one failing when `failing` (its path unknown): recorded as a whole. */
const batchSample = (validation: 'normal' | 'require-all-validate', failing: boolean): WriteSample => ({
  route: `POST ${BATCH}`, name: `${validation}${failing ? ', one failing' : ''}`, status: 207, resumes: true,
  make: async (site, as) => {
    const posts = `/${NAMESPACES.cms}/posts`;
    const updated = await created(site, as, posts, { title: unique('Batched'), status: 'draft' });
    const deleted = await created(site, as, posts, { title: unique('Batched'), status: 'draft' });
    const requests = [
      { method: 'POST', path: posts, body: { title: unique('Batch new'), status: 'draft', content: paragraph('New') } },
      { method: 'PUT', path: `${posts}/${updated.id}`, body: { title: unique('Batch changed') } },
      { method: 'DELETE', path: `${posts}/${deleted.id}` },
      ...(failing ? [{ method: 'POST', path: `${posts}/999999`, body: { title: 'Nothing' } }] : []),
    ];
    return { method: 'POST', path: BATCH, body: { validation, requests } };
  },
});
const mediaUpdate = (method: string): WriteSample => ({
  route: `${method} ${media}/${ID}`, name: method,
  make: async (site, as) => ({ method, path: `${media}/${await uploaded(site, as)}`, body: { title: unique('Photo') } }),
});

const forms = `/${NAMESPACES.contactForm}/contact-forms`;
const form = (site: TestSite, as: Sender) => created(site, as, forms, { title: unique('Form'), form: '[text* your-name] [textarea your-message]' });
const formSamples: WriteSample[] = [
  { route: `POST ${forms}`, name: 'create', creates: true, make: async () => ({ method: 'POST', path: forms, body: { title: unique('Form'), form: '[text your-name]' } }) },
  ...['POST', 'PUT', 'PATCH'].map((method): WriteSample => ({
    route: `${method} ${forms}/${ID}`, name: `${method} with If-Match`,
    make: async (site, as) => {
      const { id, etag } = await form(site, as);
      return { method, path: `${forms}/${id}`, body: { title: unique('Form changed') }, headers: { 'if-match': etag } };
    },
  })),
  { route: `DELETE ${forms}/${ID}`, name: 'delete', make: async (site, as) => ({ method: 'DELETE', path: `${forms}/${(await form(site, as)).id}` }) },
  {
    // A visitor's submission, form-encoded as a browser sends it: stored, and sent on as mail (to the outbox without SMTP).
    route: `POST ${forms}/${ID}/feedback`, name: 'a submission', resumes: true,
    make: async (site) => ({
      method: 'POST', path: `${forms}/${(await form(site, 'administrator')).id}/feedback`,
      body: Buffer.from(new URLSearchParams({ 'your-name': unique('Visitor'), 'your-message': 'Hello' }).toString()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
];

const seo = `/${NAMESPACES.seo}`;
const postSettings = `${seo}/post_settings`;
const slug = (what: string) => unique(what).replace(' ', '-');
const storeOf = (site: TestSite) => site.running.site.context.store;
/** A POST of seo/v1 with this body (made afresh each time), after `before` set the site up for it. */
const seoPost = (path: string, name: string, body: () => Record<string, unknown>, before?: (site: TestSite, as: Sender) => Promise<unknown>): WriteSample => ({
  route: `POST ${seo}${path}`, name, deployment: 'b',
  make: async (site, as) => {
    await before?.(site, as);
    return { method: 'POST', path: `${seo}${path}`, body: body() };
  },
});
/** A POST of seo/v1 that turns on what make() turned off (sent without an id). */
const switchedOn = (path: string, off: Record<string, unknown>, on: Record<string, unknown>) =>
  seoPost(path, 'switched on', () => on, (site, as) => send(site, as, { method: 'POST', path: `${seo}${path}`, body: off }));
/** Forgets a row of seo/v1's (what no route undoes), so that the write makes it again. */
const forgetting = (sql: string, ...params: unknown[]) => async (site: TestSite) => storeOf(site).run(sql, ...params);
const newPost = (site: TestSite, as: Sender) => created(site, as, `/${NAMESPACES.cms}/posts`, { title: unique('Searched'), status: 'publish', content: paragraph('Text') });
const newTerm = (site: TestSite, as: Sender) => created(site, as, `/${NAMESPACES.cms}/categories`, { name: unique('Term'), description: 'Text' });
const rankConnected = async (site: TestSite, as: Sender) => {
  await withConnectorServices(site);
  expect((await send(site, as, { method: 'POST', path: `${seo}/rank/authenticate`, body: { code: 'code', websiteId: RANK_WEBSITE_ID } })).status).toBe(200);
};
const seoSamples: WriteSample[] = [
  ...['POST', 'PUT', 'PATCH'].map((method): WriteSample => ({
    route: `${method} ${postSettings}/${ID}`, name: `${method} with If-Match`, deployment: 'b',
    make: async (site, as) => {
      const { id, etag } = await created(site, as, `/${NAMESPACES.cms}/posts`, { title: unique('Searched'), status: 'draft', content: paragraph('Text') });
      return { method, path: `${postSettings}/${id}`, body: { meta_description: unique('Described') }, headers: { 'if-match': etag } };
    },
  })),
  seoPost('/configuration/site_representation', 'a company', () => ({ company_or_person: 'company', company_name: unique('Company') })),
  seoPost('/configuration/social_profiles', 'a profile', () => ({ network_a_site: `https://social.example/${slug('profile')}` })),
  switchedOn('/configuration/enable_tracking', { tracking: false }, { tracking: true }),
  seoPost('/configuration/save_configuration_state', 'a step', () => ({ finishedSteps: [unique('step')] })),
  switchedOn('/integrations/set_active', { integration: 'kwresearch', active: false }, { integration: 'kwresearch', active: true }),
  seoPost('/new-content-type-visibility/dismiss-post-type', 'a badge', () => ({ postTypeName: 'post' }), forgetting("DELETE FROM options WHERE name = 'seo_new_content_types'")),
  seoPost('/new-content-type-visibility/dismiss-taxonomy', 'a badge', () => ({ taxonomyName: 'category' }), forgetting("DELETE FROM options WHERE name = 'seo_new_content_types'")),
  switchedOn('/connector_configuration_permanent_dismissal', { is_dismissed: false }, { is_dismissed: true }),
  switchedOn('/setup_steps_tracking', { setup_widget_loaded: 'no' }, { setup_widget_loaded: 'yes' }),
  {
    route: `POST ${seo}/introductions/(?P<introduction_id>[\\w-]+)/seen`, name: 'seen', deployment: 'b',
    make: async () => ({ method: 'POST', path: `${seo}/introductions/${slug('introduction')}/seen`, body: { is_seen: true } }),
  },
  switchedOn('/video_embed_permission', { value: false }, { value: true }),
  seoPost('/alerts/dismiss', 'an alert', () => ({ key: slug('alert') })),
  {
    // A post carrying another plugin's meta (cms/v2 keeps only registered keys), imported by the next batch.
    route: `POST ${seo}/import/(?P<plugin>[\\w-]+)/(?P<type>[\\w-]+)`, name: 'a batch', deployment: 'b',
    make: async (site, as) => {
      const { id } = await newPost(site, as);
      const stored = JSON.parse(getPost(storeOf(site), id)!.meta) as Record<string, unknown>;
      updatePost(storeOf(site), id, { meta: JSON.stringify({ ...stored, _aioseop_description: unique('Imported') }) });
      return { method: 'POST', path: `${seo}/import/aioseo/posts` };
    },
  },
  seoPost('/indexing/posts', 'a batch', () => ({}), async (site, as) => forgetting("DELETE FROM seo_indexables WHERE object_type = 'post' AND object_id = ?", (await newPost(site, as)).id)(site)),
  seoPost('/indexing/terms', 'a batch', () => ({}), async (site, as) => forgetting("DELETE FROM seo_indexables WHERE object_type = 'term' AND object_id = ?", (await newTerm(site, as)).id)(site)),
  seoPost('/indexing/post-type-archives', 'a batch', () => ({}), forgetting("DELETE FROM seo_indexables WHERE object_type = 'post-type-archive'")),
  seoPost('/indexing/general', 'a batch', () => ({}), forgetting("DELETE FROM seo_indexables WHERE object_type IN ('home-page', 'search-result', 'system-page')")),
  // A run's steps, each from the one before it (their times are whole seconds: the same step twice may change nothing).
  seoPost('/indexing/prepare', 'a step', () => ({}), (site, as) => send(site, as, { method: 'POST', path: `${seo}/indexing/complete` })),
  seoPost('/indexing/indexables-complete', 'a step', () => ({}), (site, as) => send(site, as, { method: 'POST', path: `${seo}/indexing/prepare` })),
  seoPost('/indexing/complete', 'a step', () => ({}), (site, as) => send(site, as, { method: 'POST', path: `${seo}/indexing/prepare` })),
  seoPost('/link-indexing/posts', 'a batch', () => ({}), async (site, as) => forgetting("UPDATE seo_indexables SET link_count = NULL WHERE object_type = 'post' AND object_id = ?", (await newPost(site, as)).id)(site)),
  seoPost('/link-indexing/terms', 'a batch', () => ({}), async (site, as) => forgetting("UPDATE seo_indexables SET link_count = NULL WHERE object_type = 'term' AND object_id = ?", (await newTerm(site, as)).id)(site)),
  seoPost('/complete_task', 'a task', () => ({ options: { task: 'fix-orphaned-content' } }), forgetting("DELETE FROM options WHERE name = 'seo_completed_tasks'")),
  seoPost('/workouts', 'a step', () => ({
    cornerstone: { finishedSteps: ['chooseCornerstones'], indexablesByStep: { chooseCornerstones: [++made] } }, orphaned: { finishedSteps: [], indexablesByStep: {} },
  })),
  seoPost('/kwresearch/authenticate', 'a code', () => ({ code: slug('code') }), (site) => withConnectorServices(site)),
  switchedOn('/kwresearch/country_code', { country_code: 'nl' }, { country_code: 'us' }),
  seoPost('/rank/authenticate', 'a code', () => ({ code: slug('code'), websiteId: RANK_WEBSITE_ID }), (site) => withConnectorServices(site)),
  seoPost('/rank/keyphrases/track', 'a keyphrase', () => ({ keyphrases: [unique('keyphrase')] }), rankConnected),
  seoPost('/rank/keyphrases', 'rankings', () => ({ keyphrases: [unique('keyphrase')] }), rankConnected),
  {
    route: `DELETE ${seo}/rank/keyphrases/untrack`, name: 'a keyphrase', deployment: 'b',
    make: async (site, as) => {
      await rankConnected(site, as);
      const keyphrase = unique('keyphrase');
      const tracked = await send(site, as, { method: 'POST', path: `${seo}/rank/keyphrases/track`, body: { keyphrases: [keyphrase] } });
      expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
      return { method: 'DELETE', path: `${seo}/rank/keyphrases/untrack`, query: { keyphraseID: tracked.body.results[keyphrase].id } };
    },
  },
];

export const WRITE_SAMPLES: WriteSample[] = [
  ...seoSamples,
  ...formSamples,
  ...['posts', 'pages', 'blocks'].flatMap(itemSamples),
  mediaUpdate('POST'), mediaUpdate('PUT'), mediaUpdate('PATCH'),
  { route: `DELETE ${media}/${ID}`, name: 'forced', make: async (site, as) => ({ method: 'DELETE', path: `${media}/${await uploaded(site, as)}`, query: { force: true } }) },
  {
    route: `POST ${media}`, name: 'create', status: 201, creates: true,
    make: async () => ({ method: 'POST', path: media, body: await solidImage(200, 160, 'png'), headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename="${photoName()}"` } }),
  },
  {
    route: `POST ${media}/${ID}/edit`, name: 'a rotation', status: 201, creates: true,
    make: async (site, as) => {
      const { id, src } = await uploadedImage(site, as, { width: 40 });
      return { method: 'POST', path: `${media}/${id}/edit`, body: { src, modifiers: [{ type: 'rotate', args: { angle: 90 } }] } };
    },
  },
  {
    route: `POST ${media}/${ID}/post-process`, name: 'sizes made',
    make: async (site, as) => ({ method: 'POST', path: `${media}/${(await uploadedImage(site, as, { width: 200, subSizes: false })).id}/post-process`, body: { action: 'create-image-subsizes' } }),
  },
  batchSample('normal', false), batchSample('normal', true), batchSample('require-all-validate', false),
  ...['categories', 'tags'].map((base): WriteSample => ({
    route: `POST /${NAMESPACES.cms}/${base}`, name: 'create', status: 201, creates: true, make: async () => ({ method: 'POST', path: `/${NAMESPACES.cms}/${base}`, body: { name: unique('Term') } }),
  })),
  ...['POST', 'PUT', 'PATCH'].map((method): WriteSample => ({
    route: `${method} /${NAMESPACES.cms}/settings`, name: method, make: async () => ({ method, path: `/${NAMESPACES.cms}/settings`, body: { title: unique('Site') } }),
  })),
];
