// The processes of a test's own PostgreSQL cluster, to pause it as a stalled database server
// is paused (SIGSTOP to each with signalAll, SIGCONT to resume): for the tests of a slow or stalled database.
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
