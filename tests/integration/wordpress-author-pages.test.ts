// An author on a WordPress where others wrote more than a page of items before theirs: WordPress
// pages its lists before it drops, item by item, what the account may not edit (context=edit), so
// the author's first pages come back empty though more follow. The author's own items, pushed,
// stay synced and here; nothing is pulled that did not change (wordpress-faults' author test
// failed so after other files had filled the shared WordPress).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncSite } from '../../electron/remote/sync.ts';
import { startWordPress, type RunningWordPress } from '../helpers/wordpress/wordpress.ts';
import { FAST_RETRY } from '../helpers/sync-fixture.ts';
import { uniqueWord, wordpressFixture } from '../helpers/wordpress-fixture.ts';

describe('an author whose items come after a page of others\' drafts', () => {
  let fresh: RunningWordPress;
  beforeAll(async () => {
    fresh = await startWordPress();
  });
  afterAll(async () => {
    await fresh?.stop();
  });

  it('keeps its pushed drafts synced and here at the next sync, which pulls nothing', async () => {
    const f = await wordpressFixture({ wp: fresh, as: 'author' });
    try {
      // More than a page (100) of the administrator's drafts, which the author may not edit.
      for (let batch = 0; batch < 5; batch++) {
        const requests = Array.from({ length: 25 }, (_, n) => ({ method: 'POST', path: '/wp/v2/posts', body: { title: `Other ${batch}-${n}`, status: 'draft' } }));
        expect((await f.api('batch/v1', { method: 'POST', body: { requests } })).status).toBe(207);
      }
      expect((await syncSite(f.workspace, { retry: FAST_RETRY })).result).toBe('ok');
      const word = uniqueWord('a');
      const draft = (await f.local('POST', 'posts', { title: `Mine ${word}`, content: `<p>Mine ${word}</p>` })).id;
      expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pushed: 1 });
      const remoteId = f.remoteIdOf(draft);

      expect(await syncSite(f.workspace, { retry: FAST_RETRY })).toMatchObject({ result: 'ok', pulled: 0, pushed: 0 });
      expect(f.remoteIdOf(draft)).toBe(remoteId);
      expect(f.localRow(draft)).toMatchObject({ title: `Mine ${word}` });
    } finally {
      await f.close();
    }
  });
});
