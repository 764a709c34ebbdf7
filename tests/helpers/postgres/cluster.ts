// A throw-away PostgreSQL cluster for tests: Debian's server (installed when missing), a
// data directory and socket directory in a temp dir (in memory where the machine has one), a
// free loopback port; stop() deletes it.
// As root the server runs as the postgres user (it refuses root), which owns the temp dir.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface PostgresCluster {
  port: number;
  /** The server's data directory (to stop and start it again in tests of a restart). */
  dataDir: string;
  /** A postgres:// address of one database of the cluster, as the superuser (trust on loopback). */
  url(database: string): string;
  /** pg_ctl start/stop on the cluster, as its owner. */
  pgCtl(...args: string[]): void;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error('Debian\'s postgresql package installed no server under /usr/lib/postgresql.');
  return path.join(root, versions[0]!, 'bin');
}

export interface ClusterOptions {
  /**
   * PostgreSQL's own defaults (fsync, synchronous commit, full page writes: a commit waits for
   * the disk) and its files on the disk, as a production server runs; else durability is traded
   * for speed, as tests may.
   */
  durable?: boolean;
}

/**
 * Where a cluster that need not be durable keeps its files: the memory file system (tmpfs) where
 * the machine has one with room, else the temp dir. Each test site's database is a copy of a
 * template, some 300 files made and, when the site closes, deleted: on the disk's ext4, each file
 * made among so many just deleted made the kernel search its inode tables (`recently_deleted`),
 * about half of the test server's CPU (perf over a site-postgres run, issue 30); in memory that
 * costs nothing. The room asked for is well above what a run holds at once (~200 MB: a site of
 * 10,000 items), so that a container's small /dev/shm is left alone.
 */
const MEMORY_DIR = '/dev/shm';
const MEMORY_ROOM_BYTES = 2 * 1024 ** 3;

/** The memory file system's directory, when this process may write there and it has room. */
export function memoryDirWithRoom(): string | undefined {
  try {
    fs.accessSync(MEMORY_DIR, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(MEMORY_DIR);
    return bavail * bsize >= MEMORY_ROOM_BYTES ? MEMORY_DIR : undefined;
  } catch {
    return undefined;
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  if (!fs.existsSync('/usr/lib/postgresql')) execFileSync(path.join(HERE, '..', 'install-debian-packages.sh'), ['postgres', 'postgresql'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const bin = binDir();
  const root = fs.mkdtempSync(path.join((!options.durable && memoryDirWithRoom()) || os.tmpdir(), 'inkwell-postgres-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  fs.mkdirSync(socketDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', root]);
  const asOwner = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, command), asRoot ? ['-u', 'postgres', '--', path.join(bin, command), ...args] : args, { stdio: ['ignore', 'ignore', 'pipe'] });
  asOwner('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  // Durability is not under test here: no fsync makes each test database cheap to create.
  const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const serverOptions = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=300${fast}`;
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', path.join(root, 'server.log'), '-w', ...args]);
  pgCtl('start');
  return {
    port,
    dataDir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    pgCtl,
    stop() {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
