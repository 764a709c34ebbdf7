// The processes a process started, read from /proc (Linux), and signals to them: a PostgreSQL
// server's backends, the worker processes of an instance served with --workers.
import fs from 'node:fs';

/** The pids of the processes whose parent is `parent` (those that end meanwhile left out). */
export function childProcesses(parent: number): number[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      // The parent's pid is the fourth field, after the name in parentheses (which may hold spaces).
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
    } catch {
      return false; // gone meanwhile
    }
  }).map(Number);
}

/** The inodes of the sockets a process holds open (its fds'; none once it has ended). */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes; // ended
  }
  for (const fd of fds) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** The paths of the Unix sockets a process holds open (its fds' inodes, named in /proc/net/unix). */
export function unixSocketPaths(pid: number): string[] {
  const inodes = socketInodes(pid);
  // Num RefCount Protocol Flags Type St Inode Path
  return fs.readFileSync('/proc/net/unix', 'utf8').split('\n').slice(1).map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 8 && inodes.has(fields[6]!)).map((fields) => fields[7]!);
}

/**
 * The TCP ports a process listens on (IPv4: its fds' inodes in /proc/net/tcp, state 0A). A port
 * only bound, not listened on, is not there: the system refuses connections to it.
 */
export function listeningTcpPorts(pid: number): number[] {
  const inodes = socketInodes(pid);
  // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
  return fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1).map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 10 && fields[3] === '0A' && inodes.has(fields[9]!))
    .map((fields) => parseInt(fields[1]!.split(':')[1]!, 16));
}

/** Sends `signal` to each of `pids` (SIGSTOP to pause, SIGCONT to resume), past those that ended. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // a process that ended meanwhile
    }
  }
}
