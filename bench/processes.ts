// Child processes for benchmarks: the site and the floor server, each on its own port.
import fs from 'node:fs';
import { spawn } from 'node:child_process';

export interface ChildSite {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <args>` and resolves once it prints the address it is ready at. */
export function startProcess(args: string[], env: Record<string, string> = {}): Promise<ChildSite> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const exitedEarly = (code: number | null) => reject(new Error(`${args[0]} exited with ${code} before it was ready:\n${output}`));
    child.once('exit', exitedEarly);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/[^\s/]+)/.exec(output);
      if (!match) return;
      // Later output must not resolve again; it is still drained so the child never blocks.
      child.stdout.off('data', onOutput);
      child.stdout.resume();
      child.off('exit', exitedEarly);
      resolve({
        pid: child.pid!,
        url: match[1],
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onOutput);
  });
}

/** The process's peak resident set size (Linux's VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU time the process has used so far (user + system, all threads), in seconds; Linux only (NaN elsewhere). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks, USER_HZ = 100 on Linux
  } catch {
    return NaN;
  }
}

/** The processes `parent` started (a site's worker processes; a PostgreSQL cluster's backends), as they are now; Linux only. */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command name (which may hold spaces).
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}
