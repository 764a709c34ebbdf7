// The public reads the front of `--workers N` keeps on PostgreSQL, to answer through a stall
// (server/http/kept-reads.ts): an answer is given back only while no write was heard since it
// was asked for, only one alike for every visitor is kept, and what is kept is bounded in count
// and in bytes, so distinct URLs of large lists cannot fill the front's memory.
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { KeptReads, type WriteVersions } from '../../server/http/kept-reads.ts';
import { api, API_PREFIX, rooted } from '../../shared/api-routes.ts';

/** The writes heard, as the front's listener on the database counts them. */
class HeardWrites implements WriteVersions {
  version: number | null = 1;
  async caughtUp(): Promise<boolean> {
    return true;
  }
}

const answerOf = (bytes: number) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(bytes, 32) });
const request = (headers: http.IncomingHttpHeaders = {}, method = 'GET') => ({ method, headers: { host: 'site.test', ...headers } }) as http.IncomingMessage;
const listUrl = (page: number) => new URL(`http://site.test${API_PREFIX}${rooted(api.posts('posts'))}?page=${page}`);

describe('the reads the front keeps through a stall', () => {
  it('are the API reads alike for every visitor: GET or HEAD, without credentials', () => {
    expect(KeptReads.key(request(), listUrl(1))).not.toBeNull();
    expect(KeptReads.key(request({}, 'HEAD'), listUrl(1))).not.toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(KeptReads.key(request({}, method), listUrl(1)), method).toBeNull();
    expect(KeptReads.key(request({ authorization: 'Basic eDp5' }), listUrl(1))).toBeNull();
    expect(KeptReads.key(request({ cookie: 'session=1' }), listUrl(1))).toBeNull();
    expect(KeptReads.key(request(), new URL('http://site.test/wp-admin/'))).toBeNull();
  });

  it('are given back only while no write was heard since they were asked for', async () => {
    const writes = new HeardWrites();
    const reads = new KeptReads(writes);
    reads.keep('a', answerOf(10), reads.asked);
    expect((await reads.answer('a'))?.body.length).toBe(10);
    writes.version = 2;
    expect(await reads.answer('a')).toBeNull();
    // An answer asked for before a write heard meanwhile is not kept at all.
    const asked = reads.asked;
    writes.version = 3;
    reads.keep('b', answerOf(10), asked);
    expect(await reads.answer('b')).toBeNull();
  });

  it('keep no answer the site marks private or no-store, nor one that is not a 200', async () => {
    const reads = new KeptReads(new HeardWrites());
    reads.keep('private', { ...answerOf(1), headers: { 'cache-control': 'private' } }, reads.asked);
    reads.keep('no-store', { ...answerOf(1), headers: { 'cache-control': 'no-store' } }, reads.asked);
    reads.keep('404', { ...answerOf(1), status: 404 }, reads.asked);
    for (const key of ['private', 'no-store', '404']) expect(await reads.answer(key), key).toBeNull();
  });

  it('are bounded in bytes as well as in count, the oldest going first', async () => {
    const reads = new KeptReads(new HeardWrites());
    const large = 12 * 1024 * 1024;
    for (const key of ['first', 'second', 'third']) reads.keep(key, answerOf(large), reads.asked);
    expect(await reads.answer('first')).toBeNull();
    expect((await reads.answer('second'))?.body.length).toBe(large);
    expect((await reads.answer('third'))?.body.length).toBe(large);
    // One answer larger than the whole bound is not kept, and leaves the others be.
    reads.keep('huge', answerOf(40 * 1024 * 1024), reads.asked);
    expect(await reads.answer('huge')).toBeNull();
    expect(await reads.answer('third')).not.toBeNull();
    // Many small ones: at most 500 are kept.
    for (let page = 0; page < 600; page += 1) reads.keep(`page ${page}`, answerOf(10), reads.asked);
    expect(await reads.answer('page 99')).toBeNull();
    expect(await reads.answer('page 100')).not.toBeNull();
    expect(await reads.answer('page 599')).not.toBeNull();
  });
});
