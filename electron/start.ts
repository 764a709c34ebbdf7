// `npm start`: the desktop app. It opens the desktop window wherever Electron can be had
// (its binary is fetched by Electron's own installer when missing); only when that fails
// does it run the same app in browser mode, saying why: the local site with the renderer,
// at an address printed here. Both modes use the same data folder, and only one app at a
// time: a second start says where the first one runs.
import { spawn } from 'node:child_process';
import { electronBinary, electronEnvironment, exitCodeOf, installElectron } from './electron-binary.ts';
import { buildElectronEntries, buildRenderer, ROOT } from '../build/build-app.ts';
import { startAppHost } from './app-host.ts';
import { appParts, dataFiles, userDataDir } from './app-paths.ts';
import { AppAlreadyRunning } from './data-folder-lock.ts';
import { AppPortTaken } from './stable-port.ts';

/** Long enough for Electron's download (about 100 MB) on a slow line; a blocked one fails at once. */
const INSTALL_TIME_LIMIT_MS = 5 * 60_000;

async function desktopBinary(): Promise<string | null> {
  const present = electronBinary();
  if (present) return present;
  console.log('Fetching the Electron binary (first start)…');
  const installed = await installElectron(INSTALL_TIME_LIMIT_MS);
  if ('binary' in installed) return installed.binary;
  console.log(`The desktop window needs Electron, which could not be had here: ${installed.reason}. The app runs in browser mode instead.`);
  return null;
}

async function runBrowserMode(): Promise<void> {
  const dataDir = dataFiles(userDataDir()).siteDir;
  const host = await startAppHost({ dataDir, rendererDir: appParts(ROOT).rendererDir, port: process.env.PORT ? Number(process.env.PORT) : undefined });
  if (host.initialAdminPassword) console.log(`New local site in ${dataDir}. Administrator "admin", account password (shown once): ${host.initialAdminPassword}`);
  console.log(`Inkwell is ready. Open this address in your browser (it works once; reopen it by restarting):\n  ${host.appUrl}`);
  const stop = () => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  console.log('Building the editor…');
  await buildRenderer();
  const binary = process.argv.includes('--browser') ? null : await desktopBinary();
  if (!binary) return runBrowserMode();
  await buildElectronEntries();
  // Electron runs the project folder as its app (package.json's main), so app.getAppPath() is laid out as in the package.
  const child = spawn(binary, [ROOT], { stdio: 'inherit', env: electronEnvironment(process.env) });
  child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
}

main().catch((error: unknown) => {
  // Another start holds the data folder, or another program the app's address: a sentence, not a stack.
  console.error(error instanceof AppAlreadyRunning || error instanceof AppPortTaken ? error.message : error);
  process.exit(1);
});
