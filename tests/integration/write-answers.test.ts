// A write is answered from what it wrote, not read back (issue 32), and an upload or an image
// edit inserts its item once, as it stays (issue 30). So the answer to every create and update
// must be, byte for byte, the item a GET reads right after (edit context, the ETag too): for
// posts, pages and media, for each field the write endpoint takes (a field added to the
// schema fails here until it has a value below), and for each role that may write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { routeUrl } from '../helpers/http-request.ts';
import { markedImage, uploadMultipart, uploadRaw } from '../helpers/images.ts';
import type { Store } from '../../server/store/db.ts';

type Collection = 'posts' | 'pages' | 'media';

interface Fixtures {
  editor: number;
  image: number;
  otherImage: number;
  post: number;
  page: number;
  category: number;
  tag: number;
}

/** A value for each field a write takes, different on each call (`n`), valid for an administrator. */
const FIELD_VALUES: Record<string, (f: Fixtures, n: number, collection: Collection) => unknown> = {
  date: (_f, n) => `2024-05-0${1 + (n % 8)}T07:08:09`,
  date_gmt: (_f, n) => `2024-06-0${1 + (n % 8)}T10:08:09`,
  slug: (_f, n) => `a-slug-${n}`,
  status: (_f, n, collection) => (collection === 'media' ? 'private' : ['publish', 'pending', 'private'][n % 3]),
  password: (_f, n) => `secret-${n}`,
  title: (_f, n) => `A title ${n} <em>with</em> & markup`,
  content: (_f, n) => `<!-- wp:paragraph -->\n<p>Body ${n} <strong>bold</strong></p>\n<!-- /wp:paragraph -->`,
  excerpt: (_f, n) => `An excerpt ${n}`,
  author: (f) => f.editor,
  featured_media: (f, _n, collection) => (collection === 'media' ? f.otherImage : f.image),
  comment_status: () => 'closed',
  ping_status: () => 'closed',
  format: () => 'aside',
  meta: (_f, n, collection) => (collection === 'media' ? {} : { footnotes: JSON.stringify([{ id: `note-${n}`, content: `Note ${n}` }]) }),
  sticky: () => true,
  template: () => '',
  categories: (f) => [f.category],
  tags: (f) => [f.tag],
  parent: (f) => f.page,
  menu_order: (_f, n) => n + 1,
  alt_text: (_f, n) => `Alternative text ${n}`,
  caption: (_f, n) => `A caption ${n} <em>kept</em>`,
  description: (_f, n) => `A description ${n}`,
  post: (f) => f.post,
};

/** Fields of a media create that are not stored fields: how the file is made or fetched. */
const UPLOAD_OPTIONS = new Set(['generate_sub_sizes', 'convert_format', 'url']);

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements that read or write posts, as the store runs them. */
function watchPosts(store: Store): { statements: Statement[]; stop(): void } {
  const statements: Statement[] = [];
  const methods = ['get', 'all', 'run', 'write', 'insertLater'] as const;
  const originals = methods.map((name) => [name, store[name]] as const);
  let depth = 0;
  for (const [name, original] of originals) {
    Object.assign(store, {
      [name]: (sql: string, ...params: unknown[]) => {
        if (depth === 0 && /\bposts\b/.test(sql)) statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
        depth++;
        try {
          return (original as (...args: unknown[]) => unknown).call(store, sql, ...params);
        } finally {
          depth--;
        }
      },
    });
  }
  return { statements, stop: () => originals.forEach(([name, original]) => Object.assign(store, { [name]: original })) };
}

const ROTATE = { type: 'rotate', args: { angle: 90 } };

const isInsert = ({ sql }: Statement) => /^INSERT INTO posts\b/.test(sql);
const isUpdate = ({ sql }: Statement) => /^UPDATE posts\b/.test(sql);
/** A read of the row of `id` (getPost). */
const readsRow = (id: number) => ({ sql, params }: Statement) => /^SELECT \* FROM posts WHERE id IN\b/.test(sql) && params.includes(id);

