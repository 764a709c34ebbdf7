// seo/v1 content helpers over HTTP: available_posts, meta/search, file_size, the workouts
// (orphaned content from the link index) and the task list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;

async function create(type: string, body: Record<string, unknown>, as: TestRole = 'administrator') {
  const created = await site.api(`/cms/v2/${type}`, { method: 'POST', as, body: { status: 'publish', ...body } });
  expect(created.status).toBe(201);
  return created.body as { id: number; link: string };
}

beforeAll(async () => {
  site = await startTestSite('b');
});
afterAll(async () => {
  await site.close();
});

describe('SEO helpers on one site', () => {
  describe('available_posts', () => {
    it('finds published items of a post type by title', async () => {
      const about = await create('pages', { title: 'About us' });
      await create('pages', { title: 'About drafts', status: 'draft' });
      await create('posts', { title: 'About a post' });
      const pages = await site.api('/seo/v1/available_posts', { as: 'administrator', query: { search: 'about' } });
      expect(pages.status).toBe(200);
      expect(pages.body).toEqual([{ id: about.id, title: 'About us', slug: 'about-us' }]);
      const posts = await site.api('/seo/v1/available_posts', { as: 'administrator', query: { postType: 'post', search: 'ABOUT' } });
      expect(posts.body.map((item: { title: string }) => item.title)).toEqual(['About a post']);
      const literal = await site.api('/seo/v1/available_posts', { as: 'administrator', query: { search: '%' } });
      expect(literal.body).toEqual([]);
    });

    it('refuses unknown post types and people without manage_options', async () => {
      const unknown = await site.api('/seo/v1/available_posts', { as: 'administrator', query: { postType: 'product' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('seo_invalid_post_type');
      expect((await site.api('/seo/v1/available_posts', { as: 'editor' })).status).toBe(403);
      expect((await site.api('/seo/v1/available_posts')).status).toBe(401);
    });
  });

  describe('meta/search', () => {
    it('lists the replacement variables with the values of the site-wide ones', async () => {
      const response = await site.api('/seo/v1/meta/search', { as: 'author' });
      expect(response.status).toBe(200);
      const byName = Object.fromEntries(response.body.variables.map((variable: { name: string }) => [variable.name, variable]));
      const name = (await site.api('/')).body.name;
      expect(byName.sitename).toEqual({ name: 'sitename', variable: '%%sitename%%', label: 'Site title', scope: 'site', value: name });
      expect(byName.sep.value).toBe('-');
      expect(byName.currentyear.value).toBe(String(new Date().getUTCFullYear()));
      expect(byName.title).toMatchObject({ variable: '%%title%%', scope: 'post', value: null });
      expect((await site.api('/seo/v1/meta/search', { as: 'subscriber' })).status).toBe(403);
    });
  });

  describe('file_size', () => {
    it('gives the size of a file of the uploads', async () => {
      await site.running.site.context.media.write('2026/01/notes file.txt', Buffer.alloc(1234, 'a'));
      const response = await site.api('/seo/v1/file_size', { as: 'author', query: { url: `${site.url}/uploads/2026/01/notes%20file.txt` } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ type: 'success', size_in_bytes: 1234 });
    });

    it('refuses other addresses and files that do not exist', async () => {
      const cases: [string, number, string][] = [
        ['https://elsewhere.example/uploads/2026/01/a.txt', 404, 'seo_file_size_not_uploads'],
        [`${site.url}/2026/01/a.txt`, 404, 'seo_file_size_not_uploads'],
        [`${site.url}/uploads/%2e%2e/site.db`, 404, 'seo_file_size_not_uploads'],
        [`${site.url}/uploads/2026/01/missing.txt`, 404, 'seo_file_size_not_found'],
        ['no url', 400, 'seo_file_size_invalid_url'],
      ];
      for (const [url, status, code] of cases) {
        const response = await site.api('/seo/v1/file_size', { as: 'author', query: { url } });
        expect([url, response.status, response.body.code]).toEqual([url, status, code]);
      }
      expect((await site.api('/seo/v1/file_size', { as: 'author' })).body.code).toBe('rest_missing_callback_param');
      expect((await site.api('/seo/v1/file_size', { as: 'subscriber', query: { url: `${site.url}/uploads/x` } })).status).toBe(403);
    });
  });

  describe('workouts', () => {
    it('lists orphaned content from the link index and cornerstone content', async () => {
      const orphan = await create('posts', { title: 'Nobody links here' });
      const linked = await create('posts', { title: 'Linked to' });
      const cornerstone = await create('posts', { title: 'Pillar', content: `<p><a href="${linked.link}">see</a></p>` });
      await site.api(`/seo/v1/post_settings/${cornerstone.id}`, { method: 'POST', as: 'administrator', body: { is_cornerstone: true } });
      const response = await site.api('/seo/v1/workouts', { as: 'editor' });
      expect(response.status).toBe(200);
      expect(response.body.json).toEqual({
        cornerstone: { finishedSteps: [], indexablesByStep: {} },
        orphaned: { finishedSteps: [], indexablesByStep: {} },
      });
      const orphanedIds = response.body.orphaned.map((item: { object_id: number }) => item.object_id);
      expect(orphanedIds).toContain(orphan.id);
      expect(orphanedIds).toContain(cornerstone.id);
      expect(orphanedIds).not.toContain(linked.id);
      expect(response.body.orphaned[0]).toMatchObject({ object_id: cornerstone.id, is_cornerstone: true });
      expect(response.body.cornerstones.map((item: { object_id: number }) => item.object_id)).toEqual([cornerstone.id]);
    });

    it('saves the workouts\' state, keeping the ids of the indexables each step handled', async () => {
      const body = {
        cornerstone: { finishedSteps: ['chooseCornerstones'], indexablesByStep: { chooseCornerstones: [{ id: 7, permalink: 'x' }, 8] } },
        orphaned: { finishedSteps: ['improveRemove', 'removed'], indexablesByStep: { removed: [{ id: 3, title: 'gone' }] } },
      };
      // On a site of its own: the orphaned-content test reads the state before any is saved.
      const own = await startTestSite('b');
      try {
        const saved = await own.api('/seo/v1/workouts', { method: 'POST', as: 'editor', body });
        expect(saved.status).toBe(200);
        const expected = {
          cornerstone: { finishedSteps: ['chooseCornerstones'], indexablesByStep: { chooseCornerstones: [7, 8] } },
          orphaned: { finishedSteps: ['improveRemove', 'removed'], indexablesByStep: { removed: [{ id: 3, title: 'gone' }] } },
        };
        expect(saved.body.json).toEqual(expected);
        expect((await own.api('/seo/v1/workouts', { as: 'administrator' })).body.json).toEqual(expected);
      } finally {
        await own.close();
      }
    });

    it('refuses unknown steps, missing workouts and people who may not edit others\' posts', async () => {
      const empty = { finishedSteps: [], indexablesByStep: {} };
      const unknownStep = await site.api('/seo/v1/workouts', { method: 'POST', as: 'editor', body: { cornerstone: { finishedSteps: ['dance'], indexablesByStep: {} }, orphaned: empty } });
      expect(unknownStep.status).toBe(400);
      expect(Object.keys(unknownStep.body.data.params)).toEqual(['cornerstone']);
      const missing = await site.api('/seo/v1/workouts', { method: 'POST', as: 'editor', body: { cornerstone: empty } });
      expect(missing.status).toBe(400);
      expect(missing.body.data.params.orphaned).toBe('orphaned is required.');
      const extra = await site.api('/seo/v1/workouts', { method: 'POST', as: 'editor', body: { cornerstone: { ...empty, more: 1 }, orphaned: empty } });
      expect(extra.status).toBe(400);
      expect((await site.api('/seo/v1/workouts', { as: 'author' })).status).toBe(403);
      expect((await site.api('/seo/v1/workouts', { method: 'POST', body: { cornerstone: empty, orphaned: empty } })).status).toBe(401);
    });
  });

  // On a site of their own: the counts are of every published item, and a task marked done stays so.
  describe('tasks', () => {
    let own: TestSite;
    beforeAll(async () => {
      own = await startTestSite('b');
    });
    afterAll(async () => {
      await own.close();
    });

    it('lists what is left to do, counted from the index, with filter and limit', async () => {
      const made = [
        await own.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { status: 'publish', title: 'First' } }),
        await own.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { status: 'publish', title: 'Second' } }),
        await own.api('/cms/v2/pages', { method: 'POST', as: 'administrator', body: { status: 'publish', title: 'A page' } }),
        await own.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { status: 'draft', title: 'Not published' } }),
      ];
      expect(made.map((created) => created.status)).toEqual([201, 201, 201, 201]);
      const response = await own.api('/seo/v1/get_tasks', { as: 'author' });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      const byId = Object.fromEntries(response.body.tasks.map((task: { id: string }) => [task.id, task]));
      expect(Object.keys(byId)).toEqual(['finish-indexing', 'set-site-representation', 'add-focus-keyphrases', 'add-meta-descriptions', 'fix-orphaned-content', 'improve-readability']);
      // The three published items lack a keyphrase and a meta description; the draft is not counted.
      expect(byId['add-focus-keyphrases']).toMatchObject({ count: 3, is_completed: false, completed_at: null });
      expect(byId['add-meta-descriptions'].count).toBe(3);
      expect(byId['set-site-representation']).toMatchObject({ count: 1, is_completed: false });

      const limited = await own.api('/seo/v1/get_tasks', { as: 'author', query: { 'options[filter]': 'open', 'options[limit]': 2 } });
      expect(limited.body.tasks).toHaveLength(2);
      expect(limited.body.tasks.every((task: { is_completed: boolean }) => !task.is_completed)).toBe(true);
    });

    it('marks a task done and keeps it so', async () => {
      const done = await own.api('/seo/v1/complete_task', { method: 'POST', as: 'administrator', body: { options: { task: 'add-meta-descriptions' } } });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ success: true });
      const completed = await own.api('/seo/v1/get_tasks', { as: 'editor', query: { 'options[filter]': 'completed' } });
      const task = completed.body.tasks.find((item: { id: string }) => item.id === 'add-meta-descriptions');
      expect(task).toMatchObject({ is_completed: true });
      expect(task.completed_at).toMatch(/^\d{4}-/);
      const open = await own.api('/seo/v1/get_tasks', { as: 'editor', query: { 'options[filter]': 'open' } });
      expect(open.body.tasks.map((item: { id: string }) => item.id)).not.toContain('add-meta-descriptions');
    });

    it('checks its arguments and rights', async () => {
      const cases: [Record<string, unknown> | undefined, number, string][] = [
        [undefined, 400, 'rest_missing_callback_param'],
        [{ options: {} }, 400, 'rest_invalid_param'],
        [{ options: { task: 'fly' } }, 404, 'seo_task_not_found'],
      ];
      for (const [body, status, code] of cases) {
        const response = await own.api('/seo/v1/complete_task', { method: 'POST', as: 'administrator', body });
        expect([response.status, response.body.code]).toEqual([status, code]);
      }
      expect((await own.api('/seo/v1/complete_task', { method: 'POST', as: 'editor', body: { options: { task: 'finish-indexing' } } })).status).toBe(403);
      const badFilter = await own.api('/seo/v1/get_tasks', { as: 'editor', query: { 'options[filter]': 'someday' } });
      expect([badFilter.status, badFilter.body.code]).toEqual([400, 'rest_invalid_param']);
      expect((await own.api('/seo/v1/get_tasks', { as: 'subscriber' })).status).toBe(403);
      expect((await own.api('/seo/v1/get_tasks')).status).toBe(401);
    });
  });
});
