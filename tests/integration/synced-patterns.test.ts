// Synced patterns (issue 29, row 27): `cms/v2/blocks` as WordPress 6.1's `wp/v2/blocks`, over
// real HTTP in both deployments. The fields, each role's rights as WordPress maps `wp_block`'s
// capabilities (reading needs `edit_posts`, creating `publish_posts`, the rest the posts'),
// the errors in the interface's shape, paging, batch, and a post's reference drawn on its page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROLES, startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';

type Asker = TestRole | null;
const ASKERS: Asker[] = [...TEST_ROLES, null];
const who = (asker: Asker) => asker ?? 'a visitor';

/** What each asker is answered, by WordPress 6.1's map of `wp_block`'s capabilities. */
const MAY_CREATE: Asker[] = ['administrator', 'editor', 'author'];
const MAY_READ: Asker[] = ['administrator', 'editor', 'author', 'contributor'];
/** Of a pattern the author published. */
const MAY_EDIT_AUTHORS: Asker[] = ['administrator', 'editor', 'author'];
const refusal = (asker: Asker) => (asker === null ? 401 : 403);

const PATTERN_FIELDS = {
  view: ['content', 'date', 'date_gmt', 'guid', 'id', 'link', 'meta', 'modified', 'modified_gmt', 'slug', 'status', 'template', 'title', 'type', '_links'],
  embed: ['date', 'id', 'link', 'slug', 'title', 'type', '_links'],
};

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

