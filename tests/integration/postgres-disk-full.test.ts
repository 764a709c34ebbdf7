// A site on PostgreSQL whose database's disk fills (disk_full, SQLSTATE 53100): writes are
// answered 507 with Retry-After and a message in words, nothing is half written, what was
// saved stays, and writes go through again once there is room, with no restart. The
// database lives in a tablespace on a small tmpfs, so only its own files run out of room
// (the server's WAL stays on the cluster's disk, as an operator's separate volumes do).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { adminQuery, TEMPLATE_DATABASE } from '../helpers/postgres/databases.ts';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { fillDiskBut } from '../helpers/fill-disk.ts';

if (!ON_POSTGRES) console.warn('[site] postgres-disk-full.test.ts left out: it needs the site-postgres project\'s PostgreSQL cluster.');

const cleanUps: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

function mountSmallDisk(size: string): string | undefined {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-small-disk-'));
  cleanUps.push(() => fs.rmSync(folder, { recursive: true, force: true }));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder]).status !== 0) return undefined;
  cleanUps.push(() => spawnSync('umount', ['-l', folder]));
  // The server runs as the postgres user when the tests run as root (cluster.ts).
  spawnSync('chown', ['postgres:postgres', folder]);
  return folder;
}

it.skipIf(!ON_POSTGRES)('answers writes 507 with Retry-After when the database\'s disk is full, keeps what was saved, and writes again once there is room', { timeout: 120_000 }, async (context) => {
  const disk = mountSmallDisk('64m');
  if (!disk) {
    console.log('NOT TESTED here: filling a database\'s disk needs a small tmpfs, and mounting one needs root (CI runs as root).');
    context.skip();
    return;
  }
  const admin = inject('postgresAdminUrl');
  const name = `full_${randomBytes(6).toString('hex')}`;
  adminQuery(admin, `CREATE TABLESPACE ${name} LOCATION '${disk}'`);
  cleanUps.push(() => adminQuery(admin, `DROP TABLESPACE IF EXISTS ${name}`));
  adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} TABLESPACE ${name}`);
  const drop = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  cleanUps.push(drop);

  const instances: InstanceSet = prepareInstances({ url: admin.replace(/\/[^/]*$/, `/${name}`), drop: () => undefined });
  cleanUps.push(() => instances.close());
  const instance = await instances.start();
  const posts = `${instance.api}cms/v2/posts`;
  const headers = { authorization: instances.editorAuth };
  const saved = await request(posts, { method: 'POST', headers, body: { title: 'Saved before the disk filled', status: 'draft' } });
  expect(saved.status).toBe(201);

  // Another program's file takes nearly all the room that is left.
  const filler = fillDiskBut(disk, 256 * 1024);
  // Words that do not compress, so each post needs pages of its own.
  const words = () => randomBytes(60_000).toString('base64');
  const countBefore = (await request(posts, { headers, query: { status: 'draft', per_page: 100 } })).body.length;
  let answer = await request(posts, { method: 'POST', headers, body: { title: 'Refused', content: words(), status: 'draft' } });
  let acknowledged = 0;
  for (let tries = 0; answer.status === 201 && tries < 40; tries++) {
    acknowledged++;
    answer = await request(posts, { method: 'POST', headers, body: { title: 'Refused', content: words(), status: 'draft' } });
  }
  expect(answer.status).toBe(507);
  expect(answer.body.code).toBe('insufficient_storage');
  expect(answer.body.message).toMatch(/disk is full/);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  // The refused write left nothing; every acknowledged one is there.
  const listed = await request(posts, { headers, query: { status: 'draft', per_page: 100 } });
  expect(listed.body.length).toBe(countBefore + acknowledged);
  const kept = await request(`${posts}/${saved.body.id}`, { headers, query: { context: 'edit' } });
  expect(kept.body.title.raw).toBe('Saved before the disk filled');

  fs.rmSync(filler);
  const again = await request(posts, { method: 'POST', headers, body: { title: 'Saved once there is room', status: 'draft' } });
  expect(again.status).toBe(201);
});
