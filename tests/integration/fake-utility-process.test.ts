// The stand-in for Electron's utility process is faithful where the site depends on it: a worker
// thread the site starts there (its log checkpointer) runs, as it does in Electron.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeElectron } from '../helpers/fake-electron.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const CHILD = `
const { Worker } = require('node:worker_threads');
const worker = new Worker("require('node:worker_threads').parentPort.postMessage('ran')", { eval: true });
worker.on('message', (ran) => process.parentPort.postMessage({ worker: ran, electron: typeof process.versions.electron }));
worker.on('error', (error) => process.parentPort.postMessage({ worker: 'failed: ' + error.message }));
`;

describe('the stand-in utility process', () => {
  it('runs a worker thread the site starts, in a process that looks like Electron’s', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'utility-'));
    dirs.push(dir);
    const entry = path.join(dir, 'child.cjs');
    fs.writeFileSync(entry, CHILD);
    const utilityProcess = new FakeElectron({ appPath: dir }).module().utilityProcess as { fork(modulePath: string): { on(event: 'message', listener: (message: unknown) => void): void; kill(): boolean } };
    const child = utilityProcess.fork(entry);
    try {
      const [message] = await once(child as unknown as NodeJS.EventEmitter, 'message');
      expect(message).toEqual({ worker: 'ran', electron: 'string' });
    } finally {
      child.kill();
    }
  }, 60_000);
});
