// One app per data folder: whichever mode starts first (the desktop window's site, browser
// mode) holds the folder, and a second start is told where the running one is, instead of
// opening the same database beside it and moving to another address (whose browser storage,
// the unsaved-text journal included, would be another). The lock file names the holder's
// process, so a lock left by a crash is taken over at once; plain Node, as the app host.
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'app.lock';

interface LockContent {
  pid: number;
  /** The running app's address, once it listens. */
  address: string | null;
}

/** Another start of the app holds the data folder. */
export class AppAlreadyRunning extends Error {
  constructor(readonly dataDir: string, readonly address: string | null) {
    super(address
      ? `Inkwell is already running with this data folder (${dataDir}), at ${address}. Use that window or tab; to open it anew, stop that app and start again.`
      : `Inkwell is already starting with this data folder (${dataDir}). Use that window or tab once it is ready.`);
    this.name = 'AppAlreadyRunning';
  }
}

export interface DataFolderLock {
  /** Records where the app answers, for a second start to say. */
  setAddress(address: string): void;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' ? { pid: content.pid, address: typeof content.address === 'string' ? content.address : null } : null;
  } catch {
    return null;
  }
}

/** Takes the data folder for this process, or throws AppAlreadyRunning naming the running app's address. */
export function lockDataFolder(dataDir: string): DataFolderLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const write = (content: LockContent, flag: 'wx' | 'w') => fs.writeFileSync(file, `${JSON.stringify(content)}\n`, { flag });
  for (;;) {
    try {
      write({ pid: process.pid, address: null }, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(file);
    // A lock being written (no content yet) is held; one whose process is gone is left by a crash.
    if (holder === null && fs.statSync(file).mtimeMs > Date.now() - 5_000) throw new AppAlreadyRunning(dataDir, null);
    if (holder !== null && isAlive(holder.pid)) throw new AppAlreadyRunning(dataDir, holder.address);
    fs.rmSync(file, { force: true });
  }
  let held = true;
  return {
    setAddress: (address) => write({ pid: process.pid, address }, 'w'),
    release: () => {
      if (!held) return;
      held = false;
      if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}
