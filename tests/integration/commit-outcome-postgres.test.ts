// Issue 31: a write whose COMMIT reached PostgreSQL but whose answer was lost (the connection
// cut as the server answered) is answered as made, as it would have been without the cut, and
// exists once; one whose COMMIT never
// arrived is answered 503 and wrote nothing (an upload's files included). The cut is made by a
// proxy between the site and the database, at the write's own COMMIT, for every kind of write.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { solidImage } from '../helpers/images.ts';
import { startCommitCuttingProxy, type CommitCut, type CommitCuttingProxy } from '../helpers/commit-cutting-proxy.ts';

if (!ON_POSTGRES) console.warn('[site] commit-outcome-postgres.test.ts left out: it needs the site-postgres project\'s PostgreSQL cluster.');

interface Write {
  name: string;
  /** The tables its commit announces (pg_notify's payload): the cut is made at that commit only. */
  announces: RegExp;
  /** Its status when made: a commit whose answer was lost but which was made is answered so too. */
  made: number;
  /** What it writes to, made before the cut is armed (a post to update or autosave); else 0. */
  prepare(): Promise<number>;
  /** The write's answer: the HTTP answer, or a batch's answer to its one item. */
  send(marker: string, post: number): Promise<{ status: number; body: any }>;
  /** The items (or autosaves, or titles) the marker names, as stored (read back through the API). */
  stored(marker: string, post: number): Promise<number>;
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

const POSTS_WRITTEN = /inkwell_writes', '[^ ]+ [^']*posts/;
const noPost = async () => 0;
/** A post to write to; an autosave needs a published one (the author's autosave of a draft is the draft's own update). */
const aPost = (status: 'draft' | 'publish') => async () => {
  const made = await api('cms/v2/posts', { method: 'POST', body: { title: 'Written to', content: 'Before', status } });
  expect(made.status).toBe(201);
  return made.body.id as number;
};
const postsTitled = async (marker: string) =>
  ((await api('cms/v2/posts', { query: { search: marker, status: 'draft', context: 'edit' } })).body as { title: { raw: string } }[]).filter((post) => post.title.raw === marker).length;
const noFiles = () => [];

/** Every kind of write the site takes; each new one belongs here. */
const WRITES: Write[] = [
  {
    name: 'a new post',
    announces: POSTS_WRITTEN,
    made: 201,
    prepare: noPost,
    send: (marker) => api('cms/v2/posts', { method: 'POST', body: { title: marker, status: 'draft' } }),
    stored: postsTitled,
    files: noFiles,
  },
  {
    name: 'an update',
    announces: POSTS_WRITTEN,
    made: 200,
    prepare: aPost('draft'),
    send: (marker, post) => api(`cms/v2/posts/${post}`, { method: 'PUT', body: { title: marker, content: `Updated ${marker}` } }),
    stored: postsTitled,
    files: noFiles,
  },
  {
    name: 'an autosave',
    announces: POSTS_WRITTEN,
    made: 200,
    prepare: aPost('publish'),
    send: (marker, post) => api(`cms/v2/posts/${post}/autosaves`, { method: 'POST', body: { title: marker, content: `Autosaved ${marker}` } }),
    stored: async (marker, post) =>
      ((await api(`cms/v2/posts/${post}/autosaves`, { query: { context: 'edit' } })).body as { title: { raw: string } }[]).filter((autosave) => autosave.title.raw === marker).length,
    files: noFiles,
  },
  {
    name: 'a batch',
    announces: POSTS_WRITTEN,
    made: 201,
    prepare: noPost,
    async send(marker) {
      const answer = await api('batch/v1', { method: 'POST', body: { requests: [{ method: 'POST', path: '/cms/v2/posts', body: { title: marker, status: 'draft' } }] } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(207);
      return answer.body.responses[0];
    },
    stored: postsTitled,
    files: noFiles,
  },
  {
    name: 'an upload',
    announces: /inkwell_writes', '[^ ]+ [^']*media/,
    made: 201,
    prepare: noPost,
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

const CASES: { cut: CommitCut; expected: string; check(write: Write, marker: string, post: number, answer: { status: number; body: any }): Promise<void> }[] = [
  {
    cut: 'after-commit',
    expected: 'is answered as made, with the answer an uncut one gets, and exists once',
    async check(write, marker, post, answer) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(write.made);
      // The same answer as the same write made without a cut: every field, each as it was stored.
      const uncut = await write.send(marker.replace('cut', 'whole'), (await write.prepare()) || post);
      expect(uncut.status).toBe(write.made);
      expect(Object.keys(answer.body).sort()).toEqual(Object.keys(uncut.body).sort());
      expect(answer.body.id).toEqual(expect.any(Number));
      expect(await write.stored(marker, post)).toBe(1);
    },
  },
  {
    cut: 'before-commit',
    expected: 'is answered 503 and wrote nothing',
    async check(write, marker, post, answer) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.code).toBe('service_unavailable');
      expect(await write.stored(marker, post)).toBe(0);
      expect(write.files(marker)).toEqual([]);
    },
  },
];

describe.skipIf(!ON_POSTGRES)('a write whose connection is cut at its COMMIT', () => {
  for (const write of WRITES) {
    for (const { cut, expected, check } of CASES) {
      it(`${write.name}, cut ${cut}, ${expected}`, { timeout: 60_000 }, async () => {
        const marker = `cut${cut.replace('-', '')}${write.name.replace(/\W/g, '')}`;
        const post = await write.prepare();
        let cutMade = false;
        void proxy.cutNextCommit(cut, write.announces).then(() => (cutMade = true));
        const answer = await write.send(marker, post);
        // The cut was made at this write's COMMIT, before its answer.
        expect(cutMade).toBe(true);
        await check(write, marker, post, answer);
      });
    }
  }
});
