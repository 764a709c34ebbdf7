// Revisions and autosaves of synced patterns (issue 29, row 27): `cms/v2/blocks/<id>/revisions`
// and `/autosaves` as WordPress 6.1's `wp/v2/blocks/<id>/…`, over real HTTP in both deployments:
// the posts' machinery, with a wp_block revision's fields (no excerpt; raw title and content in
// view) and each role's rights as WordPress maps `wp_block`'s capabilities onto the posts'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROLES, startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';

type Asker = TestRole | null;
const ASKERS: Asker[] = [...TEST_ROLES, null];
const who = (asker: Asker) => asker ?? 'a visitor';
const refusal = (asker: Asker) => (asker === null ? 401 : 403);
/** Of a pattern the author published: those who may edit it, and so see and autosave its history. */
const MAY_EDIT_AUTHORS: Asker[] = ['administrator', 'editor', 'author'];

/** The fields of WordPress 6.1's wp_block revision (its parent's schema has no excerpt), by context. */
const REVISION_FIELDS = {
  view: ['_links', 'author', 'content', 'date', 'date_gmt', 'guid', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'title'],
  embed: ['_links', 'author', 'date', 'id', 'parent', 'slug', 'title'],
};

const paragraph = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

describe.each(['a', 'b'] as const)('synced pattern revisions and autosaves (deployment %s)', (deployment) => {
  let site: TestSite;

  const published = async (as: TestRole, text: string) => {
    const answer = await site.api('/cms/v2/blocks', { method: 'POST', as, body: { title: `Pattern ${text}`, content: paragraph(text), status: 'publish' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: number };
  };
  const edited = async (id: number, as: TestRole, text: string) => {
    const answer = await site.api(`/cms/v2/blocks/${id}`, { method: 'PUT', as, body: { content: paragraph(text) } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { _links: Record<string, { href: string; count?: number; id?: number }[]> };
  };

  beforeAll(async () => {
    site = await startTestSite(deployment);
  }, 60_000);
  afterAll(async () => {
    await site.close();
  });

  it('keeps a revision of each changed save, counted in the pattern’s links, with a wp_block revision’s fields', async () => {
    const pattern = await published('author', 'first words');
    const saved = await edited(pattern.id, 'editor', 'second words');
    const list = await site.api(`/cms/v2/blocks/${pattern.id}/revisions`, { as: 'author' });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.headers.get('x-wp-total')).toBe(String(list.body.length));
    const [latest] = list.body;
    expect(Object.keys(latest).sort()).toEqual(REVISION_FIELDS.view);
    expect(latest).toMatchObject({ parent: pattern.id, author: site.users.editor.id, title: { raw: 'Pattern first words' }, content: { raw: paragraph('second words') } });
    expect(latest.content.rendered).toContain('<p>second words</p>');
    expect(saved._links['version-history']).toEqual([{ count: list.body.length, href: `${site.apiRoot}cms/v2/blocks/${pattern.id}/revisions` }]);
    expect(saved._links['predecessor-version']).toEqual([{ id: latest.id, href: `${site.apiRoot}cms/v2/blocks/${pattern.id}/revisions/${latest.id}` }]);
    expect(saved._links).not.toHaveProperty('author');
    const one = await site.api(`/cms/v2/blocks/${pattern.id}/revisions/${latest.id}`, { as: 'author', query: { context: 'edit' } });
    expect([one.status, one.body.content.raw, one.body.guid.raw]).toEqual([200, paragraph('second words'), expect.stringContaining(`?p=${latest.id}`)]);
    expect(one.body).not.toHaveProperty('excerpt');
    const embed = await site.api(`/cms/v2/blocks/${pattern.id}/revisions/${latest.id}`, { as: 'author', query: { context: 'embed' } });
    expect(Object.keys(embed.body).sort()).toEqual(REVISION_FIELDS.embed);
    expect(embed.body.title).toEqual({ rendered: 'Pattern first words' });
  });

  it('shows a pattern’s history to those who may edit it, 401/403 to others; deletes a revision with force only', async () => {
    const pattern = await published('author', 'history');
    await edited(pattern.id, 'author', 'history changed');
    for (const asker of ASKERS) {
      const list = await site.api(`/cms/v2/blocks/${pattern.id}/revisions`, { as: asker });
      if (MAY_EDIT_AUTHORS.includes(asker)) expect(list.status, who(asker)).toBe(200);
      else expect([list.status, list.body.code], who(asker)).toEqual([refusal(asker), 'rest_cannot_read']);
    }
    const [latest] = (await site.api(`/cms/v2/blocks/${pattern.id}/revisions`, { as: 'editor' })).body;
    const unforced = await site.api(`/cms/v2/blocks/${pattern.id}/revisions/${latest.id}`, { method: 'DELETE', as: 'editor' });
    expect([unforced.status, unforced.body.code]).toEqual([501, 'rest_trash_not_supported']);
    const refused = await site.api(`/cms/v2/blocks/${pattern.id}/revisions/${latest.id}`, { method: 'DELETE', as: 'contributor', query: { force: true } });
    expect([refused.status, refused.body.code]).toEqual([403, 'rest_cannot_delete']);
    const deleted = await site.api(`/cms/v2/blocks/${pattern.id}/revisions/${latest.id}`, { method: 'DELETE', as: 'editor', query: { force: true } });
    expect([deleted.status, deleted.body.deleted, deleted.body.previous.id]).toEqual([200, true, latest.id]);
    const gone = await site.api(`/cms/v2/blocks/${pattern.id}/revisions/${latest.id}`, { as: 'editor' });
    expect([gone.status, gone.body.code]).toEqual([404, 'rest_post_invalid_id']);
  });

  it('answers 404 for the history of an id that is no pattern, and for a revision of another pattern', async () => {
    const post = await site.api('/cms/v2/posts', { method: 'POST', as: 'editor', body: { title: 'A post', content: 'words', status: 'publish' } });
    for (const id of [999_999, post.body.id]) {
      const answer = await site.api(`/cms/v2/blocks/${id}/revisions`, { as: 'editor' });
      expect([answer.status, answer.body.code], String(id)).toEqual([404, 'rest_post_invalid_parent']);
      const autosave = await site.api(`/cms/v2/blocks/${id}/autosaves`, { method: 'POST', as: 'editor', body: { content: paragraph('x') } });
      expect([autosave.status, autosave.body.code], String(id)).toEqual([404, 'rest_post_invalid_id']);
    }
    const one = await published('editor', 'one');
    const other = await published('editor', 'other');
    await edited(other.id, 'editor', 'other changed');
    const [revision] = (await site.api(`/cms/v2/blocks/${other.id}/revisions`, { as: 'editor' })).body;
    const mismatch = await site.api(`/cms/v2/blocks/${one.id}/revisions/${revision.id}`, { as: 'editor' });
    expect([mismatch.status, mismatch.body.code]).toEqual([404, 'rest_revision_parent_id_mismatch']);
  });

  it('keeps an editor’s autosave of a published pattern apart, leaving the pattern alone; refuses those who may not edit it', async () => {
    const pattern = await published('author', 'live');
    const saved = await site.api(`/cms/v2/blocks/${pattern.id}/autosaves`, { method: 'POST', as: 'editor', body: { title: 'Pattern live', content: paragraph('pending') } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ parent: pattern.id, author: site.users.editor.id, content: { raw: paragraph('pending') } });
    expect(saved.body.preview_link).toContain(`preview_id=${pattern.id}&autosave_id=${saved.body.id}`);
    expect(saved.body).not.toHaveProperty('excerpt');
    const listed = await site.api(`/cms/v2/blocks/${pattern.id}/autosaves`, { as: 'editor', query: { context: 'edit' } });
    expect(listed.body.map((autosave: { id: number }) => autosave.id)).toEqual([saved.body.id]);
    const one = await site.api(`/cms/v2/blocks/${pattern.id}/autosaves/${saved.body.id}`, { as: 'editor' });
    expect([one.status, one.body.content.raw]).toEqual([200, paragraph('pending')]);
    const live = await site.api(`/cms/v2/blocks/${pattern.id}`, { as: 'editor' });
    expect(live.body.content.raw).toBe(paragraph('live'));
    for (const asker of ASKERS) {
      if (MAY_EDIT_AUTHORS.includes(asker)) continue;
      const refused = await site.api(`/cms/v2/blocks/${pattern.id}/autosaves`, { method: 'POST', as: asker, body: { content: paragraph('taken') } });
      expect([refused.status, refused.body.code, refused.body.message], who(asker)).toEqual([refusal(asker), 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.']);
      const read = await site.api(`/cms/v2/blocks/${pattern.id}/autosaves`, { as: asker });
      expect([read.status, read.body.code], who(asker)).toEqual([refusal(asker), 'rest_cannot_read']);
    }
  });
});
