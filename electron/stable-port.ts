// The app's local address stays the same from one start to the next: the renderer's
// origin includes the port, and what the editor keeps in its browser storage
// (localStorage, IndexedDB: the theme, the unsaved-text journal) belongs to that origin.
// The first start takes a free port and remembers it in the data folder; it never changes
// silently afterwards.
import fs from 'node:fs';
import path from 'node:path';

const PORT_FILE = 'app-port';

function savedPort(file: string): number {
  try {
    const port = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
  } catch {
    return 0;
  }
}

/** The app's own port is held by another program: the app does not move away from its storage silently. */
export class AppPortTaken extends Error {
  constructor(readonly port: number) {
    super(`Port ${port}, this app's address, is taken by another program. Inkwell keeps its address: the editor's unsaved-text journal and theme are kept in the browser under it, and would be left behind on another. Close the program that uses port ${port} and start Inkwell again.`);
    this.name = 'AppPortTaken';
  }
}

/**
 * Listens on the port this data folder used before (a free one the first time) and remembers
 * it. The data folder is the caller's alone (lockDataFolder), so a taken port is another
 * program's: the app says so rather than move to another origin.
 */
export async function listenOnStablePort<T>(dataDir: string, listen: (port: number) => Promise<T>, addressOf: (running: T) => string): Promise<T> {
  const file = path.join(dataDir, PORT_FILE);
  const saved = savedPort(file);
  let running: T;
  try {
    running = await listen(saved);
  } catch (error) {
    if (saved !== 0 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new AppPortTaken(saved);
    throw error;
  }
  const port = Number(new URL(addressOf(running)).port);
  if (port !== saved) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${port}\n`);
  }
  return running;
}
