// Limits hold across instances: two site processes on one database count a client's failed
// sign-ins and contact-form submissions together, so a guessing script gains nothing by
// spreading its tries over the instances behind a proxy. Grant-page sign-in sessions made
// on one instance are honoured by the other.
import { describe, expect, it } from 'vitest';
import { twoInstancesForFile, type SiteInstance } from '../helpers/instances.ts';
import { getFrom, request } from '../helpers/http-request.ts';
import { cookieSet, postSignIn } from '../helpers/grant-page.ts';

const two = twoInstancesForFile((instances) => instances.cli('contact-form', 'rate-limit', '--requests', '3', '--seconds', '3600'));

const wrongPassword = `Basic ${Buffer.from('editor:aaaa bbbb cccc dddd eeee ffff').toString('base64')}`;

// Each test is a client of its own (its own loopback address): the limits count by client.
describe('two instances on one database', () => {
  it('honour a grant-page sign-in made on the other instance', async () => {
    const { a, b } = two;
    const page = (instance: SiteInstance) => `${new URL(instance.api).origin}/authorize-application?app_name=Two%20instances`;
    const signedIn = await postSignIn(page(a), 'editor', 'editor-account-password');
    expect(signedIn.status).toBe(303);
    const session = cookieSet(signedIn, 'cms_session')!;
    const approval = await fetch(page(b), { redirect: 'manual', headers: { cookie: session } });
    expect(approval.status).toBe(200);
    const html = await approval.text();
    expect(html).toContain('Two instances');
    expect(html).not.toContain('name="pwd"');
  });

  it('count sign-ins of a client together: the eleventh in a minute is refused on either', async () => {
    const { instances, a, b } = two;
    const client = '127.0.0.2';
    // Ten wrong passwords, spread over both.
    const tries = [a, a, b, a, b, b, a, b, a, b].map((instance) => getFrom(client, `${instance.api}cms/v2/users/me`, { authorization: wrongPassword }));
    expect((await Promise.all(tries)).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    for (const instance of [a, b]) {
      const refused = await getFrom(client, `${instance.api}cms/v2/users/me`, { authorization: wrongPassword });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'too_many_sign_in_attempts', data: { status: 429 } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    }
    // The right credentials are never limited.
    expect((await getFrom(client, `${b.api}cms/v2/users/me`, { authorization: instances.editorAuth })).status).toBe(200);
  });

  it('count contact-form submissions of a client together', async () => {
    const { a, b } = two;
    const submit = (instance: SiteInstance) => request(`${instance.api}contact-form/v1/contact-forms/999/feedback`, {
      method: 'POST', body: 'your-name=Jo', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([(await submit(a)).status, (await submit(b)).status, (await submit(a)).status]).toEqual([404, 404, 404]);
    const refused = await submit(b);
    expect([refused.status, refused.body.code]).toEqual([429, 'wpcf7_too_many_requests']);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await submit(a)).status).toBe(429);
  });

});
