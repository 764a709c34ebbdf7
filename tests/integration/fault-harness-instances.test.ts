// The fault harness (issue 31), instances: two instances behind nginx on one database (SQLite
// in one --data folder, or PostgreSQL in the site-postgres project), one of them served with
// --workers, while editors write through nginx (fault-load.ts). Meanwhile one instance is
// killed with SIGKILL and started again, then each is stopped with SIGTERM and started again in
// turn, as a rolling restart does. After: every acknowledged write exists exactly once, every
// write the site refused wrote nothing, no request went unanswered past its timeout, and both
// instances answer. The database's own faults are fault-harness-database.test.ts's.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet, type SiteInstance } from '../helpers/instances.ts';
import { startProxy, type Proxy } from '../helpers/nginx.ts';
import { request } from '../helpers/http-request.ts';
import { checkWrites, FaultLoad, figures } from '../helpers/fault-load.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';
import { freePort } from '../helpers/free-port.ts';

/** Past the stop's grace (10 s) and the workers' request timeout: an answer later than this is a hang. */
const REQUEST_TIMEOUT_MS = 20_000;
/** A stop with SIGTERM ends within the grace, plus the database's close. */
const STOP_WITHIN_MS = 13_000;
const CLIENTS = 4;
/** Writes acknowledged between faults, so that each fault meets writes in flight. */
const PROGRESS = 12;

/** The upstream's fail_timeout of the nginx configuration the README gives. */
function nginxFailTimeoutMs(): number {
  return Number(/fail_timeout=(\d+)s/.exec(fs.readFileSync('deploy/nginx-inkwell.conf', 'utf8'))![1]) * 1000;
}

describe(`faults under two instances behind nginx on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}`, () => {
  let instances: InstanceSet;
  /** The instances by their port (nginx's upstream), each started again on its port. */
  const running: SiteInstance[] = [];
  const shapes: string[][] = [[], ['--workers', '2']];
  let proxy: Proxy;
  let headers: Record<string, string>;

  beforeAll(async () => {
    instances = prepareInstances();
    headers = { authorization: instances.editorAuth };
    const proxyPort = await freePort();
    shapes.forEach((shape) => shape.push('--url', `http://127.0.0.1:${proxyPort}`, '--trusted-proxy', '127.0.0.1'));
    running.push(...await Promise.all(shapes.map((shape) => instances.start(...shape))));
    proxy = await startProxy(running.map((instance) => instance.port), proxyPort);
  }, 90_000);
  afterAll(async () => {
    await proxy?.stop();
    await instances?.close();
  });

  const restart = async (slot: number) => {
    running[slot] = await instances.start('--port', String(running[slot]!.port), ...shapes[slot]!);
  };

  /** Waits until `count` more writes were acknowledged (through whichever instance is up). */
  const progress = async (load: FaultLoad, count = PROGRESS) => {
    const target = load.acknowledged() + count;
    const deadline = Date.now() + 30_000;
    while (load.acknowledged() < target) {
      if (Date.now() > deadline) throw new Error(`no progress: ${JSON.stringify(figures(load))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('keeps every acknowledged write exactly once and writes nothing it refused, through kill -9 and a rolling restart', { timeout: 150_000 }, async () => {
    const load = new FaultLoad({ api: `${proxy.url}/cms-json/`, headers, clients: CLIENTS, timeoutMs: REQUEST_TIMEOUT_MS, seed: ON_POSTGRES ? 2 : 1 });
    await load.start();
    try {
      await progress(load);
      // (a) kill -9 and start again.
      load.phase = 'kill -9';
      await instances.kill(running[0]!);
      await progress(load);
      load.phase = 'start after kill';
      await restart(0);
      await progress(load);
      // (c) a rolling restart: each stopped with SIGTERM in turn, its writes in flight answered.
      for (const slot of [0, 1]) {
        const stopping = running[slot]!;
        load.phase = `SIGTERM ${slot}`;
        const asked = performance.now();
        stopping.child.kill('SIGTERM');
        const { code } = await stopping.exited;
        expect(performance.now() - asked, `instance ${slot} stopping`).toBeLessThan(STOP_WITHIN_MS);
        expect(code, stopping.output()).toBe(0);
        load.phase = `start after SIGTERM ${slot}`;
        await restart(slot);
        await progress(load);
        // As an operator's rolling restart does: nginx sends to an instance it saw refuse only
        // once its fail_timeout is over; stopping the other before that leaves it none.
        await new Promise((resolve) => setTimeout(resolve, nginxFailTimeoutMs()));
      }
    } finally {
      await load.stop();
    }
    console.log(`[fault-harness] ${ON_POSTGRES ? 'postgres' : 'sqlite'} instances: ${JSON.stringify(figures(load))}`);
    for (const instance of running) expect((await request(instance.api)).status).toBe(200);
    await checkWrites(load, running[0]!.api, headers);
    // Only a kill leaves a write without its answer: a stop with SIGTERM answers what it took.
    expect(load.writes.filter((write) => write.outcome === 'unknown' && write.phase !== 'kill -9')).toEqual([]);
  });
});
