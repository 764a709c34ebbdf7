// The desktop app runs its local site in a process of its own (Electron's utility process),
// so that SQLite and request work never block the main process that keeps the window,
// menus and IPC responsive (measured by `npm run bench:host`). This is the protocol
// between the two, over whatever message channel the runtime gives: Electron's
// utilityProcess / parentPort, or Node's fork / process.send (which the tests use).

export interface SiteStartMessage {
  type: 'start';
  dataDir: string;
  rendererDir: string;
  /** The key that seals remote sites' credentials (base64), unsealed by the main process; absent: a key file. */
  secretKey?: string;
  /** Sign-ins on sites come back through the app's inkwell:// scheme. */
  signInByScheme?: boolean;
}

export type ParentMessage = SiteStartMessage | { type: 'stop' };

export type ChildMessage =
  | { type: 'ready'; appUrl: string; siteUrl: string; apiRoot: string; initialAdminPassword: string | null }
  | { type: 'failed'; message: string };

/** The parent's end of the channel to the site's process. */
export interface ChildLink {
  post(message: ParentMessage): void;
  onMessage(listener: (message: ChildMessage) => void): void;
  onExit(listener: (code: number | null) => void): void;
}

export interface SiteChild {
  appUrl: string;
  siteUrl: string;
  apiRoot: string;
  initialAdminPassword: string | null;
  /** Asks the site to finish requests in flight and close its database; resolves when its process has exited. */
  stop(): Promise<number | null>;
}

/** Starts the site in the linked process and resolves once it listens. */
export function startSiteChild(link: ChildLink, start: Omit<SiteStartMessage, 'type'>): Promise<SiteChild> {
  let exitCode: number | null | undefined;
  const exitWaiters: ((code: number | null) => void)[] = [];
  return new Promise((resolve, reject) => {
    link.onExit((code) => {
      exitCode = code;
      exitWaiters.splice(0).forEach((waiter) => waiter(code));
      reject(new Error(`The local site's process exited (code ${code}) before it was ready.`));
    });
    link.onMessage((message) => {
      if (message.type === 'failed') reject(new Error(`The local site could not start: ${message.message}`));
      if (message.type !== 'ready') return;
      resolve({
        appUrl: message.appUrl,
        siteUrl: message.siteUrl,
        apiRoot: message.apiRoot,
        initialAdminPassword: message.initialAdminPassword,
        stop: () => new Promise((done) => {
          if (exitCode !== undefined) return done(exitCode);
          exitWaiters.push(done);
          link.post({ type: 'stop' });
        }),
      });
    });
    link.post({ type: 'start', ...start });
  });
}
