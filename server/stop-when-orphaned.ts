// `npm run site` runs the site in a shell that npm starts; a SIGTERM sent to npm alone (a
// container whose command is `npm run site`, a supervisor that signals one process) reaches that
// shell, which dies without passing it on, and the site ran on, orphaned, with no one to stop it.
// Node's `process.ppid` is read afresh each time: a parent gone shows as a new one.

/** How often a site started by npm looks whether the process that started it is still there. */
const LOOK_EVERY_MS = 200;

/** Calls `stop` once, as a SIGTERM would, when the site's parent is gone, if npm ran the site's own script. */
export function stopWhenOrphaned(stop: () => void): void {
  // Only npm's own run of this script: a site another program started (a test, the desktop app, a
  // shell's `&`) is that program's to stop, and a daemon's parent may go by design.
  if (!process.env.npm_lifecycle_script?.includes('server/cli.ts')) return;
  const parent = process.ppid;
  const look = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(look);
    stop();
  }, LOOK_EVERY_MS);
  look.unref();
}
