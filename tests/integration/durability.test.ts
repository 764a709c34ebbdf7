// Acknowledged writes survive the site's process being killed outright (SIGKILL, no chance
// to close anything): the site runs as a child process, is killed after its answers, and a
// new process on the same data directory still has every write.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../server/store/sqlite-store.ts';
import { initialiseSite } from '../../server/initialise.ts';
import { appPasswordCreateCommand, createUserCommand } from '../../server/auth/account-commands.ts';
import { siteCliArgs } from '../helpers/site-cli/command.ts';
import { fetchOnce } from '../helpers/http-request.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'durability-'));
const children = new Set<ChildProcess>();
let auth: Record<string, string>;

beforeAll(() => {
  // The accounts are made the way the CLI makes them, before any site process runs.
  const store = new SqliteStore(path.join(dataDir, 'site.db'));
  try {
    initialiseSite(store);
    createUserCommand(store, { login: 'writer', role: 'editor', password: 'writer-account-password' });
    const { password } = appPasswordCreateCommand(store, { login: 'writer', name: 'durability' });
    auth = { authorization: `Basic ${Buffer.from(`writer:${password}`).toString('base64')}`, 'content-type': 'application/json' };
  } finally {
    store.close();
  }
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface SiteProcess {
  child: ChildProcess;
  api: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the site in one process (node on the compiled entry, not the tsx wrapper, so that a
 * signal reaches the server itself) and resolves once it prints its API root.
 */
function start(): Promise<SiteProcess> {
  const child = spawn(process.execPath, siteCliArgs('--data', dataDir, '--port', '0'), { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /API root: (\S+)\n/.exec(output);
      if (ready) resolve({ child, api: ready[1], exited });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then(({ code, signal }) => reject(new Error(`the site exited (${code ?? signal}) before it was ready: ${output}`)));
  });
}

async function killHard(site: SiteProcess): Promise<void> {
  site.child.kill('SIGKILL');
  expect(await site.exited).toEqual({ code: null, signal: 'SIGKILL' });
  // Really gone: no process left holding the database.
  expect(() => process.kill(site.child.pid!, 0)).toThrow();
}

/** One request; no connection is kept, so a SIGTERM after it need not wait out a client's idle keep-alive. */
async function call(site: SiteProcess, route: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetchOnce(`${site.api}${route}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('a site killed with SIGKILL', () => {
  it('keeps a post it answered 201 for', { timeout: 60_000 }, async () => {
    const first = await start();
    const created = await call(first, 'cms/v2/posts', 'POST', { title: 'Survives a kill', content: 'Written just before.', status: 'publish' });
    expect(created.status).toBe(201);
    const postId = created.body.id;
    await killHard(first);

    const second = await start();
    try {
      const read = await call(second, `cms/v2/posts/${postId}?context=edit`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: postId, status: 'publish', title: { raw: 'Survives a kill' }, content: { raw: 'Written just before.' } });
      const anonymous = await (await fetch(`${second.api}cms/v2/posts?search=Survives`)).json();
      expect(anonymous.map((post: { id: number }) => post.id)).toEqual([postId]);
    } finally {
      await killHard(second);
    }
  });

  it('keeps every write of a burst: creates, updates with revisions, autosaves, trash and deletes', { timeout: 60_000 }, async () => {
    const site = await start();
    const written = await call(site, 'cms/v2/posts', 'POST', { title: 'Written first', content: 'Kept.', status: 'publish' });
    expect(written.status).toBe(201);
    const postId = written.body.id;
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, n) => call(site, 'cms/v2/posts', 'POST', { title: `Burst ${n}`, content: `Item ${n}`, status: 'publish' })),
    );
    expect(burst.map((result) => result.status)).toEqual(Array(20).fill(201));
    const ids = burst.map((result) => result.body.id as number);
    const updated = await call(site, `cms/v2/posts/${postId}`, 'POST', { title: 'Updated before the kill' });
    expect(updated.status).toBe(200);
    const autosaved = await call(site, `cms/v2/posts/${ids[0]}/autosaves`, 'POST', { title: 'Burst 0', content: 'Autosaved text', excerpt: '' });
    expect(autosaved.status).toBe(200);
    expect((await call(site, `cms/v2/posts/${ids[1]}`, 'DELETE')).status).toBe(200);
    expect((await call(site, `cms/v2/posts/${ids[2]}?force=true`, 'DELETE')).status).toBe(200);
    const page = await call(site, 'cms/v2/pages', 'POST', { title: 'A page too', status: 'draft' });
    expect(page.status).toBe(201);
    await killHard(site);

    const again = await start();
    try {
      const survivor = await call(again, `cms/v2/posts/${postId}?context=edit`);
      expect(survivor.body.title.raw).toBe('Updated before the kill');
      const revisions = await call(again, `cms/v2/posts/${postId}/revisions?context=edit`);
      expect(revisions.body[0].title.raw).toBe('Updated before the kill');
      const autosaves = await call(again, `cms/v2/posts/${ids[0]}/autosaves?context=edit`);
      expect(autosaves.body.map((item: { content: { raw: string } }) => item.content.raw)).toEqual(['Autosaved text']);
      expect((await call(again, `cms/v2/posts/${ids[1]}?context=edit`)).body.status).toBe('trash');
      expect((await call(again, `cms/v2/posts/${ids[2]}`)).status).toBe(404);
      const listed = await call(again, `cms/v2/posts?search=Burst&per_page=100`);
      expect(listed.body.map((post: { id: number }) => post.id).sort((a: number, b: number) => a - b)).toEqual(ids.slice(3).concat(ids[0]).sort((a, b) => a - b));
      expect((await call(again, `cms/v2/pages/${page.body.id}?context=edit`)).body.title.raw).toBe('A page too');
      // The credential made before the first start still works after a kill.
      expect((await call(again, 'cms/v2/users/me')).status).toBe(200);
    } finally {
      // A clean stop this time: exit code 0, and the write-ahead log folded into the database.
      again.child.kill('SIGTERM');
      expect(await again.exited).toEqual({ code: 0, signal: null });
    }
    const wal = path.join(dataDir, 'site.db-wal');
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  });

  it('keeps every write it answered while others were in flight: concurrent creates and batches share commits, each answered after its own', { timeout: 60_000 }, async () => {
    const site = await start();
    const targets = await Promise.all(Array.from({ length: 5 }, (_, n) => call(site, 'cms/v2/posts', 'POST', { title: `Batch target ${n}`, status: 'publish' })));
    const targetIds = targets.map((result) => result.body.id as number);
    const created: number[] = [];
    let batchAnswered = 0;
    let killed = false;
    const killAfter = 60;
    const answered = () => {
      // Killed with requests of every kind in flight, as an answer arrives.
      if (!killed && created.length + batchAnswered >= killAfter) {
        killed = true;
        site.child.kill('SIGKILL');
      }
    };
    const creator = async (writer: number) => {
      for (let n = 0; !killed; n++) {
        const result = await call(site, 'cms/v2/posts', 'POST', { title: `Stream ${writer} ${n}`, content: 'Streamed.', status: 'publish' }).catch(() => null);
        if (!result) return;
        expect(result.status).toBe(201);
        created.push(result.body.id);
        answered();
      }
    };
    const batcher = async () => {
      for (let round = 1; !killed; round++) {
        const requests = targetIds.map((id) => ({ method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: `Round ${round}` } }));
        const response = await call(site, 'batch/v1', 'POST', { requests }).catch(() => null);
        if (!response) return;
        expect(response.status).toBe(207);
        expect(response.body.responses.map((item: { status: number }) => item.status)).toEqual(Array(targetIds.length).fill(200));
        batchAnswered = round;
        answered();
      }
    };
    await Promise.all([...Array.from({ length: 6 }, (_, writer) => creator(writer)), batcher(), batcher()]);
    expect((await site.exited).signal).toBe('SIGKILL');
    expect(created.length).toBeGreaterThanOrEqual(killAfter / 2);

    const again = await start();
    try {
      for (const id of created) expect((await call(again, `cms/v2/posts/${id}?context=edit`)).status, `post ${id}`).toBe(200);
      // Each batch target has its round's title or a later one's (a batch in flight at the kill may have landed too).
      for (const id of targetIds) {
        const round = Number(/^Round (\d+)$/.exec((await call(again, `cms/v2/posts/${id}?context=edit`)).body.title.raw)?.[1] ?? 0);
        expect(round, `post ${id}`).toBeGreaterThanOrEqual(batchAnswered);
      }
      // The search index (derived, written after the answers) has every answered create.
      const found = new Set<number>();
      for (let page = 1; ; page++) {
        const listed = await call(again, `cms/v2/posts?search=Streamed&per_page=100&page=${page}`);
        for (const post of listed.body as { id: number }[]) found.add(post.id);
        if ((listed.body as unknown[]).length < 100) break;
      }
      expect(created.filter((id) => !found.has(id))).toEqual([]);
      // And holds the batch targets' words as they stand: their saved titles, not the ones they were created with.
      for (const id of targetIds) {
        const title = (await call(again, `cms/v2/posts/${id}?context=edit`)).body.title.raw as string;
        const listed = await call(again, `cms/v2/posts?search=${encodeURIComponent(`"${title}"`)}&per_page=100`);
        expect((listed.body as { id: number }[]).map((post) => post.id), title).toContain(id);
      }
      expect((await call(again, 'cms/v2/posts?search=Batch%20target')).body).toEqual([]);
    } finally {
      await killHard(again);
    }
  });
});
