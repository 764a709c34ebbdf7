// The app host in a process of its own, as browser mode or the desktop app's site process
// runs it: `tsx tests/helpers/app-host-process.ts <dataDir> <rendererDir>` prints its address
// as one JSON line once it listens, and stops on SIGTERM.
import { startAppHost } from '../../electron/app-host.ts';

const [dataDir, rendererDir] = process.argv.slice(2);
const host = await startAppHost({ dataDir, rendererDir });
console.log(JSON.stringify({ url: host.running.url }));
process.on('SIGTERM', () => void host.close().then(() => process.exit(0)));
