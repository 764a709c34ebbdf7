// The inserter's synced patterns (issue 29, row 27): every pattern of a site holding more than
// one page of them (the list answers 100 at most), read page by page through the paging headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { SiteClient } from '../../shared/site-client.ts';
import { listPatterns } from '../../renderer/editor/synced-patterns.ts';

const HELD = 130;
const BATCH = 25;

describe('the inserter’s synced patterns', () => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite('a');
    for (let start = 0; start < HELD; start += BATCH) {
      const requests = Array.from({ length: Math.min(BATCH, HELD - start) }, (_, index) => ({
        method: 'POST', path: '/cms/v2/blocks', body: { title: `Pattern ${start + index}`, content: '<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph -->', status: 'publish' },
      }));
      const answer = await site.api('/batch/v1', { method: 'POST', as: 'editor', body: { requests } });
      expect(answer.body.responses.every((response: { status: number }) => response.status === 201)).toBe(true);
    }
  }, 120_000);
  afterAll(async () => {
    await site.close();
  });

  it(`lists all ${HELD}, each once, more than the 100 of one page`, async () => {
    const client = new SiteClient(site.apiRoot, { login: site.users.author.login, password: site.users.author.appPassword });
    const listed = await listPatterns(client);
    expect(listed).toHaveLength(HELD);
    expect(new Set(listed.map((pattern) => pattern.title))).toEqual(new Set(Array.from({ length: HELD }, (_, index) => `Pattern ${index}`)));
  });
});
