// The app's local address stays the same from one start to the next: the renderer's
// origin includes the port, and what the editor keeps in its browser storage
// (localStorage, IndexedDB: the theme, the unsaved-text journal) belongs to that origin.
// The first start takes a free port and remembers it in the data folder.
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

/** Listens on the port this data folder used before (a free one the first time) and remembers it. */
export async function listenOnStablePort<T>(dataDir: string, listen: (port: number) => Promise<T>, addressOf: (running: T) => string): Promise<T> {
  const file = path.join(dataDir, PORT_FILE);
  const saved = savedPort(file);
  let running: T;
  try {
    running = await listen(saved);
  } catch (error) {
    if (saved === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.warn(`Port ${saved}, this app's usual address, is taken by another program: the app moves to a new one, and what the editor kept in its browser storage stays with the old address.`);
    running = await listen(0);
  }
  const port = Number(new URL(addressOf(running)).port);
  if (port !== saved) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${port}\n`);
  }
  return running;
}
