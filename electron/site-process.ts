// Entry point of the local site's own process: Electron's utility process in the desktop
// app (built to electron/dist/site-process.cjs), or a Node child process. It waits for
// its start message, runs the app host, and stops cleanly when asked or when its parent
// goes away. Plain Node: it never imports electron.
import { startAppHost, type AppHost } from './app-host.ts';
import type { ChildMessage, ParentMessage } from './site-child.ts';
import { keyCipher } from '../server/auth/secret-cipher.ts';

interface ParentPort {
  on(event: 'message', listener: (event: { data: ParentMessage }) => void): void;
  postMessage(message: ChildMessage): void;
}

/** Electron's utility process has `process.parentPort`; a Node child has `process.send`. */
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

function post(message: ChildMessage): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

function onParentMessage(listener: (message: ParentMessage) => void): void {
  if (parentPort) parentPort.on('message', (event) => listener(event.data));
  else process.on('message', (message) => listener(message as ParentMessage));
}

let host: AppHost | null = null;
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await host?.close();
  process.exit(0);
}

onParentMessage((message) => {
  if (message.type === 'stop') {
    void stop();
    return;
  }
  startAppHost({
    dataDir: message.dataDir,
    rendererDir: message.rendererDir,
    cipher: message.secretKey ? keyCipher(Buffer.from(message.secretKey, 'base64')) : undefined,
    signInByScheme: message.signInByScheme,
  })
    .then((started) => {
      host = started;
      post({ type: 'ready', appUrl: started.appUrl, siteUrl: started.running.url, apiRoot: started.running.site.context.urls.apiRoot, initialAdminPassword: started.initialAdminPassword });
    })
    .catch((error: unknown) => {
      post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    });
});

// Without its parent nobody can reach the window's credential: stop rather than linger.
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
