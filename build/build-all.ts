// `npm run package` step one: build the renderer and the Electron entry points.
import { buildElectronEntries, buildRenderer } from './build-app.ts';

await buildRenderer();
await buildElectronEntries();
console.log('Built renderer/dist and electron/dist.');
