// resent-writes' cases for seo/v1's writes (deployment b), run beside that file: each write route
// sent twice with one id, with another request, by another user, without an id, and sent again
// after its instance stopped right after the commit that records it (each answered as made and
// shaped as a first answer, a route with no GET included: its answer is kept with its write),
// also after the connector's expired tokens were refreshed first.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSite } from '../helpers/test-site.ts';
import { WRITE_SAMPLES, send } from '../helpers/resendable-writes.ts';
import { keepTokens, type Tokens } from '../../server/namespaces/seo/connector-client.ts';
import { readSecret } from '../../server/namespaces/seo/connector-secrets.ts';
import {
  describeAnswerNeverKept, describeSentTwice, describeSentTwiceWithoutId, newId, resentWritesSites, stoppedAfterCommit, written,
} from '../helpers/resent-writes-suite.ts';

const sites = resentWritesSites(['b']);
let site: TestSite;
beforeAll(() => {
  site = sites.site('b');
});
const SAMPLES = WRITE_SAMPLES.filter((sample) => sample.deployment === 'b');

describeSentTwice(sites, SAMPLES);
describeSentTwiceWithoutId(sites, SAMPLES);
describeAnswerNeverKept(sites, SAMPLES);

describe('a connector write whose answer was never kept, its expired tokens refreshed first, sent again', () => {
  // The rank-tracking connector's writes after a refresh of its expired tokens: the refresh is kept on its own
  // (the old refresh token may be spent), the record with the write it was made for (on PostgreSQL it took the record).
  const connectorWrites = SAMPLES.filter((sample) => /^\S+ \/seo\/v1\/rank\/keyphrases/.test(sample.route));
  it.each(connectorWrites.map((sample) => [`${sample.route} (${sample.name})`, sample] as const))('%s with expired tokens, refreshed first: made once, answered as made', async (_, sample) => {
    const write = await sample.make(site, 'administrator');
    const context = site.running.site.context;
    keepTokens(context, 'rank', { access_token: 'expired', refresh_token: 'refresh', expires_at: Date.now() - 1000, created_at: Date.now() - 3_600_000 });
    const id = { 'idempotency-key': newId() };
    const before = written(site);
    await stoppedAfterCommit(site, id, () => send(site, 'administrator', write, id));
    expect(readSecret<Tokens>(context, 'rank_tokens')!.expires_at).toBeGreaterThan(Date.now());
    const made = written(site);
    expect(made).not.toEqual(before);
    const again = await send(site, 'administrator', write, id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.status).toBe(200);
    if (write.body && !Buffer.isBuffer(write.body)) expect(Object.keys(again.body.results)).toEqual(write.body.keyphrases);
    expect(written(site)).toEqual(made);
  });
});
