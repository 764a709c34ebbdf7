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
