// Pausing a test's own PostgreSQL cluster as a stalled database server does (SIGSTOP on every
// process of it, SIGCONT to resume): for the tests of a slow or stalled database.
import fs from 'node:fs';
import path from 'node:path';
import type { PostgresCluster } from './cluster.ts';

/** The cluster's postmaster and every process it started (its backends among them). */
export function clusterProcesses(cluster: PostgresCluster): number[] {
  const postmaster = Number(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      // The parent's pid is the fourth field, after the name in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
    } catch {
      return false; // gone meanwhile
    }
  }).map(Number);
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
