// An update writes the columns whose values change, and no other (issue 32). A column set to its
// own value costs SQLite what a change does: every index holding it is rewritten, and a title's
// save set the status, slug, dates and trash status too, rewriting the indexes by status and date,
// by slug, and of scheduled items. Checked for every argument the update routes of posts and pages
// declare, each sent with another value and with the value stored: the UPDATE's columns are those
// whose stored values differ after it, and the version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES, startTestSite, type TestSite } from '../helpers/test-site.ts';
import { dispatchAsAdministrator } from '../helpers/dispatch-as-administrator.ts';
import { restBase } from '../../shared/api-routes.ts';
import type { PostType } from '../../server/content/post-schema.ts';
import type { RestResponse } from '../../server/rest/types.ts';
import type { SqliteStore } from '../../server/store/sqlite-store.ts';
import type { PostRow } from '../../server/store/posts.ts';

let site: TestSite;
beforeAll(async () => void (site = await startTestSite('a')));
afterAll(() => site.close());

const request = (method: string, path: string, body: Record<string, unknown>) => dispatchAsAdministrator(site, method, path, body);

/** Another value of each argument than a new item's (`null`: none to give here; the stored one is still sent). */
function otherValues(parentPage: number): Record<string, unknown> {
  return {
    date: '2020-01-02T03:04:05', date_gmt: '2020-01-02T03:04:05', slug: 'another-slug', status: 'draft', password: 'secret',
    title: 'Another title', content: 'Other words.', excerpt: 'Another excerpt.', author: site.users.editor.id,
    featured_media: null, comment_status: 'closed', ping_status: 'closed', format: 'aside', meta: { footnotes: '[]' },
    sticky: true, template: null, categories: null, tags: null, parent: parentPage, menu_order: 3,
  };
}

/** What an item stores for an argument, as the update route takes it back. */
function storedValue(name: string, item: Record<string, unknown>): unknown {
  const value = item[name];
  if (typeof value === 'object' && value !== null && 'raw' in value) return (value as { raw: unknown }).raw;
  return value;
}

/** The columns of each `UPDATE posts … WHERE id = @id` SQLite is given while `work` runs. */
async function updatedColumns(work: () => Promise<unknown>): Promise<string[][]> {
  const store = site.running.site.context.store as SqliteStore;
  const statement = store.statement;
  const seen: string[][] = [];
  (store as { statement: SqliteStore['statement'] }).statement = (sql) => {
    const update = /^UPDATE posts SET (.*) WHERE id = @id$/s.exec(sql);
    if (update) seen.push(update[1]!.split(', ').map((assignment) => assignment.split(' = ')[0]!));
    return statement(sql);
  };
  try {
    await work();
  } finally {
    (store as { statement: SqliteStore['statement'] }).statement = statement;
  }
  return seen;
}

const rowOf = (id: number) => site.running.site.context.store.get<PostRow>('SELECT * FROM posts WHERE id = ?', id)!;

function differing(before: PostRow, after: PostRow): string[] {
  return (Object.keys(after) as (keyof PostRow)[]).filter((column) => before[column] !== after[column]);
}

const TYPES: readonly PostType[] = ['post', 'page'];

describe.skipIf(ON_POSTGRES).each(TYPES)('an update of a %s', (type) => {
  const base = `/cms/v2/${restBase(type)}`;
  const route = () => site.running.site.router.match('POST', `${base}/1`);
  const declared = () => Object.keys(route()!.endpoint!.args).filter((name) => name !== 'id');

  it('has another value here for every argument its route declares', () => {
    expect(declared().filter((name) => !(name in otherValues(0)))).toEqual([]);
  });

  it.each(['another value', 'the value stored'])('writes only the columns that change, for every argument sent with %s', async (kind) => {
    const parentPage = (await request('POST', '/cms/v2/pages', { title: 'A parent', status: 'publish' })).body as { id: number };
    const others = otherValues(parentPage.id);
    const failures: string[] = [];
    for (const name of declared()) {
      const made = await request('POST', base, { title: 'Its title', content: 'Its words.', excerpt: 'Its excerpt.', status: 'publish' });
      expect(made.status).toBe(201);
      const item = made.body as Record<string, unknown> & { id: number };
      const value = kind === 'the value stored' || others[name] === null ? storedValue(name, item) : others[name];
      const before = rowOf(item.id);
      let answer: RestResponse | undefined;
      const updates = await updatedColumns(async () => (answer = await request('POST', `${base}/${item.id}`, { [name]: value })));
      expect(answer!.status, `${name}: ${JSON.stringify(answer!.body)}`).toBe(200);
      const changed = [...differing(before, rowOf(item.id)).filter((column) => column !== 'version'), 'version'].sort();
      const written = updates[0]?.sort() ?? [];
      if (JSON.stringify(written) !== JSON.stringify(changed)) failures.push(`${name}: wrote ${written.join(',')}; changed ${changed.join(',')}`);
    }
    expect(failures).toEqual([]);
  });
});
