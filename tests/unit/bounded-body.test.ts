// Every answer of a remote is read within the limit of its purpose: for each purpose, a body
// of exactly the limit is read whole, one byte more fails in words, and a declared length over
// the limit fails before anything is read; JSON nested past the limit is refused whatever is
// in its strings.
import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, boundedResponse, MAX_JSON_DEPTH, type BodyLimit } from '../../electron/remote/client/bounded-body.ts';
import { RemoteSiteError } from '../../electron/remote/client/errors.ts';

const URL_OF = 'https://remote.example/wp-json/';
const CHUNK = 1024 * 1024;

/** A body of `size` spaces, made as it is read (never held whole). */
function spaces(size: number): ReadableStream<Uint8Array> {
  let left = size;
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      controller.enqueue(left >= CHUNK ? chunk : chunk.subarray(0, left));
      left -= CHUNK;
    },
  });
}

/** Reads the body to its end, counting bytes; the error it fails with, if any. */
async function drain(response: Response): Promise<{ bytes: number; error: unknown }> {
  const reader = response.body!.getReader();
  let bytes = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.byteLength;
    return { bytes, error: null };
  } catch (error) {
    return { bytes, error };
  }
}

describe.each(Object.entries(BODY_LIMITS) as [string, BodyLimit][])('the %s limit', (_purpose, limit) => {
  it('reads a body of exactly the limit, and fails one byte more in words', async () => {
    expect(await drain(boundedResponse(new Response(spaces(limit.maxBytes)), limit, URL_OF))).toEqual({ bytes: limit.maxBytes, error: null });
    const over = await drain(boundedResponse(new Response(spaces(limit.maxBytes + 1)), limit, URL_OF));
    expect(over.error).toBeInstanceOf(RemoteSiteError);
    expect(over.error).toMatchObject({ reason: 'too_large', message: expect.stringContaining(`remote.example sent more than ${limit.maxBytes / 1024 / 1024} MB for ${limit.what}`) });
  });

  it('fails a declared length over the limit before reading', () => {
    const response = new Response(spaces(10), { headers: { 'content-length': String(limit.maxBytes + 1) } });
    expect(() => boundedResponse(response, limit, URL_OF)).toThrow(RemoteSiteError);
  });
});

describe('JSON nesting', () => {
  const json = BODY_LIMITS.answer;
  const read = (text: string) => boundedResponse(new Response(text), json, URL_OF).json();

  it(`reads ${MAX_JSON_DEPTH} levels, and refuses one more`, async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    await expect(read(nested(MAX_JSON_DEPTH))).resolves.toBeDefined();
    await expect(read(nested(MAX_JSON_DEPTH + 1))).rejects.toMatchObject({ reason: 'too_large', message: expect.stringContaining(`nested more than ${MAX_JSON_DEPTH} levels deep`) });
    await expect(read('{"a":'.repeat(MAX_JSON_DEPTH + 1))).rejects.toMatchObject({ reason: 'too_large' });
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const text = JSON.stringify({ content: '['.repeat(10_000), quoted: `\\"${'{'.repeat(10_000)}"`, list: [[['x']]] });
    await expect(read(text)).resolves.toMatchObject({ list: [[['x']]] });
  });

  it('is not checked where the answer is not JSON (a theme page)', async () => {
    await expect(boundedResponse(new Response('['.repeat(10_000)), BODY_LIMITS.lookPage, URL_OF).text()).resolves.toHaveLength(10_000);
  });
});
