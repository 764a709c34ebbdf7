// Issue 31: an instance served with --workers opens its port only once its workers can answer.
// Behind nginx (deploy/nginx-inkwell.conf), an instance started again, whose workers take a
// while to open the site (20,000 files of the library to look through), is refused by its
// closed port until then, so nginx sends each request to the other instance at once; had the
// port accepted early, nginx (once the upstream's fail_timeout passed) would wait on it for as
// long as the workers take to start. Every request through nginx meanwhile is answered, quickly.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { request } from '../helpers/http-request.ts';
import { behindNginx, nginxFailTimeoutMs, type Fleet } from '../helpers/fault-fleet.ts';

/** An answer through nginx while one instance starts: the other's, plus a loaded machine's margin. */
const ANSWERED_WITHIN_MS = 1000;
const LIBRARY_FILES = 5000;
const ASK_EVERY_MS = 20;

describe('an instance served with --workers, started again behind nginx', () => {
  let instances: InstanceSet;
  let fleet: Fleet;

  beforeAll(async () => {
    instances = prepareInstances();
    fleet = await behindNginx(instances, [['--workers', '2'], ['--workers', '2']]);
    const month = path.join(instances.dataDir, 'uploads', '2020', '01');
    fs.mkdirSync(month, { recursive: true });
    for (let index = 0; index < LIBRARY_FILES; index++) fs.writeFileSync(path.join(month, `photo-${index}.jpg`), '');
  }, 90_000);
  afterAll(async () => {
    await fleet?.stop();
    await instances?.close();
  });

  it('is not sent requests before its workers can answer them: every request through nginx is answered at once', { timeout: 120_000 }, async () => {
    await instances.kill(fleet.running[1]!);
    let started = false;
    const asked = performance.now();
    const restarting = fleet.restart(1).finally(() => (started = true));
    const answers: { status: number; ms: number }[] = [];
    // Asked until the instance is ready and nginx has had time to try it again (its fail_timeout).
    let readyAt = Infinity;
    while (performance.now() < readyAt + nginxFailTimeoutMs() + 500) {
      const sent = performance.now();
      const { status } = await request(`${fleet.api}cms/v2/posts?per_page=1`);
      answers.push({ status, ms: Math.round(performance.now() - sent) });
      if (started && readyAt === Infinity) readyAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, ASK_EVERY_MS));
    }
    await restarting;
    const startMs = Math.round(readyAt - asked);
    console.log(`[instances-workers-restart] start ${startMs} ms; ${answers.length} requests, slowest ${Math.max(...answers.map((answer) => answer.ms))} ms`);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Both serve again.
    for (const instance of fleet.running) expect((await request(`${instance.api}cms/v2/posts?per_page=1`)).status).toBe(200);
    expect(answers.filter((answer) => answer.ms > ANSWERED_WITHIN_MS)).toEqual([]);
  });
});
