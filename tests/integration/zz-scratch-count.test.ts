import { afterAll, beforeAll, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
let site: TestSite;
beforeAll(async () => { site = await startTestSite('a'); });
afterAll(async () => { await site.close(); });
async function traced(label: string, work: () => Promise<unknown>) {
  const store = site.running.site.context.store as any;
  const original = store.statement;
  const seen: string[] = [];
  store.statement = (sql: string) => { seen.push(sql.replace(/\s+/g, ' ').slice(0, 140)); return original(sql); };
  const db = store.db; const prep = db.prepare.bind(db);
  try { await work(); } finally { store.statement = original; }
  console.log(`== ${label}: ${seen.length}\n` + seen.join('\n'));
}
it('counts', async () => {
  const c = await site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'warm', content: 'Body text.', status: 'publish' } });
  await site.api(`cms/v2/posts/${c.body.id}`, { method: 'POST', as: 'administrator', body: { title: 'warm2' } });
  await traced('create', () => site.api('cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: 'Bench 1', content: 'Body text.', status: 'publish' } }));
  await traced('update', () => site.api(`cms/v2/posts/${c.body.id}`, { method: 'POST', as: 'administrator', body: { title: 'Updated 1' } }));
  await traced('update2', () => site.api(`cms/v2/posts/${c.body.id}`, { method: 'POST', as: 'administrator', body: { title: 'Updated 2' } }));
  await traced('batch2', () => site.api('/batch/v1', { method: 'POST', as: 'administrator', body: { requests: [{ method: 'POST', path: `/cms/v2/posts/${c.body.id}`, body: { title: 'B1' } }] } }));
  await new Promise((r) => setTimeout(r, 300));
});
