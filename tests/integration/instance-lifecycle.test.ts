// An instance's start and stop as an operator behind nginx meets them: a request that reaches
// the port while the instance is still opening (a big uploads folder to look through) is
// answered, never left hanging; SIGTERM lets the requests in flight finish, lets every
// keep-alive connection go, and the process ends in bounded time while clients keep sending.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareInstances, type InstanceSet } from '../helpers/instances.ts';
import { freePort } from '../helpers/free-port.ts';
import { listeningTcpPorts } from '../helpers/child-processes.ts';
import { siteCliArgs } from '../helpers/site-cli/command.ts';

let instances: InstanceSet | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

/** One GET; its status, or the error's code when no answer came (refused: the port is not open yet). */
function knock(port: number, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/cms-json/', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode!));
    });
    req.once('timeout', () => {
      req.destroy();
      resolve('hung');
    });
    req.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * Files an upload left behind (over an hour old, no item naming them) in a month of the library:
 * the opening removes them before the site serves. Their folder.
 */
function filesLeftBehind(dataDir: string, count: number): string {
  const month = path.join(dataDir, 'uploads', '2020', '01');
  fs.mkdirSync(month, { recursive: true });
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  for (let index = 0; index < count; index++) {
    const file = path.join(month, `left-${index}.jpg`);
    fs.writeFileSync(file, '');
    fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
  }
  return month;
}

/** The ways an instance serves: in one process, and a front with its worker processes (server/http/worker-pool.ts). */
const MODES: [string, string[]][] = [['in one process', []], ['with --workers 2', ['--workers', '2']]];

describe('an instance starting', () => {
  it('answers every request that reaches its port, from the first moment it accepts', { timeout: 120_000 }, async () => {
    instances = prepareInstances();
    // 20,000 files of the library for the opening to look through.
    const month = path.join(instances.dataDir, 'uploads', '2020', '01');
    fs.mkdirSync(month, { recursive: true });
    for (let index = 0; index < 20_000; index++) fs.writeFileSync(path.join(month, `photo-${index}.jpg`), '');
    const port = await freePort();
    let [started, failed, accepted] = [false, false, false];
    const starting = instances.start('--port', String(port)).then(() => {
      started = true;
    }, (error: unknown) => {
      failed = true;
      throw error;
    });
    const outcomes: (number | string)[] = [];
    const knocking: Promise<void>[] = [];
    // Knock from before the port opens until the instance says it is ready and a knock has been
    // let in (the port may open only then); each knock let in must be answered.
    while (!failed && !(started && accepted)) {
      const outcome = knock(port, 30_000);
      knocking.push(outcome.then((result) => {
        outcomes.push(result);
        if (result !== 'ECONNREFUSED') accepted = true;
      }));
      await Promise.race([outcome, new Promise((resolve) => setTimeout(resolve, 20))]);
    }
    await starting;
    await Promise.all(knocking);
    const answered = outcomes.filter((outcome) => typeof outcome === 'number');
    expect(outcomes.filter((outcome) => typeof outcome === 'string' && outcome !== 'ECONNREFUSED')).toEqual([]);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered)).toEqual(new Set([200]));
  });
});