describe.each(['a', 'b'] as const)('a write is answered as a GET reads the item after it (deployment %s)', (deployment) => {
  let site: TestSite;
  let f: Fixtures;
  let n = 0;

  /** The answer's bytes and ETag, against a GET of the same item by the same role right after. */
  async function expectAnswerAsRead(collection: Collection, answer: Response, as: TestRole, label: string): Promise<number> {
    const text = await answer.text();
    expect(answer.status, `${label}: ${text}`).toBeLessThan(300);
    const id = (JSON.parse(text) as { id: number }).id;
    const read = await fetch(routeUrl(site.apiRoot, `/cms/v2/${collection}/${id}?context=edit`), { headers: { authorization: site.authHeader(as) } });
    expect(text, label).toBe(await read.text());
    expect(answer.headers.get('etag'), label).toBe(read.headers.get('etag'));
    return id;
  }

  function send(method: string, route: string, as: TestRole, body: unknown): Promise<Response> {
    return fetch(routeUrl(site.apiRoot, route), { method, headers: { authorization: site.authHeader(as), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** The fields a write endpoint takes, from the site's own description of the route. */
  async function writeFields(route: string): Promise<string[]> {
    const options = await site.api(route, { method: 'OPTIONS', as: 'administrator' });
    const endpoint = (options.body.endpoints as { methods: string[]; args: Record<string, unknown> }[]).find((e) => e.methods.includes('POST'))!;
    return Object.keys(endpoint.args).filter((name) => name !== 'id');
  }

  async function uploaded(name: string): Promise<number> {
    return (await uploadRaw(site, await markedImage(64, 48), name)).body.id;
  }

  beforeAll(async () => {
    site = await startTestSite(deployment);
    const image = await uploaded('featured.png');
    f = {
      editor: site.users.editor.id,
      image,
      otherImage: await uploaded('other.png'),
      post: (await site.api('/cms/v2/posts', { as: 'administrator', method: 'POST', body: { title: 'Parent post' } })).body.id,
      page: (await site.api('/cms/v2/pages', { as: 'administrator', method: 'POST', body: { title: 'Parent page', status: 'publish' } })).body.id,
      category: (await site.api('/cms/v2/categories', { as: 'administrator', method: 'POST', body: { name: 'Answered' } })).body.id,
      tag: (await site.api('/cms/v2/tags', { as: 'administrator', method: 'POST', body: { name: 'Written' } })).body.id,
    };
  });
  afterAll(() => site.close());

  it.each(['posts', 'pages'] as const)('%s: a create and an update with each field, and with every field at once', async (collection) => {
    const fields = await writeFields(`/cms/v2/${collection}`);
    expect(fields.filter((field) => !FIELD_VALUES[field]), 'fields without a value in FIELD_VALUES').toEqual([]);
    const bodyOf = (names: string[]) => Object.fromEntries(names.filter((name) => name !== 'password' || !names.includes('sticky')).map((name) => [name, FIELD_VALUES[name](f, ++n, collection)]));
    const everything = bodyOf(fields);
    const created = await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}`, 'administrator', everything), 'administrator', 'create with every field');
    await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}/${created}`, 'administrator', bodyOf(fields)), 'administrator', 'update of every field');
    for (const field of fields) {
      const id = await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}`, 'administrator', bodyOf([field])), 'administrator', `create with ${field}`);
      await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}/${id}`, 'administrator', bodyOf([field])), 'administrator', `update of ${field}`);
    }
  });

  it.each(['posts', 'pages'] as const)('%s: each role that may write gets its own item answered as read, created, updated and trashed', async (collection) => {
    const roles: TestRole[] = collection === 'posts' ? ['administrator', 'editor', 'author', 'contributor'] : ['administrator', 'editor'];
    for (const as of roles) {
      const status = as === 'contributor' ? 'pending' : 'publish';
      const id = await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}`, as, { title: `By ${as}`, content: 'Text', status }), as, `${as} creates`);
      await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}/${id}`, as, { title: `By ${as}, again`, excerpt: 'Short' }), as, `${as} updates`);
      await expectAnswerAsRead(collection, await send('DELETE', `/cms/v2/${collection}/${id}`, as, {}), as, `${as} trashes`);
      await expectAnswerAsRead(collection, await send('POST', `/cms/v2/${collection}/${id}`, as, { status: 'draft' }), as, `${as} restores`);
    }
  });

  it.each(['posts', 'pages'] as const)('%s: an autosave kept beside a live item, made and then replaced, is answered as a GET reads it', async (collection) => {
    const id = (await site.api(`/cms/v2/${collection}`, { as: 'administrator', method: 'POST', body: { title: 'Live', content: 'Live text', status: 'publish' } })).body.id;
    for (const as of ['administrator', 'editor'] as const) {
      for (const round of [1, 2]) {
        const answer = await send('POST', `/cms/v2/${collection}/${id}/autosaves`, as, { title: `Autosaved ${round} <em>by</em> ${as}`, content: `<p>Text ${round}</p>`, excerpt: `Excerpt ${round}` });
        const text = await answer.text();
        expect(answer.status, text).toBe(200);
        const autosave = JSON.parse(text) as { id: number };
        const read = await fetch(routeUrl(site.apiRoot, `/cms/v2/${collection}/${id}/autosaves/${autosave.id}?context=edit`), { headers: { authorization: site.authHeader(as) } });
        expect(text, `${as}, autosave ${round}`).toBe(await read.text());
      }
    }
  });

  it('media: an upload with its fields, an update with each field, and an edit', async () => {
    const createFields = (await writeFields('/cms/v2/media')).filter((field) => !UPLOAD_OPTIONS.has(field));
    const updateFields = await writeFields(`/cms/v2/media/${f.image}`);
    expect([...createFields, ...updateFields].filter((field) => !FIELD_VALUES[field]), 'fields without a value in FIELD_VALUES').toEqual([]);
    const textFields = Object.fromEntries(createFields.filter((field) => typeof FIELD_VALUES[field](f, 0, 'media') === 'string' || typeof FIELD_VALUES[field](f, 0, 'media') === 'number')
      .map((field) => [field, String(FIELD_VALUES[field](f, ++n, 'media'))]));
    const upload = await uploadMultipart(site, await markedImage(80, 60), 'with-fields.png', textFields);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const read = await site.api(`/cms/v2/media/${upload.body.id}`, { as: 'administrator', query: { context: 'edit' } });
    expect(JSON.stringify(upload.body)).toBe(JSON.stringify(read.body));
    expect(upload.headers.get('etag')).toBe(read.headers.get('etag'));

    for (const field of updateFields) {
      const id = await uploaded(`update-${field}.png`);
      await expectAnswerAsRead('media', await send('POST', `/cms/v2/media/${id}`, 'administrator', { [field]: FIELD_VALUES[field](f, ++n, 'media') }), 'administrator', `media update of ${field}`);
    }
    for (const as of ['administrator', 'author'] as const) {
      const own = (await uploadRaw(site, await markedImage(64, 48), `edit-${as}.png`, { as })).body;
      await expectAnswerAsRead('media', await send('POST', `/cms/v2/media/${own.id}/edit`, as, { src: own.source_url, modifiers: [ROTATE] }), as, `${as} edits`);
    }
  });

  it('an upload and an image edit insert their item once, as it stays, and read nothing of it back', async () => {
    const watch = watchPosts(site.running.site.context.store);
    try {
      const item = (await uploadRaw(site, await markedImage(64, 48), 'once.png')).body;
      const upload = [...watch.statements];
      watch.statements.length = 0;
      const edited = await site.api(`/cms/v2/media/${item.id}/edit`, { as: 'administrator', method: 'POST', body: { src: item.source_url, modifiers: [ROTATE] } });
      expect(edited.status).toBe(201);
      for (const [label, statements, id] of [['upload', upload, item.id], ['edit', [...watch.statements], edited.body.id]] as const) {
        expect(statements.filter(isInsert), label).toHaveLength(1);
        expect(statements.filter(isUpdate), label).toEqual([]);
        expect(statements.filter(readsRow(id)), label).toEqual([]);
      }
    } finally {
      watch.stop();
    }
  });

  it.each(['posts', 'pages'] as const)('an update of one of the %s writes its row once and reads nothing of it back', async (collection) => {
    const id = (await site.api(`/cms/v2/${collection}`, { as: 'administrator', method: 'POST', body: { title: 'Watched' } })).body.id;
    const watch = watchPosts(site.running.site.context.store);
    try {
      const body = collection === 'posts' ? { title: 'Watched, again', categories: [f.category] } : { title: 'Watched, again', parent: f.page };
      expect((await site.api(`/cms/v2/${collection}/${id}`, { as: 'administrator', method: 'POST', body })).status).toBe(200);
      const statements = watch.statements;
      expect(statements.filter(isUpdate).filter((statement) => statement.sql.includes('WHERE id = @id'))).toHaveLength(1);
      expect(statements.slice(statements.findIndex(isUpdate)).filter(readsRow(id))).toEqual([]);
    } finally {
      watch.stop();
    }
  });
});
