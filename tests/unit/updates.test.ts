// electron/updates.ts over the stand-in's autoUpdater (electron-updater's behaviour): when
// it checks, and what the writer's answers do. The whole app's part (the quit that asks
// about unsaved text, the site stopped before installing) is in desktop-main.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerUpdates, LATER, RESTART, type UpdateHost } from '../../electron/updates.ts';
import { FakeElectron } from '../helpers/fake-electron.ts';

const HOUR = 60 * 60 * 1000;

function host(packaged: boolean, answer = LATER) {
  const fake = new FakeElectron({ appPath: '/nowhere', isPackaged: packaged });
  const updater = fake.autoUpdater;
  const calls = { checks: 0, quits: 0, asked: [] as string[], logged: [] as unknown[] };
  const check = updater.checkForUpdates.bind(updater);
  updater.checkForUpdates = () => {
    calls.checks++;
    return check();
  };
  const parts: UpdateHost = {
    updater,
    packaged,
    dialog: { showMessageBox: async (options) => (calls.asked.push(options.message), { response: options.buttons.indexOf(answer) }) },
    log: (_title, error) => calls.logged.push(error),
    quit: () => calls.quits++,
    releaseLock: () => undefined,
  };
  return { updater, calls, parts };
}

afterEach(() => vi.useRealTimers());

describe('updates', () => {
  it('a packaged app checks at start and every four hours', () => {
    vi.useFakeTimers();
    const { calls, parts } = host(true);
    offerUpdates(parts);
    expect(calls.checks).toBe(1);
    vi.advanceTimersByTime(4 * HOUR - 1);
    expect(calls.checks).toBe(1);
    vi.advanceTimersByTime(1);
    expect(calls.checks).toBe(2);
    vi.advanceTimersByTime(8 * HOUR);
    expect(calls.checks).toBe(4);
  });

  it('an app that is not packaged never asks electron-updater to check', () => {
    vi.useFakeTimers();
    const { calls, parts } = host(false);
    offerUpdates(parts);
    vi.advanceTimersByTime(24 * HOUR);
    expect(calls.checks).toBe(0);
  });

  it('downloads in the background and installs at quit unless the writer restarts (electron-updater\'s settings)', () => {
    const { updater, parts } = host(true);
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    offerUpdates(parts);
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([true, true]);
  });

  it('offers each version once: Later is not asked again at the next check', async () => {
    const { updater, calls, parts } = host(true);
    updater.feed = { version: '2.0.0' };
    offerUpdates(parts);
    await vi.waitUntil(() => calls.asked.length === 1);
    await updater.checkForUpdates();
    await new Promise(setImmediate);
    await new Promise(setImmediate);
    expect(calls.asked).toEqual(['Inkwell 2.0.0 is ready']);
    expect(calls.quits).toBe(0);
    updater.feed = { version: '2.1.0' };
    await updater.checkForUpdates();
    await vi.waitUntil(() => calls.asked.length === 2);
    expect(calls.asked[1]).toBe('Inkwell 2.1.0 is ready');
  });

  it('Restart asks the app to quit; the app, once stopped, ends into the update; a quit the writer refused ends plainly later', async () => {
    const { updater, calls, parts } = host(true, RESTART);
    updater.feed = { version: '2.0.0' };
    const updates = offerUpdates(parts);
    await vi.waitUntil(() => calls.quits === 1);
    updates.quitCancelled();
    updates.end();
    expect([calls.quits, updater.installed]).toEqual([2, null]);
  });

  it('an install that fails is logged and the app still quits (never left without a window)', async () => {
    const { updater, calls, parts } = host(true, RESTART);
    updater.feed = { version: '2.0.0' };
    const updates = offerUpdates(parts);
    await vi.waitUntil(() => calls.quits === 1);
    updater.downloaded = null; // the downloaded file went missing
    updates.end();
    expect(calls.logged).toEqual([expect.objectContaining({ message: expect.stringContaining('No valid update') })]);
    expect(calls.quits).toBe(2);
  });
});
