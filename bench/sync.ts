// npm run bench:sync — the app's sync against a remote of 1,000 posts (about 1 KB of
// content each) on loopback: this project's own site in its own process, then a real
// WordPress (Debian's package, as the tests start it; installed when missing). Against each:
// the first pull, an incremental sync after 10 remote changes, and a push of 100 new local
// drafts. Each is a whole syncSite run (pull, media, push), timed from the call to its summary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedPosts } from './seed.ts';
import { startProcess } from './processes.ts';
import { fileKeyCipher, keyFileBeside } from '../server/auth/secret-cipher.ts';
import { connectSite } from '../electron/remote/connect/connect.ts';
import { RemoteSites } from '../electron/remote/connect/remote-sites.ts';
import { openWorkspace } from '../electron/remote/workspace.ts';
import { syncSite } from '../electron/remote/sync.ts';
import type { SyncRunSummary } from '../electron/remote/store/sync-runs.ts';
import { runPhp, startWordPress } from '../tests/helpers/wordpress/wordpress.ts';
import { siteOf } from '../server/local-copy/site-copy.ts';

const POSTS = 1000;
const CHANGES = 10;
const DRAFTS = 100;
const TARGETS = { first: 5000, incremental: 300, push: 3000 };

interface BenchRemote {
  name: string;
  url: string;
  login: string;
  appPassword: string;
  /** The REST route of a post on the remote, for the changes made there. */
  postRoute(id: number): string;
  changedIds: number[];
  stop(): Promise<void>;
}

async function timed(label: string, target: number, work: () => Promise<SyncRunSummary>): Promise<void> {
  const started = performance.now();
  const run = await work();
  const ms = performance.now() - started;
  if (run.result !== 'ok') throw new Error(`${label}: ${run.result} ${run.message}`);
  console.log(`  ${label.padEnd(36)} ${ms.toFixed(0).padStart(6)} ms  (target < ${target} ms${ms < target ? '' : ', MISSED'})  pulled ${run.pulled}, pushed ${run.pushed}`);
}

async function ownSite(): Promise<BenchRemote> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-remote-'));
  const seeded = seedPosts(dataDir, POSTS);
  const remote = await startProcess(['server/cli.ts', '--data', dataDir, '--port', '0']);
  return {
    name: 'this project\'s own site', url: remote.url, login: 'admin', appPassword: seeded.appPassword,
    postRoute: (id) => `${remote.url}/cms-json/cms/v2/posts/${id}`, changedIds: seeded.batchIds.slice(0, CHANGES),
    async stop() {
      await remote.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function wordPress(): Promise<BenchRemote> {
  const wp = await startWordPress();
  const ids = JSON.parse(runPhp(wp, path.join('tests/helpers/wordpress/seed-posts.php'), [String(POSTS)])) as number[];
  return {
    name: 'WordPress 6.1 (Debian, PHP built-in server)', url: wp.url, login: wp.accounts.administrator.login, appPassword: wp.accounts.administrator.appPassword,
    postRoute: (id) => `${wp.apiRoot}wp/v2/posts/${id}`, changedIds: ids.slice(0, CHANGES), stop: wp.stop,
  };
}

async function bench(remote: BenchRemote): Promise<void> {
  console.log(`Against ${remote.name}, ${POSTS} posts:`);
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-app-'));
  const sites = new RemoteSites(appDir, fileKeyCipher(keyFileBeside(appDir)));
  const { site } = await connectSite(sites, remote.url, { login: remote.login, password: remote.appPassword });
  const workspace = openWorkspace(sites, site.id);
  try {
    await timed(`first pull of ${POSTS} posts`, TARGETS.first, () => syncSite(workspace));

    const auth = { authorization: `Basic ${Buffer.from(`${remote.login}:${remote.appPassword}`).toString('base64')}`, 'content-type': 'application/json' };
    for (const [n, id] of remote.changedIds.entries()) {
      const response = await fetch(remote.postRoute(id), { method: 'POST', headers: auth, body: JSON.stringify({ title: `Changed ${n}` }) });
      if (!response.ok) throw new Error(`change ${n}: ${response.status}`);
    }
    await timed(`incremental sync, ${CHANGES} remote changes`, TARGETS.incremental, () => syncSite(workspace));

    const user = { id: 1, login: 'admin', role: 'administrator' };
    for (let n = 0; n < DRAFTS; n++) {
      const body = { title: `Offline draft ${n}`, content: `<!-- wp:paragraph -->\n<p>${'Written offline. '.repeat(60)}</p>\n<!-- /wp:paragraph -->` };
      const response = await siteOf(workspace.local).dispatch({ method: 'POST', path: '/cms/v2/posts', query: {}, headers: {}, body, user });
      if (response.status !== 201) throw new Error(`draft ${n}: ${response.status}`);
    }
    await timed(`push of ${DRAFTS} new drafts`, TARGETS.push, () => syncSite(workspace));
  } finally {
    workspace.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const start of [ownSite, wordPress]) {
    const remote = await start();
    try {
      await bench(remote);
    } finally {
      await remote.stop();
    }
  }
}

await main();
