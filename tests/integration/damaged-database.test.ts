// A site's SQLite file as an operator may find it after a fault: empty, truncated, with a
// damaged header or a damaged page in the middle, in a folder that cannot be written, on a
// disk that is full. A damaged file stops the start with a message that names it and says
// to restore a backup, and is left as it was (never set up as a new site); a full disk
// answers writes 507 with Retry-After, keeps what was saved and writes again once there is room.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { fillDiskBut } from '../helpers/fill-disk.ts';
import { openDatabase } from '../../server/store/sqlite.ts';
import { siteCliArgs } from '../helpers/site-cli/command.ts';

const sqlite = { url: undefined, drop: () => {} };
let instances: InstanceSet | undefined;
const mounts: string[] = [];
afterEach(async () => {
  for (const mount of mounts.splice(0)) spawnSync('umount', ['-l', mount]);
  await instances?.close();
  instances = undefined;
});

/** A site with enough posts for its file to have pages in the middle, stopped, its WAL checkpointed into the file. */
async function siteWithPosts(): Promise<InstanceSet> {
  const set = prepareInstances(sqlite);
  const instance = await set.start();
  const content = 'A sentence that fills a page of the file. '.repeat(60);
  for (let index = 0; index < 120; index++) {
    const created = await request(`${instance.api}cms/v2/posts`, { method: 'POST', headers: { authorization: set.editorAuth }, body: { title: `Post ${index}`, content, status: 'draft' } });
    expect(created.status).toBe(201);
  }
  await set.kill(instance);
  set.cli('app-password', 'list', '--user', 'editor'); // the last connection to close checkpoints the WAL into the file
  return set;
}

/** The stopped site with posts, made once; each test damages a copy of it. */
let template: InstanceSet;
beforeAll(async () => {
  template = await siteWithPosts();
}, 90_000);
afterAll(() => template?.close());

function copyOfSite(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'damaged-'));
  fs.cpSync(template.dataDir, folder, { recursive: true });
  copies.push(folder);
  return folder;
}
const copies: string[] = [];
afterAll(() => {
  for (const folder of copies) fs.rmSync(folder, { recursive: true, force: true });
});

/** Starts the site on the folder as an operator does; its exit code and what it printed (a site that starts is stopped after 20 s: status null). */
function startOn(dataDir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, siteCliArgs('--data', dataDir, '--port', '0'), { encoding: 'utf8', timeout: 20_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

type Damage = (file: string) => void;

const DAMAGES: [string, Damage][] = [
  ['empty (0 bytes)', (file) => fs.truncateSync(file, 0)],
  ['truncated to half', (file) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2 / 4096) * 4096)],
  ['a damaged header', (file) => {
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.from('this is no database at all!!'), 0, 28, 0);
    fs.closeSync(fd);
  }],
  ['a damaged page in the middle', (file) => {
    // Leaf pages of the posts table, from SQLite's own page map, overwritten with bytes that are no page of SQLite's.
    const db = openDatabase(file);
    const leaves = (db.prepare("SELECT pageno FROM dbstat WHERE name = 'posts' AND pagetype = 'leaf' ORDER BY pageno").all() as { pageno: number }[]).map((row) => row.pageno);
    db.close();
    expect(leaves.length).toBeGreaterThan(4);
    const fd = fs.openSync(file, 'r+');
    for (const page of leaves.slice(Math.floor(leaves.length / 2), Math.floor(leaves.length / 2) + 2)) fs.writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096);
    fs.closeSync(fd);
  }],
];

describe('a damaged database file', () => {
  it.each(DAMAGES)('%s stops the start with a message that names the file, and is left as it was', async (_name, damage) => {
    const folder = copyOfSite();
    const file = path.join(folder, 'site.db');
    for (const side of ['-wal', '-shm']) fs.rmSync(`${file}${side}`, { force: true });
    expect(fs.statSync(file).size).toBeGreaterThan(4096 * 8);
    damage(file);
    const before = fs.readFileSync(file);
    const started = startOn(folder);
    expect(started.status).not.toBe(0);
    expect(started.output).toContain(file);
    expect(started.output).toContain('Restore it from a backup');
    expect(started.output).not.toContain('Account password');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });
});

/** Whether this process may mount a file system (root in a namespace that allows it). */
function canMount(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'mount-probe-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]).status === 0;
  if (mounted) spawnSync('umount', [probe]);
  fs.rmSync(probe, { recursive: true, force: true });
  return mounted;
}

/** A tmpfs of `size` mounted over `folder` (a new one if none is given), with what the folder held; unmounted after the test. */
function smallDisk(size: string, folder = fs.mkdtempSync(path.join(os.tmpdir(), 'small-disk-'))): string {
  const held = fs.mkdtempSync(path.join(os.tmpdir(), 'held-'));
  fs.cpSync(folder, held, { recursive: true });
  expect(spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder]).status).toBe(0);
  mounts.push(folder);
  fs.cpSync(held, folder, { recursive: true });
  fs.rmSync(held, { recursive: true, force: true });
  return folder;
}

const mountable = canMount();

describe('a folder the site cannot write to', () => {
  it('stops the start with a message that names the file and the folder', async () => {
    let folder = copyOfSite();
    if (mountable) {
      // As root, permissions do not stop a write: a file system mounted read-only does.
      folder = smallDisk('16m', folder);
      expect(spawnSync('mount', ['-o', 'remount,ro', folder]).status).toBe(0);
    } else {
      fs.chmodSync(path.join(folder, 'site.db'), 0o444);
      fs.chmodSync(folder, 0o555);
    }
    try {
      const started = startOn(folder);
      expect(started.status).not.toBe(0);
      expect(started.output).toContain(path.join(folder, 'site.db'));
      expect(started.output).toMatch(/cannot be opened for writing|read-only|readonly/i);
    } finally {
      if (!mountable) fs.chmodSync(folder, 0o755);
    }
  });
});

describe('a full disk', () => {
  it('answers writes 507 with Retry-After, keeps what was saved, and writes again once there is room', { timeout: 90_000 }, async (context) => {
    if (!mountable) {
      console.log('NOT TESTED here: filling a disk needs a small tmpfs, and mounting one needs root (CI runs as root).');
      context.skip();
    }
    instances = prepareInstances(sqlite);
    const disk = smallDisk('24m', instances.dataDir);
    const instance = await instances.start();
    const posts = `${instance.api}cms/v2/posts`;
    const headers = { authorization: instances.editorAuth };
    const saved = await request(posts, { method: 'POST', headers, body: { title: 'Saved before the disk filled', status: 'draft' } });
    expect(saved.status).toBe(201);
    // What else fills the disk: another program's file, leaving the database little room.
    const filler = fillDiskBut(disk, 256 * 1024);
    const big = 'Words that need room on the disk. '.repeat(3000);
    let answer = await request(posts, { method: 'POST', headers, body: { title: 'Refused', content: big, status: 'draft' } });
    for (let tries = 0; answer.status === 201 && tries < 40; tries++) answer = await request(posts, { method: 'POST', headers, body: { title: 'Refused', content: big, status: 'draft' } });
    expect(answer.status).toBe(507);
    expect(answer.body.code).toBe('insufficient_storage');
    expect(answer.body.message).toMatch(/disk is full/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    const kept = await request(`${posts}/${saved.body.id}`, { headers, query: { context: 'edit' } });
    expect(kept.body.title.raw).toBe('Saved before the disk filled');

    fs.rmSync(filler);
    const again = await request(posts, { method: 'POST', headers, body: { title: 'Saved once there is room', status: 'draft' } });
    expect(again.status).toBe(201);
  });
});
