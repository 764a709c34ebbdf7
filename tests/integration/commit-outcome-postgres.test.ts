// Issue 31: a write whose COMMIT reached PostgreSQL but whose answer was lost (the connection
// cut as the server answered) is answered as made and exists once; one whose COMMIT never
// arrived is answered 503 and wrote nothing (an upload's files included). The cut is made by a
// proxy between the site and the database, at the write's own COMMIT, for each kind of write.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { request, type ApiResult } from '../helpers/http-request.ts';
import { solidImage } from '../helpers/images.ts';
import { startCommitCuttingProxy, type CommitCut, type CommitCuttingProxy } from '../helpers/commit-cutting-proxy.ts';

if (!ON_POSTGRES) console.warn('[site] commit-outcome-postgres.test.ts left out: it needs the site-postgres project\'s PostgreSQL cluster.');

interface Write {
  name: string;
  /** The tables its commit announces (pg_notify's payload): the cut is made at that commit only. */
  announces: RegExp;
  /**
   * The answer when the commit was made but its answer lost: as made (201); or, where an id the
   * write needs came in that lost answer (a new post's revision), 500 write_outcome_unknown, which
   * does not say, as a 503 would, that nothing was written.
   */
  whenCommitted: { status: number; code?: string };
  send(marker: string): Promise<ApiResult>;
  /** The items the marker names, as stored (read back through the API). */
  stored(marker: string): Promise<number>;
  /** Files of the marker left in the data directory. */
  files(marker: string): string[];
}

let proxy: CommitCuttingProxy;
let instances: InstanceSet;
let site: SiteInstance;
let image: Buffer;

const api = (route: string, options: Parameters<typeof request>[1] = {}) =>
  request(`${site.api}${route}`, { ...options, headers: { authorization: instances.editorAuth, ...options.headers } });

function uploadedFiles(marker: string): string[] {
  const uploads = path.join(instances.dataDir, 'uploads');
  if (!fs.existsSync(uploads)) return [];
  return (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((file) => path.basename(file).startsWith(marker));
}

const WRITES: Write[] = [
  {
    name: 'a new post',
    announces: /inkwell_writes', '[^ ]+ [^']*posts/,
    whenCommitted: { status: 500, code: 'write_outcome_unknown' },
    send: (marker) => api('cms/v2/posts', { method: 'POST', body: { title: marker, status: 'draft' } }),
    stored: async (marker) => (await api('cms/v2/posts', { query: { search: marker, status: 'draft', context: 'edit' } })).body.length,
    files: () => [],
  },
  {
    name: 'an upload',
    announces: /inkwell_writes', '[^ ]+ [^']*media/,
    whenCommitted: { status: 201 },
    send: (marker) => api('cms/v2/media', { method: 'POST', headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename="${marker}.png"` }, body: image }),
    stored: async (marker) => (await api('cms/v2/media', { query: { search: marker } })).body.length,
    files: uploadedFiles,
  },
];

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  // The accounts are made straight on the database (prepareInstances waits for the CLI synchronously: the proxy could not answer it).
  instances = prepareInstances();
  proxy = await startCommitCuttingProxy(instances.database!);
  // The later --database is the one the site takes.
  site = await instances.start('--database', proxy.url);
  image = await solidImage(32, 24, 'png');
}, 120_000);

afterAll(async () => {
  if (!ON_POSTGRES) return;
  await instances.close();
  await proxy.close();
});

const CASES: { cut: CommitCut; expected: string; check(write: Write, marker: string, answer: ApiResult): Promise<void> }[] = [
  {
    cut: 'after-commit',
    expected: 'is not answered 503 and exists once',
    async check(write, marker, answer) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(write.whenCommitted.status);
      if (write.whenCommitted.code) expect(answer.body.code).toBe(write.whenCommitted.code);
      expect(await write.stored(marker)).toBe(1);
    },
  },
  {
    cut: 'before-commit',
    expected: 'is answered 503 and wrote nothing',
    async check(write, marker, answer) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.code).toBe('service_unavailable');
      expect(await write.stored(marker)).toBe(0);
      expect(write.files(marker)).toEqual([]);
    },
  },
];

describe.skipIf(!ON_POSTGRES)('a write whose connection is cut at its COMMIT', () => {
  for (const write of WRITES) {
    for (const { cut, expected, check } of CASES) {
      it(`${write.name}, cut ${cut}, ${expected}`, { timeout: 60_000 }, async () => {
        const marker = `cut${cut.replace('-', '')}${write.name.replace(/\W/g, '')}`;
        let cutMade = false;
        void proxy.cutNextCommit(cut, write.announces).then(() => (cutMade = true));
        const answer = await write.send(marker);
        // The cut was made at this write's COMMIT, before its answer.
        expect(cutMade).toBe(true);
        await check(write, marker, answer);
      });
    }
  }
});