describe.each(['a', 'b'] as const)('synced patterns (deployment %s)', (deployment) => {
  let site: TestSite;
  let authors: { id: number };

  const create = (as: Asker, body: Record<string, unknown>) => site.api('/cms/v2/blocks', { method: 'POST', as, body });
  const published = async (as: TestRole, text: string) => {
    const answer = await create(as, { title: `Pattern ${text}`, content: paragraph(text), status: 'publish' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: number };
  };

  beforeAll(async () => {
    site = await startTestSite(deployment);
    authors = await published('author', 'by the author');
  }, 60_000);
  afterAll(async () => {
    await site.close();
  });

  it('creates as WordPress allows: authors and up (creating needs publish_posts), 401/403 otherwise', async () => {
    for (const asker of ASKERS) {
      const answer = await create(asker, { title: 'Made', content: paragraph('made'), status: 'draft' });
      if (MAY_CREATE.includes(asker)) {
        expect(answer.status, who(asker)).toBe(201);
        expect(answer.headers.get('location')).toBe(`${site.apiRoot}cms/v2/blocks/${answer.body.id}`);
        expect(answer.body).toMatchObject({ type: 'wp_block', status: 'draft', title: { raw: 'Made' }, content: { raw: paragraph('made'), protected: false, block_version: 1 } });
      } else {
        expect([answer.status, answer.body.code], who(asker)).toEqual([refusal(asker), 'rest_cannot_create']);
      }
    }
  });

  it('shows the fields of wp/v2/blocks: raw title and content in the view context, nothing rendered', async () => {
    const view = await site.api(`/cms/v2/blocks/${authors.id}`, { as: 'contributor' });
    expect(Object.keys(view.body).sort()).toEqual([...PATTERN_FIELDS.view].sort());
    expect(view.body.title).toEqual({ raw: 'Pattern by the author' });
    expect(view.body.content).toEqual({ raw: paragraph('by the author'), protected: false });
    expect(view.body.link).toBe(`${site.url}/?post_type=wp_block&p=${authors.id}`);
    expect(view.headers.get('etag')).toMatch(/^W\/"\d+-\d+:/);
    const embed = await site.api(`/cms/v2/blocks/${authors.id}`, { as: 'contributor', query: { context: 'embed' } });
    expect(Object.keys(embed.body).sort()).toEqual([...PATTERN_FIELDS.embed].sort());
    const edit = await site.api(`/cms/v2/blocks/${authors.id}`, { as: 'author', query: { context: 'edit' } });
    expect(edit.body.content.raw).toBe(paragraph('by the author'));
    expect(edit.body).not.toHaveProperty('author');
    expect(edit.body).not.toHaveProperty('excerpt');
  });

  it('lets those who may edit posts read a pattern, alone and in the list; 401/403 and an empty list otherwise', async () => {
    for (const asker of ASKERS) {
      const one = await site.api(`/cms/v2/blocks/${authors.id}`, { as: asker });
      const list = await site.api('/cms/v2/blocks', { as: asker, query: { per_page: 100 } });
      expect(list.status, who(asker)).toBe(200);
      const listed = (list.body as { id: number }[]).map((item) => item.id);
      if (MAY_READ.includes(asker)) {
        expect(one.status, who(asker)).toBe(200);
        expect(listed, who(asker)).toContain(authors.id);
      } else {
        expect([one.status, one.body.code], who(asker)).toEqual([refusal(asker), 'rest_forbidden']);
        expect([listed, list.headers.get('x-wp-total')], who(asker)).toEqual([[], '0']);
      }
    }
  });

  it('lets the owner and editors edit and delete a published pattern, no one else', async () => {
    for (const asker of ASKERS) {
      const answer = await site.api(`/cms/v2/blocks/${authors.id}`, { method: 'PUT', as: asker, body: { title: `Renamed by ${who(asker)}` } });
      if (MAY_EDIT_AUTHORS.includes(asker)) expect([answer.status, answer.body.title], who(asker)).toEqual([200, { raw: `Renamed by ${who(asker)}` }]);
      else expect([answer.status, answer.body.code], who(asker)).toEqual([refusal(asker), 'rest_cannot_edit']);
    }
    for (const asker of ASKERS) {
      const doomed = await published('editor', `doomed for ${who(asker)}`);
      const answer = await site.api(`/cms/v2/blocks/${doomed.id}`, { method: 'DELETE', as: asker });
      if (asker === 'administrator' || asker === 'editor') expect([answer.status, answer.body.status], who(asker)).toEqual([200, 'trash']);
      else expect([answer.status, answer.body.code], who(asker)).toEqual([refusal(asker), 'rest_cannot_delete']);
    }
  });

  it('lets a contributor edit a draft pattern of their own, not one of another', async () => {
    const own = await create('editor', { title: 'Handed over', content: paragraph('draft'), status: 'draft' });
    const others = await create('editor', { title: 'Not theirs', content: paragraph('draft'), status: 'draft' });
    site.running.site.context.store.run('UPDATE posts SET author = ? WHERE id = ?', site.users.contributor.id, own.body.id);
    const mine = await site.api(`/cms/v2/blocks/${own.body.id}`, { method: 'PUT', as: 'contributor', body: { content: paragraph('mine now') } });
    expect([mine.status, mine.body.content?.raw]).toEqual([200, paragraph('mine now')]);
    const publishing = await site.api(`/cms/v2/blocks/${own.body.id}`, { method: 'PUT', as: 'contributor', body: { status: 'publish' } });
    expect([publishing.status, publishing.body.code]).toEqual([403, 'rest_cannot_publish']);
    const theirs = await site.api(`/cms/v2/blocks/${others.body.id}`, { method: 'PUT', as: 'contributor', body: { content: paragraph('taken') } });
    expect([theirs.status, theirs.body.code]).toEqual([403, 'rest_cannot_edit']);
  });

  it('answers 404 for an id that is no pattern, 400 for bad arguments, 412 for a stale If-Match', async () => {
    const post = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'A post' } });
    for (const id of [999_999, post.body.id]) {
      const answer = await site.api(`/cms/v2/blocks/${id}`, { as: 'editor' });
      expect([answer.status, answer.body.code, answer.body.data]).toEqual([404, 'rest_post_invalid_id', { status: 404 }]);
    }
    const badStatus = await create('editor', { title: 'x', status: 'shouting' });
    expect([badStatus.status, badStatus.body.code]).toEqual([400, 'rest_invalid_param']);
    const withId = await create('editor', { id: authors.id, title: 'x' });
    expect([withId.status, withId.body.code]).toEqual([400, 'rest_post_exists']);
    const read = await site.api(`/cms/v2/blocks/${authors.id}`, { as: 'editor', query: { context: 'edit' } });
    const etag = read.headers.get('etag')!;
    const first = await site.api(`/cms/v2/blocks/${authors.id}`, { method: 'PUT', as: 'editor', headers: { 'if-match': etag }, body: { content: paragraph('first') } });
    expect(first.status).toBe(200);
    const stale = await site.api(`/cms/v2/blocks/${authors.id}`, { method: 'PUT', as: 'editor', headers: { 'if-match': etag }, body: { content: paragraph('second') } });
    expect([stale.status, stale.body.code, stale.body.data.current.content.raw]).toEqual([412, 'rest_precondition_failed', paragraph('first')]);
  });

  it('pages the list with the paging headers, and takes part in batches', async () => {
    const total = Number((await site.api('/cms/v2/blocks', { as: 'editor', query: { status: 'any' } })).headers.get('x-wp-total'));
    const page = await site.api('/cms/v2/blocks', { as: 'editor', query: { status: 'any', per_page: 1, page: 2 } });
    expect([page.status, page.body.length, page.headers.get('x-wp-total'), page.headers.get('x-wp-totalpages')]).toEqual([200, 1, String(total), String(total)]);
    expect(page.headers.get('link')).toContain('rel="next"');
    const beyond = await site.api('/cms/v2/blocks', { as: 'editor', query: { status: 'any', per_page: 1, page: total + 1 } });
    expect([beyond.status, beyond.body.code]).toEqual([400, 'rest_post_invalid_page_number']);
    const batch = await site.api('/batch/v1', {
      method: 'POST', as: 'author',
      body: { requests: [
        { method: 'POST', path: '/cms/v2/blocks', body: { title: 'Batched', content: paragraph('batched'), status: 'publish' } },
        { method: 'PUT', path: `/cms/v2/blocks/${authors.id}`, body: { title: 'Batched rename' } },
      ] },
    });
    expect(batch.status).toBe(207);
    expect(batch.body.responses.map((answer: { status: number }) => answer.status)).toEqual([201, 200]);
  });

  it('draws a published pattern where a post refers to it, as it is now; nothing for a draft or a missing one', async () => {
    const pattern = await published('editor', 'Shared words xqshared');
    const draft = await create('editor', { title: 'Draft', content: paragraph('xqdraftpattern'), status: 'draft' });
    const content = [paragraph('Before'), `<!-- wp:block {"ref":${pattern.id}} /-->`, `<!-- wp:block {"ref":${draft.body.id}} /-->`, '<!-- wp:block {"ref":999999} /-->', paragraph('After')].join('\n\n');
    const post = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Uses it', content, status: 'publish' } });
    const text = async () => (await (await fetch(post.body.link)).text());
    const first = await text();
    expect(first).toMatch(/<p>Before<\/p>[\s\S]*<p>Shared words xqshared<\/p>[\s\S]*<p>After<\/p>/);
    expect(first).not.toContain('xqdraftpattern');
    await site.api(`/cms/v2/blocks/${pattern.id}`, { method: 'PUT', as: 'editor', body: { content: paragraph('Edited once xqedited') } });
    const second = await text();
    expect(second).toContain('<p>Edited once xqedited</p>');
    expect(second).not.toContain('xqshared');
    // A pattern that refers to itself is drawn once (WordPress's core/block render refuses the recursion).
    const looping = await published('editor', 'xqloop words');
    await site.api(`/cms/v2/blocks/${looping.id}`, { method: 'PUT', as: 'editor', body: { content: `${paragraph('xqloop words')}\n\n<!-- wp:block {"ref":${looping.id}} /-->` } });
    const loopPost = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'Loops', content: `<!-- wp:block {"ref":${looping.id}} /-->`, status: 'publish' } });
    expect((await (await fetch(loopPost.body.link)).text()).match(/xqloop words/g)).toHaveLength(1);
    // The post's own answer is unchanged: the pattern is drawn on the page, not in the stored text.
    const stored = await site.api(`/cms/v2/posts/${post.body.id}`, { as: 'editor', query: { context: 'edit' } });
    expect(stored.body.content.raw).toBe(content);
  });
});
