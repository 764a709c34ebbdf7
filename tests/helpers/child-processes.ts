// The processes a process started, read from /proc (Linux): a PostgreSQL server's backends, the
// worker processes of an instance served with --workers.
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
