// Several instances started at once on a new database: the migrations run once, one of them
// initialises the site (one administrator, one default category, its password printed by
// that instance only), and all of them serve it.
import { afterAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';

let instances: InstanceSet;
afterAll(() => instances.close());

describe('three instances started at once on a new database', () => {
  it('initialise it once and all serve it', { timeout: 90_000 }, async () => {
    instances = prepareInstances(undefined, false);
    const started = await Promise.all([instances.start(), instances.start(), instances.start()]);
    const initialisers = started.filter((instance) => instance.output().includes('Account password (shown once)'));
    expect(initialisers).toHaveLength(1);
    const password = /Account password \(shown once\): (\S+)/.exec(initialisers[0].output())![1];
    for (const instance of started) {
      const categories = await request(`${instance.api}cms/v2/categories`);
      expect(categories.body.map((term: { slug: string }) => term.slug)).toEqual(['uncategorized']);
    }
    const users = await request(`${started[2].api}cms/v2/users?context=edit`, {
      headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` },
    });
    // The account password is not an application password: the sign-in is refused, but the login exists.
    expect(users.body.code).toBe('incorrect_password');
  });
});
