// A PostgreSQL cluster of the test's own with one site database and the instances' data
// directory (accounts made), for the tests that stop, pause or cut the database: doing that to
// the run's shared cluster would hold every other test. pause() stops every process of the
// cluster (SIGSTOP, as a stalled server), resume() lets them go on; close() resumes first.
import { prepareInstances, type InstanceSet } from '../instances.ts';
import { signalAll } from '../child-processes.ts';
import { startCluster, type PostgresCluster } from './cluster.ts';
import { adminQuery } from './databases.ts';
import { clusterProcesses } from './pause.ts';

export interface OwnCluster {
  cluster: PostgresCluster;
  instances: InstanceSet;
  /** The editor's credentials, as request headers. */
  headers: Record<string, string>;
  /** Runs one statement on the site's database (not while paused). */
  query(sql: string): void;
  pause(): void;
  resume(): void;
  /** Runs `work` with the cluster paused, and resumes it however `work` ends. */
  whilePaused<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function ownClusterInstances(): Promise<OwnCluster> {
  const cluster = await startCluster();
  adminQuery(cluster.url('postgres'), 'CREATE DATABASE site');
  const instances = prepareInstances({ url: cluster.url('site'), drop: () => undefined });
  let paused: number[] = [];
  const resume = () => {
    signalAll(paused, 'SIGCONT');
    paused = [];
  };
  const pause = () => {
    paused = clusterProcesses(cluster);
    signalAll(paused, 'SIGSTOP');
  };
  return {
    cluster,
    instances,
    headers: { authorization: instances.editorAuth },
    query: (sql) => adminQuery(cluster.url('site'), sql),
    pause,
    resume,
    async whilePaused(work) {
      pause();
      try {
        return await work();
      } finally {
        resume();
      }
    },
    async close() {
      resume();
      await instances.close();
      cluster.stop();
    },
  };
}

/** The options of an instance served by two workers, each request given up after `requestTimeoutMs` (the stall tests' shape). */
export function workersShape(requestTimeoutMs: number): string[] {
  return ['--workers', '2', '--request-timeout', String(requestTimeoutMs)];
}
