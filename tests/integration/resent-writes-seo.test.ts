// resent-writes' cases for seo/v1's writes (deployment b), run beside that file: each write route
// sent twice with one id, with another request, by another user, without an id, and sent again
// after its instance stopped right after the commit that records it (each answered as made, a
// route with no GET included: its answer is kept with its write), also after the connector's
// expired tokens were refreshed first.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestSite } from '../helpers/test-site.ts';
import type { QueryParams } from '../helpers/http-request.ts';
import { WRITE_SAMPLES, send, type SentWrite } from '../helpers/resendable-writes.ts';
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

/** The global parameters that shape an answer (rest/dispatch.ts), each alone and together. */
const SHAPINGS: Record<string, QueryParams> = {
  'as sent': {},
  _fields: { _fields: 'status,success,id,settings,results' },
  _envelope: { _envelope: '1' },
  '_fields and _envelope': { _fields: 'status,success,id,settings,results', _envelope: '1' },
};
/** Headers whose values are the same for two answers of one route (an ETag's is the item's). */
const SAME_VALUES = ['allow', 'cache-control', 'content-type', 'link', 'vary'];

/** A key that is data (a keyphrase, an id), not a field's name. */
const DATA_KEY = /^(?![A-Za-z_][\w-]*$)/;

/**
 * What two answers of one route share when their items and names differ: each field's name,
 * each value's type; a list's the names its items have (their number and nulls are the
 * site's, which the first answer's fixture may differ in), a map's keyed by data one shape.
 */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return { list: [...new Set(value.flatMap((each) => (each !== null && typeof each === 'object' ? Object.keys(each) : [typeof each])))].sort() };
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(Object.entries(value).map(([name, each]) => [DATA_KEY.test(name) ? '(data)' : name, shapeOf(each)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}
const answerShape = (answer: Awaited<ReturnType<typeof send>>) => ({
  status: answer.status,
  headers: Object.fromEntries([...answer.headers.keys()].filter((name) => name !== 'date').sort().map((name) => [name, SAME_VALUES.includes(name) ? answer.headers.get(name) : 'sent'])),
  // An envelope's status, and the headers it holds (named so), as the answer's own.
  envelope: answer.body?.status !== undefined && answer.body?.headers !== undefined ? { status: answer.body.status, headers: Object.keys(answer.body.headers).sort() } : null,
  body: shapeOf(answer.body),
});

describe('a write whose answer was never kept, sent again with _fields and _envelope: shaped as a first answer', () => {
  const cases = SAMPLES.flatMap((sample) => Object.entries(SHAPINGS).map(([shaping, query]) => [`${sample.route} (${sample.name}), ${shaping}`, sample, query] as const));
  it.each(cases)('%s', async (_, sample, query) => {
    const shaped = (write: SentWrite): SentWrite => ({ ...write, query: { ...write.query, ...query } });
    // A first answer, from an instance that did not stop; then the same route's, given again after its instance stopped.
    const first = await send(site, 'administrator', shaped(await sample.make(site, 'administrator')), { 'idempotency-key': newId() });
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    const write = shaped(await sample.make(site, 'administrator'));
    const id = { 'idempotency-key': newId() };
    await stoppedAfterCommit(site, id, () => send(site, 'administrator', write, id));
    const again = await send(site, 'administrator', write, id);
    expect(answerShape(again)).toEqual(answerShape(first));
  });
});
