// A process that holds a SQLite file's write lock or changes its schema when the test says
// (lock-holder-child.cjs), as another instance on the same --data folder or a CLI command would:
// what the site does meanwhile is then seen from outside its own process, and no wait of the
// site's can hold the holder.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lock-holder-child.cjs');

export interface LockHolder {
  /** Resolves once the other process says it holds the write lock. */
  lock(): Promise<void>;
  /** Resolves once the other process says it has let the lock go (nothing written). */
  release(): Promise<void>;
  /** Resolves once the other process changes the file's schema without pause. */
  changeSchema(): Promise<void>;
  /** Resolves once the other process has stopped changing the schema. */
  stopChangingSchema(): Promise<void>;
  /** Ends the process. */
  close(): Promise<void>;
}

export async function startLockHolder(databaseFile: string): Promise<LockHolder> {
  const child = spawn(process.execPath, [CHILD, databaseFile], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: { line: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next?.line === line) next.resolve();
    else next?.reject(new Error(`The lock holder said "${line}", not "${next.line}"`));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => waiting.splice(0).forEach((next) => next.reject(new Error('The lock holder ended'))));
  const said = (line: string) => new Promise<void>((resolve, reject) => waiting.push({ line, resolve, reject }));
  const ask = (command: string, answer: string) => {
    const answered = said(answer);
    child.stdin.write(`${command}\n`);
    return answered;
  };
  await said('ready');
  return {
    lock: () => ask('lock', 'locked'),
    release: () => ask('release', 'released'),
    changeSchema: () => ask('change', 'changing'),
    stopChangingSchema: () => ask('still', 'still'),
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