describe('an instance on a port the system picks (--port 0)', () => {
  // The site's address names its port, so the port is known before the site opens; it must still
  // refuse connections until the site can answer them. The opening removes the files uploads left
  // behind (over an hour old, no item naming them) before the site serves: the moment the process
  // first listens, none may be left, and a request then is answered.
  it.each(MODES)('%s: listens only once its site is open, and answers at once', { timeout: 120_000 }, async (_mode, options) => {
    instances = prepareInstances();
    const month = filesLeftBehind(instances.dataDir, 1000);
    const storeArgs = instances.database ? ['--database', instances.database] : [];
    const child = spawn(process.execPath, siteCliArgs('--data', instances.dataDir, '--port', '0', ...storeArgs, ...options), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      let port: number | undefined;
      while ((port = listeningTcpPorts(child.pid!)[0]) === undefined) {
        if (child.exitCode !== null) throw new Error(`the site exited before it listened: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const leftWhenListening = fs.readdirSync(month).length;
      expect(await knock(port, 30_000)).toBe(200);
      expect(leftWhenListening).toBe(0);
      while (!/API root: /.test(output)) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(output).toContain(`ready at http://127.0.0.1:${port}`);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });
});

describe('an instance that cannot open its site', () => {
  // A port accepts connections only once they can be answered: one that never can (its media
  // storage cannot be reached: the opening fails after its retries) never opens the port, so a
  // proxy sends elsewhere at once instead of getting a 503 from it.
  it.each(MODES)('%s: never accepts a connection, and exits saying why', { timeout: 60_000 }, async (_mode, options) => {
    instances = prepareInstances(undefined, false);
    const [port, unreachable] = [await freePort(), await freePort()];
    const media = `s3://inkwell-unreachable?endpoint=http://127.0.0.1:${unreachable}&region=us-east-1`;
    let over = false;
    const starting = instances.start('--port', String(port), '--media', media, ...options).then(() => 'ready', (error: Error) => error.message).finally(() => {
      over = true;
    });
    const outcomes = new Set<number | string>();
    while (!over) {
      outcomes.add(await knock(port, 30_000));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await starting).toContain('cannot be read');
    expect(outcomes).toEqual(new Set(['ECONNREFUSED']));
  });
});

describe('an instance stopped while it starts', () => {
  // An operator's stop is handled from before the port opens: the process never ends by the
  // signal's default action, which would cut the connections it has taken (it did when the signal
  // came between the listen and the handler, set after the ready lines). A stop asked during the
  // opening (the files left behind are being removed) lets the start end, then stops as any other.
  it.each(MODES)('%s: starts, then stops as any other and exits 0', { timeout: 120_000 }, async (_mode, options) => {
    instances = prepareInstances();
    const month = filesLeftBehind(instances.dataDir, 1000);
    const storeArgs = instances.database ? ['--database', instances.database] : [];
    const child = spawn(process.execPath, siteCliArgs('--data', instances.dataDir, '--port', String(await freePort()), ...storeArgs, ...options), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    try {
      while (fs.readdirSync(month).length === 1000 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 2));
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(output).toMatch(/ready at [^]*Stopping/);
      expect(fs.readdirSync(month)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

/** A POST whose body is sent in two parts; the second when `finish` is called. */
function slowCreate(port: number, authorization: string): { finish(): void; answer: Promise<{ status: number; connection: string | undefined }> } {
  const body = JSON.stringify({ title: 'Sent across the stop', status: 'draft' });
  const req = http.request({ host: '127.0.0.1', port, path: '/cms-json/cms/v2/posts', method: 'POST', headers: { authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
    });
    req.once('error', reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

describe('an instance stopped with SIGTERM', () => {
  it('finishes the request in flight, lets its keep-alive clients go and exits in bounded time', { timeout: 60_000 }, async () => {
    instances = prepareInstances();
    const instance = await instances.start();
    const authorization = instances.editorAuth;
    // Clients that keep sending on keep-alive connections, as a proxy's pool does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    let sending = true;
    const statuses: number[] = [];
    const client = async () => {
      while (sending) {
        const status = await new Promise<number | null>((resolve) => {
          const req = http.get({ host: '127.0.0.1', port: instance.port, path: '/cms-json/cms/v2/posts', agent, headers: { authorization } }, (res) => {
            res.resume();
            res.once('end', () => resolve(res.statusCode!));
          });
          req.once('error', () => resolve(null));
        });
        if (status === null) return; // the instance is gone: a proxy now sends to another one
        statuses.push(status);
      }
    };
    const clients = Array.from({ length: 4 }, client);
    const inFlight = slowCreate(instance.port, authorization);
    while (statuses.length < 20) await new Promise((resolve) => setImmediate(resolve));

    const stoppedAt = Date.now();
    instance.child.kill('SIGTERM');
    // The instance has begun to stop (it says so) before the rest of the body arrives.
    while (!instance.output().includes('Stopping')) await new Promise((resolve) => setTimeout(resolve, 10));
    inFlight.finish();
    const created = await inFlight.answer;
    const exit = await instance.exited;
    const stopTook = Date.now() - stoppedAt;
    sending = false;
    await Promise.all(clients);
    agent.destroy();

    expect(created).toEqual({ status: 201, connection: 'close' });
    expect(exit.code).toBe(0);
    expect(stopTook).toBeLessThan(10_000);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
