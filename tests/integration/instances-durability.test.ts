// kill -9 of one instance in the middle of a stream of writes loses no acknowledged write:
// writers post to both instances; one instance is killed with SIGKILL while requests are in
// flight; every id answered 201 (by either instance) is then read back from the survivor.
import { describe, expect, it } from 'vitest';
import { twoInstancesForFile, type SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';

const two = twoInstancesForFile();

describe('an instance killed with SIGKILL during writes', () => {
  it('loses no write it or the other instance acknowledged', { timeout: 60_000 }, async () => {
    const { instances, a, b } = two;
    const headers = { authorization: instances.editorAuth };
    const acknowledged: { id: number; title: string }[] = [];
    const refused: number[] = [];
    let killed = false;
    /** One writer: creates posts on `instance` until it has made `count` or its instance is gone. */
    const writer = async (instance: SiteInstance, name: string, count: number) => {
      for (let n = 0; n < count; n++) {
        const title = `${name} ${n}`;
        try {
          const created = await request(`${instance.api}cms/v2/posts`, { method: 'POST', headers, body: { title, content: `<p>${title}</p>`, status: 'publish' } });
          if (created.status === 201) acknowledged.push({ id: created.body.id, title });
          else refused.push(created.status);
        } catch {
          // The connection died with the instance: not acknowledged, nothing promised.
          return;
        }
        // The kill lands while writes to `a` are in flight: after its writers' tenth acknowledged create.
        if (!killed && acknowledged.filter((item) => item.title.startsWith('a')).length >= 10) {
          killed = true;
          void instances.kill(a);
        }
      }
    };
    await Promise.all([writer(a, 'a1', 200), writer(a, 'a2', 200), writer(b, 'b1', 40), writer(b, 'b2', 40)]);
    expect(killed).toBe(true);
    expect(refused).toEqual([]);
    expect(acknowledged.filter((item) => item.title.startsWith('b'))).toHaveLength(80);

    for (const { id, title } of acknowledged) {
      const read = await request(`${b.api}cms/v2/posts/${id}?context=edit`, { headers });
      expect([read.status, read.body.title?.raw], `post ${id}`).toEqual([200, title]);
    }
    // And after a restart of the killed instance, it sees them too.
    const again = await instances.start();
    for (const { id, title } of acknowledged) {
      expect((await request(`${again.api}cms/v2/posts/${id}?context=edit`, { headers })).body.title?.raw).toBe(title);
    }
    // A create committed as the process died may have had no answer: more items, never fewer.
    const total = Number((await request(`${again.api}cms/v2/posts?per_page=1`, { headers })).headers.get('x-wp-total'));
    expect(total).toBeGreaterThanOrEqual(acknowledged.length);
  });
});
