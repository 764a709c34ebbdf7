// The fault harness (issue 31), instances: two instances behind nginx on one database (SQLite
// in one --data folder, or PostgreSQL in the site-postgres project), one of them served with
// --workers, while editors write through nginx (fault-load.ts). Meanwhile one instance is
// killed with SIGKILL and started again, then each is stopped with SIGTERM and started again in
// turn, as a rolling restart does. After: every acknowledged write exists exactly once, every
// write the site refused wrote nothing, no request went unanswered past its timeout, no write
// was left without its answer (nginx sends one the killed instance took on to the other, which
// answers it as made if it was), and both instances answer. The database's own faults
// are fault-harness-database.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { checkWrites, FaultLoad, figures } from '../helpers/fault-load.ts';
import { behindNginx, type Fleet } from '../helpers/fault-fleet.ts';
import { ON_POSTGRES } from '../helpers/test-site.ts';

/** Past the stop's grace (10 s) and the workers' request timeout: an answer later than this is a hang. */
const REQUEST_TIMEOUT_MS = 20_000;
/** A stop with SIGTERM ends within the grace, plus the database's close. */
const STOP_WITHIN_MS = 13_000;
const CLIENTS = 4;
/** Writes acknowledged between faults. */
const PROGRESS = 12;

describe(`faults under two instances behind nginx on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}`, () => {
  let instances: InstanceSet;
  let fleet: Fleet;
  let headers: Record<string, string>;

  beforeAll(async () => {
    instances = prepareInstances();
    headers = { authorization: instances.editorAuth };
    fleet = await behindNginx(instances, [[], ['--workers', '2']]);
  }, 90_000);
  afterAll(async () => {
    await fleet?.stop();
    await instances?.close();
  });

  it('keeps every acknowledged write exactly once and writes nothing it refused, through kill -9 and a rolling restart', { timeout: 150_000 }, async () => {
    const load = new FaultLoad({ api: fleet.api, headers, clients: CLIENTS, timeoutMs: REQUEST_TIMEOUT_MS, seed: ON_POSTGRES ? 2 : 1 });
    const starts: number[] = [];
    // Every instance's output, the stopped ones' too: what each said when a write went unanswered.
    const started = [...fleet.running];
    /** Starts the instance of `slot` again, and waits until nginx sends to it again, as an operator's rolling restart does. */
    const restart = async (slot: number) => {
      const asked = performance.now();
      const instance = await fleet.restart(slot);
      started.push(instance);
      starts.push(Math.round(performance.now() - asked));
      await load.servedBy(instance.port, asked);
    };
    await load.start();
    try {
      await load.progress(PROGRESS);
      // (a) kill -9 and start again.
      load.phase = 'kill -9';
      await instances.kill(fleet.running[0]!);
      await load.progress(PROGRESS);
      load.phase = 'start after kill';
      await restart(0);
      await load.progress(PROGRESS);
      // (c) a rolling restart: each stopped with SIGTERM in turn, its writes in flight answered.
      for (const slot of [0, 1]) {
        const stopping = fleet.running[slot]!;
        load.phase = `SIGTERM ${slot}`;
        const asked = performance.now();
        stopping.child.kill('SIGTERM');
        const { code } = await stopping.exited;
        expect(performance.now() - asked, `instance ${slot} stopping`).toBeLessThan(STOP_WITHIN_MS);
        expect(code, stopping.output()).toBe(0);
        load.phase = `start after SIGTERM ${slot}`;
        await restart(slot);
        await load.progress(PROGRESS);
      }
    } finally {
      await load.stop();
    }
    console.log(`[fault-harness] ${ON_POSTGRES ? 'postgres' : 'sqlite'} instances: ${JSON.stringify({ ...figures(load), startsMs: starts })}`);
    for (const instance of fleet.running) expect((await request(instance.api)).status).toBe(200);
    await checkWrites(load, fleet.running[0]!.api, headers);
    // No write is left without its answer: a stop with SIGTERM answers what it took, and nginx
    // sends a write the killed instance took on to the other, which answers it as made if it was.
    const unanswered = load.writes.filter((write) => write.outcome === 'unknown');
    expect(unanswered, `phases: ${JSON.stringify(load.phases)}\nnginx's log:\n${fleet.proxy.errorLog()}\ninstances' output:\n${started.map((instance) => instance.output()).join('\n')}`).toEqual([]);
  });
});
