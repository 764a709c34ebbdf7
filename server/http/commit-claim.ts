// Who may end a write handed to a worker process: the front, by answering 503 when it waited
// too long, or the worker, by committing. Exactly one of them wins, so that a 503 always means
// nothing was written and a committed write is always answered by the worker. The claim is a
// file renamed from `<id>.running` to `<id>.given-up` or `<id>.committing`: a rename is atomic,
// and of two renames of one file only the first finds it. A file, not a message: the worker's
// event loop may be held by a stalled database, and it asks synchronously, just before it commits.
import fs from 'node:fs';
import path from 'node:path';

/** Renames `from` to `to`; true when this call did it or it was done before (`to` is there). */
function claim(dir: string, id: number, from: string, to: string): boolean {
  const target = path.join(dir, `${id}.${to}`);
  try {
    fs.renameSync(path.join(dir, `${id}.${from}`), target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return fs.existsSync(target);
  }
}

/** The front's side: a claim per write handed over, given up only if the write has not committed. */
export class CommitClaims {
  private next = 1;

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  take(): number {
    const id = this.next++;
    fs.writeFileSync(path.join(this.dir, `${id}.running`), '');
    return id;
  }

  /** True when the write is given up before it committed anything (its commit will be refused). */
  giveUp(id: number): boolean {
    return claim(this.dir, id, 'running', 'given-up');
  }

  /** The worker is done with the request. */
  release(id: number): void {
    for (const state of ['running', 'given-up', 'committing']) fs.rmSync(path.join(this.dir, `${id}.${state}`), { force: true });
  }
}

/** The worker's side: whether a write may commit now (and, once it has, it may again). */
export function mayCommit(dir: string, id: number): boolean {
  return claim(dir, id, 'running', 'committing');
}
