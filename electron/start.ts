// `npm start`: the desktop app. With the Electron binary it opens the app window; without
// it (machines that cannot download Electron) it runs the same app in browser mode: the
// local site with the renderer, at an address printed here.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.ts';
import { buildElectronEntries, buildRenderer, ELECTRON_DIST, RENDERER_DIST } from './build-app.ts';
import { startAppHost } from './app-host.ts';
import { inkwellDataDir } from '../server/app-data.ts';

async function main(): Promise<void> {
  const browserMode = process.argv.includes('--browser');
  console.log('Building the editor…');
  await buildRenderer();
  const binary = browserMode ? null : electronBinary();
  if (binary) {
    await buildElectronEntries();
    const child = spawn(binary, [path.join(ELECTRON_DIST, 'main.cjs')], { stdio: 'inherit', env: { ...process.env, INKWELL_RENDERER_DIR: RENDERER_DIST } });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  if (!browserMode) console.log('The Electron binary is not installed here, so the app runs in browser mode.');
  const dataDir = process.env.INKWELL_DATA ?? path.join(inkwellDataDir(), 'site');
  const host = await startAppHost({ dataDir, rendererDir: RENDERER_DIST, port: Number(process.env.PORT ?? 0) });
  if (host.initialAdminPassword) console.log(`New local site in ${dataDir}. Administrator "admin", account password (shown once): ${host.initialAdminPassword}`);
  console.log(`Inkwell is ready. Open this address in your browser (it works once; reopen it by restarting):\n  ${host.appUrl}`);
  const stop = () => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
