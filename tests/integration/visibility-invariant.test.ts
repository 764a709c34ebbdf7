// The visibility invariant, driven by the route table: hostile fixtures (secret words in
// protected bodies and passwords, private and draft items with attachments, a public post
// whose featured image belongs to a private post, autosaves and revisions), then every
// readable route the index lists (and the hidden ones) called in every context, with
// `_embed`, as every role and as a visitor. No secret may come back to someone who may not
// read it, and a search for a secret must answer as a search for nothing does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRoute } from '../../server/rest/index-doc.ts';
import { TEST_ROLES, startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import type { QueryParams } from '../helpers/http-request.ts';
import { solidImage, uploadRaw } from '../helpers/images.ts';

type Asker = TestRole | null;
const ASKERS: Asker[] = [...TEST_ROLES, null];
const EVERYONE: Asker[] = ASKERS;
const EDITORS: Asker[] = ['administrator', 'editor'];
const DECOY = 'xqnothinghere';

interface Secret {
  word: string;
  /** Who may read it. */
  readers: Asker[];
  /** The item that holds it. */
  holder: number;
}

interface Arg {
  type?: string | string[];
  required?: boolean;
  format?: string;
  enum?: unknown[];
  items?: { enum?: unknown[] };
}
interface RouteEntry {
  methods: string[];
  endpoints: { methods: string[]; args: Record<string, Arg> | [] }[];
}

const who = (asker: Asker) => asker ?? 'a visitor';

describe.each(['a', 'b'] as const)('deployment %s: nothing comes back to someone who may not read it', (deployment) => {
  let site: TestSite;
  const secrets: Secret[] = [];
  const items: { id: number; link: string }[] = [];
  let revisionPairs: { parent: number; id: number }[] = [];
  let routes: Record<string, RouteEntry> = {};

  const write = async (as: TestRole, path: string, body: Record<string, unknown>) => {
    const answer = await site.api(path, { method: 'POST', as, body });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as { id: number; link: string };
  };
  const item = async (as: TestRole, type: 'posts' | 'pages' | 'blocks', body: Record<string, unknown>, word: string, readers: Asker[]) => {
    const created = await write(as, `/cms/v2/${type}`, body);
    items.push(created);
    secrets.push({ word, readers, holder: created.id });
    if (typeof body.password === 'string') secrets.push({ word: body.password, readers, holder: created.id });
    return created;
  };
  const attachment = async (as: TestRole, parent: number, word: string, readers: Asker[]) => {
    const uploaded = await uploadRaw(site, await solidImage(8, 8, 'png'), `photo-${items.length}.png`, { as, query: { post: parent } });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const id = uploaded.body.id as number;
    const text = `Shot ${word} here`;
    const updated = await write(as, `/cms/v2/media/${id}`, { title: text, caption: text, description: text, alt_text: text });
    items.push(updated);
    secrets.push({ word, readers, holder: id });
    return updated;
  };
  const protectedText = (word: string) => ({ content: `<!-- wp:paragraph --><p>The body holds ${word} inside.</p><!-- /wp:paragraph -->`, excerpt: `Summary with ${word}.` });

  beforeAll(async () => {
    site = await startTestSite(deployment);
    // Password-protected, published: readable (without the password) only by those who may edit them.
    await item('administrator', 'posts', { status: 'publish', title: 'Locked one', slug: 'locked-one', password: 'xqpwadmin', ...protectedText('xqprotadmin') }, 'xqprotadmin', EDITORS);
    await item('editor', 'pages', { status: 'publish', title: 'Locked page', slug: 'locked-page', password: 'xqpwpage', ...protectedText('xqprotpage') }, 'xqprotpage', EDITORS);
    const authorLocked = await item('author', 'posts', { status: 'publish', title: 'Locked two', slug: 'locked-two', password: 'xqpwauthor', ...protectedText('xqprotauthor') }, 'xqprotauthor', [...EDITORS, 'author']);
    // A revision keeps the old body; an editor's autosave of the author's post holds a new one.
    await write('author', `/cms/v2/posts/${authorLocked.id}`, protectedText('xqrevisedauthor'));
    secrets.push({ word: 'xqrevisedauthor', readers: [...EDITORS, 'author'], holder: authorLocked.id });
    await write('editor', `/cms/v2/posts/${authorLocked.id}/autosaves`, protectedText('xqautosave'));
    secrets.push({ word: 'xqautosave', readers: [...EDITORS, 'author'], holder: authorLocked.id });
    await item('contributor', 'posts', { status: 'draft', title: 'Contributor xqdraftcontrib', slug: 'contrib-draft', password: 'xqpwcontrib', ...protectedText('xqdraftcontrib') }, 'xqdraftcontrib', [...EDITORS, 'contributor']);
    // Private and draft items with attachments: the attachments are as readable as their parents.
    const privatePost = await item('editor', 'posts', { status: 'private', title: 'Private xqprivate', slug: 'private-one', content: '<p>xqprivate</p>', excerpt: 'xqprivate' }, 'xqprivate', EDITORS);
    const privateMedia = await attachment('editor', privatePost.id, 'xqmedprivate', EDITORS);
    const privatePage = await item('administrator', 'pages', { status: 'private', title: 'Private xqprivpage', slug: 'private-page', content: '<p>xqprivpage</p>' }, 'xqprivpage', EDITORS);
    await attachment('administrator', privatePage.id, 'xqmedprivpage', EDITORS);
    // A public page below the private one: its ancestors' titles are not its own to show.
    await item('administrator', 'pages', { status: 'publish', title: 'Child xqpublicchild', slug: 'child', parent: privatePage.id, content: '<p>xqpublicchild</p>' }, 'xqpublicchild', EVERYONE);
    const draft = await item('author', 'posts', { status: 'draft', title: 'Draft xqdraftauthor', slug: 'author-draft', content: '<p>xqdraftauthor</p>' }, 'xqdraftauthor', [...EDITORS, 'author']);
    await attachment('author', draft.id, 'xqmeddraft', [...EDITORS, 'author']);
    await item('author', 'posts', { status: 'future', date: '2099-01-01T10:00:00', title: 'Later xqfuture', slug: 'later', content: '<p>xqfuture</p>' }, 'xqfuture', [...EDITORS, 'author']);
    const binned = await item('author', 'posts', { status: 'publish', title: 'Binned xqtrashed', slug: 'binned', content: '<p>xqtrashed</p>' }, 'xqtrashed', [...EDITORS, 'author']);
    await site.api(`/cms/v2/posts/${binned.id}`, { method: 'DELETE', as: 'author' });
    // A public post whose featured image is the private post's attachment, and a public control.
    await item('administrator', 'posts', { status: 'publish', title: 'Open xqpublic', slug: 'open', content: '<p>xqpublic</p>', featured_media: privateMedia.id }, 'xqpublic', EVERYONE);
    // Synced patterns: read only by those who may edit posts (WordPress maps wp_block's `read` to edit_posts).
    await item('author', 'blocks', { status: 'publish', title: 'Pattern xqpattern', content: '<p>xqpattern</p>' }, 'xqpattern', [...EDITORS, 'author', 'contributor']);
    await item('editor', 'blocks', { status: 'draft', title: 'Draft pattern xqdraftpattern', content: '<p>xqdraftpattern</p>' }, 'xqdraftpattern', EDITORS);
    const store = site.running.site.context.store;
    revisionPairs = store.all<{ parent: number; id: number }>("SELECT parent, id FROM posts WHERE type = 'revision'");
    // The index's routes, and the hidden ones (described the same way), so a new route is covered.
    routes = (await site.api('/')).body.routes;
    for (const route of site.running.site.router.routes()) {
      if (route.showInIndex === false) routes[route.pattern] = describeRoute(route, site.apiRoot) as unknown as RouteEntry;
    }
  }, 60_000);
  afterAll(async () => {
    await site.close();
  });

  /** Paths for a route pattern: its variables filled with every fixture (revision pairs for parent+id). */
  function paths(pattern: string): string[] {
    const variables = [...pattern.matchAll(/\(\?P<(\w+)>[^)]*\)/g)].map((match) => match[1]);
    const fill = (values: Record<string, number | string>) =>
      pattern.replace(/\(\?P<(\w+)>[^)]*\)/g, (_, name: string) => String(values[name] ?? 1));
    if (variables.includes('parent') && variables.includes('id')) return revisionPairs.map((pair) => fill(pair));
    const idName = variables.find((name) => name === 'id' || name === 'parent');
    if (idName) return items.map((entry) => fill({ [idName]: entry.id }));
    return [fill({})];
  }

  /** Queries for an endpoint: required arguments filled (URLs with every fixture's), each context, `_embed`. */
  function queries(args: Record<string, Arg>): QueryParams[] {
    const base: QueryParams = { per_page: 100 };
    let variants: Record<string, unknown>[] = [{}];
    for (const [name, arg] of Object.entries(args)) {
      if (name === 'status' && arg.items?.enum) base.status = arg.items.enum.map(String);
      if (!arg.required) continue;
      if (name === 'url' || arg.format === 'uri') {
        variants = items.flatMap((entry) => [{ url: entry.link }, { url: `${site.url}/?p=${entry.id}` }]);
      } else {
        const type = [arg.type].flat()[0];
        base[name] = arg.enum ? String(arg.enum[0]) : type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : 'post';
      }
    }
    const contexts = 'context' in args ? ['view', 'embed', 'edit'] : [undefined];
    return variants.flatMap((variant) => contexts.flatMap((context) => {
      const query = { ...base, ...variant, ...(context ? { context } : {}) } as QueryParams;
      return context === 'view' || context === undefined ? [query, { ...query, _embed: 1 }] : [query];
    }));
  }

  function readableRequests(): { path: string; query: QueryParams }[] {
    const requests: { path: string; query: QueryParams }[] = [];
    for (const [pattern, route] of Object.entries(routes)) {
      for (const endpoint of route.endpoints) {
        if (!endpoint.methods.includes('GET')) continue;
        const args = Array.isArray(endpoint.args) ? {} : endpoint.args;
        for (const path of paths(pattern)) for (const query of queries(args)) requests.push({ path, query });
      }
    }
    return requests;
  }

  it('answers every readable route, as every role, without a secret the asker may not read', async () => {
    const requests = readableRequests();
    const seenBy = new Map<string, Set<Asker>>();
    const leaks: string[] = [];
    await Promise.all(ASKERS.map(async (asker) => {
      for (const request of requests) {
        const answer = await site.api(request.path, { as: asker, query: request.query });
        expect(answer.status, `${request.path} ${JSON.stringify(request.query)}`).not.toBe(500);
        const text = (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)).toLowerCase();
        for (const secret of secrets) {
          if (!text.includes(secret.word)) continue;
          if (!secret.readers.includes(asker)) leaks.push(`${secret.word} to ${who(asker)} via ${request.path} ${JSON.stringify(request.query)}`);
          else seenBy.set(secret.word, (seenBy.get(secret.word) ?? new Set()).add(asker));
        }
      }
    }));
    expect(leaks).toEqual([]);
    // Not vacuous: every secret reached every one of its readers through some route.
    for (const secret of secrets) expect([...(seenBy.get(secret.word) ?? [])].sort(), secret.word).toEqual([...secret.readers].sort());
    expect(requests.length).toBeGreaterThan(200);
  }, 300_000);

  it('answers a search for a secret as a search for nothing, for everyone who may not read it', async () => {
    const searchable = Object.entries(routes).flatMap(([pattern, route]) => route.endpoints
      .filter((endpoint) => endpoint.methods.includes('GET') && !Array.isArray(endpoint.args) && 'search' in endpoint.args)
      .map((endpoint) => ({ pattern, args: endpoint.args as Record<string, Arg> })));
    expect(searchable.length).toBeGreaterThan(2);
    const oracles: string[] = [];
    for (const secret of secrets) {
      for (const asker of ASKERS.filter((candidate) => !secret.readers.includes(candidate))) {
        for (const { pattern, args } of searchable) {
          const path = pattern.replace(/\(\?P<\w+>[^)]*\)/g, String(secret.holder));
          for (const query of queries(args).filter((candidate) => candidate?._embed === undefined)) {
            const ask = (search: string) => site.api(path, { as: asker, query: { ...query, search } });
            const [found, nothing] = await Promise.all([ask(secret.word), ask(DECOY)]);
            const shape = (answer: typeof found) => [answer.status, Array.isArray(answer.body) ? answer.body.length : -1, answer.headers.get('x-wp-total')];
            if (JSON.stringify(shape(found)) !== JSON.stringify(shape(nothing))) {
              oracles.push(`${secret.word} to ${who(asker)} via ${path} ${JSON.stringify(query)}: ${JSON.stringify(shape(found))}`);
            }
          }
        }
      }
    }
    expect(oracles).toEqual([]);
    // The same search finds what the asker may read.
    const open = await site.api('/cms/v2/posts', { query: { search: 'xqpublic' } });
    expect(open.body.map((post: { title: { rendered: string } }) => post.title.rendered)).toEqual(['Open xqpublic']);
  }, 300_000);

  it('lists exactly the items the item route shows the same asker, in every context, with totals to match', async () => {
    // Collections of posts: a status filter, and an item route beside them.
    const collections = Object.entries(routes).filter(([pattern, route]) => routes[`${pattern}/(?P<id>[\\d]+)`]
      && route.endpoints.some((endpoint) => endpoint.methods.includes('GET') && !Array.isArray(endpoint.args) && 'status' in endpoint.args));
    expect(collections.map(([pattern]) => pattern)).toEqual(expect.arrayContaining(['/cms/v2/posts', '/cms/v2/pages', '/cms/v2/media']));
    const statusOf = new Map<number, string>();
    for (const [pattern] of collections) {
      for (const entry of (await site.api(pattern, { as: 'administrator', query: { context: 'edit', per_page: 100, status: statusesOf(pattern) } })).body) statusOf.set(entry.id, entry.status);
    }
    const mismatches: string[] = [];
    for (const asker of ASKERS) {
      for (const [pattern] of collections) {
        for (const context of ['view', 'embed', 'edit']) {
          let statuses = statusesOf(pattern);
          let list = await site.api(pattern, { as: asker, query: { context, per_page: 100, status: statuses } });
          if (list.status === 400) {
            // Those who may ask only for the public status get the default list.
            statuses = [pattern === '/cms/v2/media' ? 'inherit' : 'publish'];
            list = await site.api(pattern, { as: asker, query: { context, per_page: 100 } });
          }
          const shown = list.status === 200 ? list.body.map((entry: { id: number }) => entry.id).sort((a: number, b: number) => a - b) : [];
          if (list.status === 200) expect(list.headers.get('x-wp-total'), `${pattern} ${context} ${who(asker)}`).toBe(String(shown.length));
          const expected: number[] = [];
          for (const [id, status] of statusOf) {
            if (!statuses.includes(status)) continue;
            if ((await site.api(`${pattern}/${id}`, { as: asker, query: { context } })).status === 200) expected.push(id);
          }
          if (list.status !== 200) expect(expected, `${pattern} ${context} ${who(asker)}: the list refused, the items did not`).toEqual([]);
          else if (JSON.stringify(shown) !== JSON.stringify(expected.sort((a, b) => a - b))) mismatches.push(`${pattern} ${context} ${who(asker)}: listed ${shown}, readable ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  function statusesOf(pattern: string): string[] {
    const args = routes[pattern].endpoints.find((endpoint) => endpoint.methods.includes('GET'))!.args as Record<string, Arg>;
    return (args.status.items?.enum ?? []).map(String).filter((status) => status !== 'any');
  }

  it('shows the embed view of a protected post with the reference\'s notice instead of its text', async () => {
    for (const entry of items) {
      const page = await fetch(`${site.url}/?p=${entry.id}&embed=true`);
      const html = (await page.text()).toLowerCase();
      for (const secret of secrets.filter((candidate) => !candidate.readers.includes(null))) expect(html, `${entry.id}`).not.toContain(secret.word);
    }
    const locked = items[0];
    const page = await (await fetch(`${site.url}/?p=${locked.id}&embed=true`)).text();
    expect(page).toContain('Locked one');
    expect(page).toContain('There is no excerpt because this is a protected post.');
  });
});
