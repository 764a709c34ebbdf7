// Scheduled publishing with two instances on one database: both arm a timer for the same
// moment and both find the items due, yet each item is published exactly once (its version
// moves by one, not two).
import { describe, expect, it } from 'vitest';
import { twoInstancesForFile } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';

const two = twoInstancesForFile();

const versionOf = (etag: string | null) => Number(/-(\d+)(?::[^"]*)?"$/.exec(etag ?? '')![1]);

describe('scheduled publishing on two instances', () => {
  it('publishes each due item exactly once', { timeout: 60_000 }, async () => {
    const { instances, a, b } = two;
    const headers = { authorization: instances.editorAuth };
    // Both instances hear of items scheduled through them, so both arm for the same second.
    const due = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3000).toISOString().slice(0, 19);
    const created = await Promise.all(Array.from({ length: 20 }, (_, n) => request(`${(n % 2 ? a : b).api}cms/v2/posts`, {
      method: 'POST', headers, body: { title: `Scheduled ${n}`, status: 'future', date_gmt: due },
    })));
    expect(created.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(Date.now()).toBeLessThan(Date.parse(`${due}Z`));
    const versions = new Map(created.map((answer) => [answer.body.id as number, versionOf(answer.headers.get('etag'))]));

    // Waits for the real condition: every item published (asked of the other instance each time).
    const ids = [...versions.keys()];
    let published: { id: number }[] = [];
    for (let attempt = 0; published.length < ids.length; attempt++) {
      expect(attempt, 'the items were not published in time').toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
      published = (await request(`${(attempt % 2 ? a : b).api}cms/v2/posts?status=publish&per_page=100&include=${ids.join(',')}`, { headers })).body;
    }
    for (const id of ids) {
      const read = await request(`${a.api}cms/v2/posts/${id}`, { headers });
      expect(read.body.status).toBe('publish');
      expect(versionOf(read.headers.get('etag')), `item ${id}`).toBe(versions.get(id)! + 1);
    }
  });
});
