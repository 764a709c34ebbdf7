// Bytes that are not text are refused before anything is written, on every route that takes
// a body: a JSON body that is not UTF-8 answers 400 rest_invalid_json, and a lone UTF-16
// surrogate (`"\ud800"`, which JSON can spell but no store can keep) in any field, however
// deep, answers 400 rest_invalid_param. Generated over every route and string argument.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/test-site.ts';
import { expectError } from '../helpers/expect-api.ts';
import type { ArgSchema } from '../../server/rest/types.ts';

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const LONE = '\ud800';

/** A path for a route pattern, each variable filled with a value its own pattern takes. */
function pathOf(pattern: string): string {
  return pattern.replace(/\(\?P<\w+>([^)]*)\)/g, (_, group: string) => ['1', 'a', 'a1'].find((sample) => new RegExp(`^(?:${group})$`).test(sample)) ?? '1');
}

function takesString(schema: ArgSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || (schema.oneOf ?? []).some(takesString);
}

/** Every write endpoint of the site, with its method and its arguments. */
function writeEndpoints(site: TestSite) {
  return site.running.site.router.routes().flatMap((route) => route.endpoints.flatMap((endpoint) => endpoint.methods
    .filter((method) => WRITES.includes(method))
    .map((method) => ({ method, path: pathOf(route.pattern), args: endpoint.args }))));
}

/** Runs `send` and expects the store unchanged by it. */
async function expectNothingStored(site: TestSite, send: () => Promise<void>) {
  const store = site.running.site.context.store;
  const before = store.version();
  await send();
  expect(store.version()).toBe(before);
}

for (const deployment of ['a', 'b'] as const) describe(`deployment ${deployment}`, () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(deployment);
    // The first signed-in request writes once (the application password's last use): not what is measured here.
    expect((await site.api('/cms/v2/users/me', { as: 'administrator' })).status).toBe(200);
  });
  afterAll(async () => {
    await site.close();
  });

  describe('a JSON body that is not UTF-8', () => {
    it('is refused on every write route with 400 rest_invalid_json, and nothing is stored', async () => {
      const endpoints = writeEndpoints(site);
      expect(endpoints.length).toBeGreaterThan(30);
      // A title in Latin-1 (é as one byte), an overlong slash, a cut-off three-byte sequence.
      const bodies = [Buffer.from('{"title":"caf\xe9","status":"publish"}', 'latin1'), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]), Buffer.from('{"title":"\xe2\x82"}', 'latin1')];
      await expectNothingStored(site, async () => {
        for (const { method, path } of endpoints) {
          for (const body of bodies) {
            const response = await site.api(path, { method, as: 'administrator', body, headers: { 'content-type': 'application/json' } });
            if (response.status === 404 && response.body?.code === 'rest_no_route') continue;
            expectError(response, 400, 'rest_invalid_json');
            expect(response.body.data.json_error_code, `${method} ${path}`).toBe(5);
          }
        }
      });
    });

    it('still takes UTF-8, non-Latin text included', async () => {
      const body = Buffer.from(JSON.stringify({ title: 'Ünïcødé 日本語 🎉', status: 'draft' }), 'utf8');
      const response = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body, headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(201);
      expect(response.body.title.raw).toBe('Ünïcødé 日本語 🎉');
    });
  });

  describe('a lone surrogate or a NUL in any field', () => {
    it('is refused in every string argument of every write route with 400 rest_invalid_param, before anything is written', async () => {
      const failures: string[] = [];
      let tried = 0;
      await expectNothingStored(site, async () => {
        for (const { method, path, args } of writeEndpoints(site)) {
          for (const [name, schema] of Object.entries(args)) {
            if (!takesString(schema)) continue;
            for (const value of [LONE, `text ${LONE} text`, `\udc00 after`, 'a NUL\0here']) {
              tried++;
              const response = await site.api(path, { method, as: 'administrator', body: { [name]: value } });
              if (response.status !== 400 || response.body.code !== 'rest_invalid_param' || !(name in response.body.data.params)) {
                failures.push(`${method} ${path} ${name}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
              }
            }
          }
        }
      });
      expect(tried).toBeGreaterThan(100);
      expect(failures).toEqual([]);
    });

    it('is refused deep in objects and lists, in keys, and in fields no route declares', async () => {
      const bodies = [
        { title: { raw: LONE } },
        { title: 'fine', meta: { note: [`a${LONE}`] } },
        { title: 'fine', [`key${LONE}`]: 'value' },
        { title: 'fine', undeclared: { deep: [[[LONE]]] } },
      ];
      await expectNothingStored(site, async () => {
        for (const body of bodies) expectError(await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body }), 400, 'rest_invalid_param');
        // A batch refuses as a whole.
        const batch = await site.api('/batch/v1', { method: 'POST', as: 'administrator', body: { requests: [{ method: 'POST', path: '/cms/v2/posts', body: { title: LONE } }] } });
        expect(batch.status).toBe(400);
      });
    });

    it('keeps text whose surrogates are pairs (emoji and other astral characters)', async () => {
      const response = await site.api('/cms/v2/posts', { method: 'POST', as: 'administrator', body: { title: '\ud83c\udf89 𝒜', status: 'draft' } });
      expect(response.status).toBe(201);
      expect(response.body.title.raw).toBe('🎉 𝒜');
    });
  });
});
