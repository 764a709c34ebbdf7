// Pausing a test's own PostgreSQL cluster as a stalled database server does (SIGSTOP on every
// process of it, SIGCONT to resume): for the tests of a slow or stalled database.
import fs from 'node:fs';
import path from 'node:path';
import type { PostgresCluster } from './cluster.ts';
import { childProcesses } from '../child-processes.ts';

/** The cluster's postmaster and every process it started (its backends among them). */
export function clusterProcesses(cluster: PostgresCluster): number[] {
  const postmaster = Number(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = childProcesses(postmaster);
  return [postmaster, ...children];
}

export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // a process that ended meanwhile
    }
  }
}
