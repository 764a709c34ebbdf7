// npm run bench:host — where should the desktop app run its local site: in the Electron
// main process, or in a process of its own (a utility process)? The main process must stay
// responsive (menus, window moves, IPC), so this measures how long the host's event loop
// is blocked while the editor's heaviest requests run against a site of 10,000 posts:
// once with the site in this process (as electron/app-host.ts runs it now) and once with
// the site in a child process. The load comes from a third process in both runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { serveSite } from '../server/http.ts';
import { seedPosts } from './seed.ts';
import { photo } from './photo.ts';
import { startProcess } from './processes.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);

interface Row {
  workload: string;
  ms: number;
  p99: number;
  max: number;
}

/** Runs the workloads against `siteUrl`, sampling this process's event-loop delay during each. */
function measure(siteUrl: string, password: string, photoFile: string): Promise<Row[]> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const load = fork(path.join(import.meta.dirname, 'host-load.ts'), [siteUrl, password, photoFile], { execArgv: ['--import', 'tsx'] });
  const rows: Row[] = [];
  return new Promise((resolve, reject) => {
    load.on('message', (message: { phase: string; name: string; ms: number }) => {
      if (message.phase === 'start') {
        histogram.reset();
        load.send('go');
      } else if (message.phase === 'end') {
        rows.push({ workload: message.name, ms: message.ms, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
      } else {
        histogram.disable();
        resolve(rows);
      }
    });
    load.once('exit', (code) => { if (code) reject(new Error(`the load process exited with ${code}`)); });
  });
}

function seededCopy(source: string): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-host-'));
  fs.cpSync(source, copy, { recursive: true });
  return copy;
}

async function main(): Promise<void> {
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-host-seed-'));
  console.log(`Seeding ${POSTS} posts …`);
  const { appPassword } = seedPosts(seedDir, POSTS);
  const photoFile = path.join(seedDir, 'photo.jpg');
  fs.writeFileSync(photoFile, await photo());

  const inProcessDir = seededCopy(seedDir);
  const running = await serveSite({ dataDir: inProcessDir, deployment: 'a', host: '127.0.0.1', port: 0 });
  console.log('Site in the host process …');
  const inProcess = await measure(running.url, appPassword, photoFile);
  await running.close();

  const childDir = seededCopy(seedDir);
  const child = await startProcess(['server/cli.ts', '--data', childDir, '--port', '0']);
  console.log('Site in a process of its own …');
  const separate = await measure(child.url, appPassword, photoFile);
  await child.stop();
  for (const dir of [seedDir, inProcessDir, childDir]) fs.rmSync(dir, { recursive: true, force: true });

  console.log('\nhost event loop blocked (ms): p99 / max, and the workload\'s time');
  console.log(`${'workload'.padEnd(44)} ${'in host: p99  max   time'.padStart(26)} ${'own process: p99  max   time'.padStart(30)}`);
  inProcess.forEach((row, index) => {
    const other = separate[index];
    const cells = (r: Row) => `${r.p99.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(6)} ${r.ms.toFixed(0).padStart(6)}`;
    console.log(`${row.workload.padEnd(44)} ${cells(row).padStart(26)} ${cells(other).padStart(30)}`);
  });
  const worst = Math.max(...inProcess.map((row) => row.max));
  console.log(`\nWorst block of the host's event loop with the site inside it: ${worst.toFixed(1)} ms (a frame is 16.7 ms).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
