// npm run bench:sync — a remote of 1,000 posts (about 1 KB of content each) in its own
// process on loopback, and the app's sync against it: the first pull, an incremental sync
// after 10 remote changes, and a push of 100 new local drafts. Each is a whole syncSite run
// (pull, media, push), timed from the call to its summary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedPosts } from './seed.ts';
import { startProcess } from './processes.ts';
import { fileKeyCipher, keyFileBeside } from '../server/auth/secret-cipher.ts';
import { connectSite } from '../electron/remote/connect.ts';
import { RemoteSites } from '../electron/remote/remote-sites.ts';
import { openWorkspace } from '../electron/remote/workspace.ts';
import { syncSite, type SyncRunSummary } from '../electron/remote/sync.ts';

const POSTS = 1000;
const CHANGES = 10;
const DRAFTS = 100;
const TARGETS = { first: 5000, incremental: 300, push: 3000 };

async function timed(label: string, target: number, work: () => Promise<SyncRunSummary>): Promise<void> {
  const started = performance.now();
  const run = await work();
  const ms = performance.now() - started;
  if (run.result !== 'ok') throw new Error(`${label}: ${run.result} ${run.message}`);
  console.log(`${label.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms  (target < ${target} ms${ms < target ? '' : ', MISSED'})  pulled ${run.pulled}, pushed ${run.pushed}`);
}

async function main(): Promise<void> {
  const remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-remote-'));
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-app-'));
  console.log(`Seeding ${POSTS} posts on the remote …`);
  const seeded = seedPosts(remoteDir, POSTS);
  const remote = await startProcess(['server/cli.ts', '--data', remoteDir, '--port', '0']);
  const sites = new RemoteSites(appDir, fileKeyCipher(keyFileBeside(appDir)));
  const { site } = await connectSite(sites, remote.url, { login: 'admin', password: seeded.appPassword });
  const workspace = openWorkspace(sites, site.id);
  try {
    await timed(`first pull of ${POSTS} posts`, TARGETS.first, () => syncSite(workspace));

    const auth = { authorization: `Basic ${Buffer.from(`admin:${seeded.appPassword}`).toString('base64')}`, 'content-type': 'application/json' };
    for (let n = 0; n < CHANGES; n++) {
      const response = await fetch(`${remote.url}/cms-json/cms/v2/posts/${seeded.batchIds[n]}`, { method: 'POST', headers: auth, body: JSON.stringify({ title: `Changed ${n}` }) });
      if (!response.ok) throw new Error(`change ${n}: ${response.status}`);
    }
    await timed(`incremental sync, ${CHANGES} remote changes`, TARGETS.incremental, () => syncSite(workspace));

    const user = { id: 1, login: 'admin', role: 'administrator' };
    for (let n = 0; n < DRAFTS; n++) {
      const body = { title: `Offline draft ${n}`, content: `<!-- wp:paragraph -->\n<p>${'Written offline. '.repeat(60)}</p>\n<!-- /wp:paragraph -->` };
      const response = await workspace.local.dispatch({ method: 'POST', path: '/cms/v2/posts', query: {}, headers: {}, body, user });
      if (response.status !== 201) throw new Error(`draft ${n}: ${response.status}`);
    }
    await timed(`push of ${DRAFTS} new drafts`, TARGETS.push, () => syncSite(workspace));
  } finally {
    workspace.close();
    await remote.stop();
    fs.rmSync(remoteDir, { recursive: true, force: true });
    fs.rmSync(appDir, { recursive: true, force: true });
  }
}

await main();
