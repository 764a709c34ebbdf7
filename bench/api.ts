// npm run bench:api — seeds 10,000 posts with terms, starts the site in its own process,
// and drives it on loopback with autocannon (10 s a case, 8 connections). The floor is a
// bare node:http server answering the same bytes, measured the same way. Each case prints the
// site's CPU per request and the load generator's (this process), which shares the two cores.
// `npm run bench:api -- --only create,single` runs only the cases whose names contain one of
// the given words (all cases otherwise).
// `npm run bench:api -- --database postgres` runs the same cases on SQLite (one instance, as
// above) and then on a throw-away PostgreSQL cluster with 1 and 2 instances behind nginx
// (deploy/nginx-inkwell.conf), with the CPU per request of the instances and of PostgreSQL
// (all of the cluster's processes), and sizes a site serving 5,000 uncached list requests/s.
// PostgreSQL runs as the tests' cluster (fsync and synchronous commit off) unless `--durable`
// asks for PostgreSQL's own defaults, where each commit waits for the disk.
// `npm run bench:api -- --profile DIR` writes the SQLite site's CPU profile to DIR.
// `npm run bench:api -- --requests N` sends N requests a case instead of loading it for 10 s:
// the site's CPU for the same work, steadier than requests/s on a busy machine.
// `npm run bench:api -- --workers N` serves each site through N worker processes behind a front
// process (`--workers` of the site), to compare with the default of one process; `--delay-ms N`
// adds a PostgreSQL case with N ms between the instance and the database, each way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedPosts, type Seeded } from './seed.ts';
import { startProcess, peakRssMb, cpuSeconds, childrenOf, type ChildSite } from './processes.ts';
import { startCluster, type PostgresCluster } from '../tests/helpers/postgres/cluster.ts';
import { adminQuery } from '../tests/helpers/postgres/databases.ts';
import { startProxy, type Proxy } from '../tests/helpers/nginx.ts';
import { freePort } from '../tests/helpers/free-port.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
/** The issue's targets, on PostgreSQL with one instance. */
const TARGETS: Record<string, number> = { 'list per_page=10 (view, uncached)': 1500, 'create (auth)': 1000 };
const SIZED_RATE = 5000;

function optionValue(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

function onlyCases(argv: readonly string[]): string[] {
  const value = optionValue(argv, '--only');
  if (value === undefined) return [];
  const words = value.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) throw new Error('--only needs one or more case names, e.g. --only create,single');
  return words;
}
const ONLY = onlyCases(process.argv.slice(2));
const DATABASE = optionValue(process.argv.slice(2), '--database') ?? 'sqlite';
if (DATABASE !== 'sqlite' && DATABASE !== 'postgres') throw new Error('--database is sqlite (the default) or postgres');
const DURABLE = process.argv.includes('--durable');
/** `--workers N`: each site serves through N worker processes (server/http/worker-pool.ts); 0 (one process) by default. */
const WORKERS = Number(optionValue(process.argv.slice(2), '--workers') ?? 0);
const WORKER_ARGS = WORKERS > 0 ? ['--workers', String(WORKERS)] : [];
/** `--profile DIR`: the SQLite site runs under `node --cpu-prof`, its profile written to DIR when it stops. */
const PROFILE_DIR = optionValue(process.argv.slice(2), '--profile');
const PROFILE_ARGS = PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] : [];
/** `--delay-ms N`: on PostgreSQL, one instance more with N ms added each way between it and the database (bench/delay-proxy.ts). */
const DELAY_MS = Number(optionValue(process.argv.slice(2), '--delay-ms') ?? 0);
/** How often the writer of the "while writing" case saves a post: each save drops the lists' kept counts, orders and rows. */
const WRITE_EVERY_MS = 100;

interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  floorRps?: number;
  /** The site processes' CPU time per request (user + system), in µs. */
  cpuUs: number;
  /** The load generator's CPU time per request (this process: autocannon), in µs: it shares the cores with the site. */
  clientCpuUs: number;
  /** PostgreSQL's CPU time per request (every process of the cluster), in µs. */
  dbCpuUs?: number;
  errors: number;
}

/** One configuration under load: where requests go, and whose CPU is counted. */
interface Target {
  label: string;
  url: string;
  sitePids: number[];
  dbCpuSeconds?: () => number;
  stop(): Promise<void>;
}

interface BenchCase {
  name: string;
  options: autocannon.Options;
  floorPath?: string;
  /** Saves a post every WRITE_EVERY_MS while the case runs (another writer of the site). */
  whileWriting?: () => Promise<unknown>;
}

/** `--requests N`: each case sends N requests (its CPU per request then counts the same work each run). */
const REQUESTS = optionValue(process.argv.slice(2), '--requests');
const EXTENT = REQUESTS === undefined ? { duration: DURATION } : { amount: Number(REQUESTS) };

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, ...EXTENT, ...options });
}

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<{ body: string; headers: Record<string, string> }> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { body: await response.text(), headers: Object.fromEntries(response.headers) };
}

let counter = 0;

/** Today's cases against a site at `siteUrl`. */
function casesFor(siteUrl: string, seeded: Seeded): BenchCase[] {
  const api = `${siteUrl}/cms-json/cms/v2`;
  const auth = { authorization: `Basic ${Buffer.from(`admin:${seeded.appPassword}`).toString('base64')}` };
  const json = { 'content-type': 'application/json' };
  const listUrl = `${api}/posts?per_page=10`;
  /** A batch case: each request's sub-requests made anew by `requestsOf` for its round. */
  const batchCase = (name: string, requestsOf: (round: number) => unknown[]): BenchCase => ({
    name,
    options: {
      url: `${siteUrl}/cms-json/batch/v1`,
      method: 'POST',
      headers: { ...auth, ...json },
      requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ requests: requestsOf(++counter) }) }) }],
    },
  });
  const cases: BenchCase[] = [
    // What a health check asks for; reads no row (the settings, kept), and with --workers never leaves the front.
    { name: 'API index', options: { url: `${siteUrl}/cms-json/` } },
    { name: 'list per_page=10 (view)', options: { url: listUrl }, floorPath: '/list' },
    {
      // 9,990 different offsets in turn, more than the response cache keeps: every request is built.
      name: 'list per_page=10 (view, uncached)',
      options: { url: listUrl, requests: [{ setupRequest: (request) => ({ ...request, path: `${new URL(listUrl).pathname}?per_page=10&offset=${++counter % 9990}` }) }] },
    },
    {
      // Uncached too, pages in no order: reading ahead (the next pages' rows with a page's) does not help.
      name: 'list per_page=10 (random pages)',
      options: { url: listUrl, requests: [{ setupRequest: (request) => ({ ...request, path: `${new URL(listUrl).pathname}?per_page=10&offset=${Math.floor(Math.random() * 9990)}` }) }] },
    },
    {
      // Pages in no order while a writer saves a post every 100 ms: each save drops what the
      // lists keep (count, order, rows), so they are read from the database again and again.
      name: 'list per_page=10 (random+writes)',
      options: { url: listUrl, requests: [{ setupRequest: (request) => ({ ...request, path: `${new URL(listUrl).pathname}?per_page=10&offset=${Math.floor(Math.random() * 9990)}` }) }] },
      whileWriting: () => fetch(`${api}/posts/${seeded.somePostId}`, {
        method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ title: `Written ${++counter}` }),
      }).then((response) => response.arrayBuffer()),
    },
    { name: 'list per_page=100 (edit, auth)', options: { url: `${api}/posts?per_page=100&context=edit`, headers: auth } },
    { name: 'single item', options: { url: `${api}/posts/${seeded.somePostId}` }, floorPath: '/single' },
    { name: 'search', options: { url: `${api}/posts?search=${encodeURIComponent(seeded.searchWord)}` } },
    {
      name: 'create (auth)',
      options: {
        url: `${api}/posts`,
        method: 'POST',
        headers: { ...auth, ...json },
        requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ title: `Bench ${++counter}`, content: 'Body text.', status: 'publish' }) }) }],
      },
    },
    {
      // As nginx sends each write (deploy/nginx-inkwell.conf): its X-Request-Id recorded with it (resent-writes.ts).
      name: 'create with a request id (auth)',
      options: {
        url: `${api}/posts`,
        method: 'POST',
        headers: { ...auth, ...json },
        requests: [{
          setupRequest: (request) => {
            const round = ++counter;
            return { ...request, headers: { ...request.headers, 'x-request-id': `bench-${process.pid}-${round}` }, body: JSON.stringify({ title: `Bench ${round}`, content: 'Body text.', status: 'publish' }) };
          },
        }],
      },
    },
    {
      name: 'update (auth)',
      options: {
        method: 'POST',
        headers: { ...auth, ...json },
        requests: [{
          setupRequest: (request) => {
            const round = ++counter;
            return { ...request, path: `${new URL(api).pathname}/posts/${seeded.batchIds[round % seeded.batchIds.length]}`, body: JSON.stringify({ title: `Updated ${round}` }) };
          },
        }],
        url: `${api}/posts/${seeded.batchIds[0]}`,
      },
    },
    {
      // As bench:peer's update: each connection saves its own post with If-Match, the ETag of the answer before.
      name: 'update with If-Match (auth)',
      options: (() => {
        const etags = new Map<number, string>();
        let nextSlot = 0;
        return {
          url: `${api}/posts/${seeded.batchIds[0]}`,
          method: 'POST',
          headers: { ...auth, ...json },
          requests: [{
            setupRequest: (request, context) => {
              const slot = context as { id?: number };
              slot.id ??= seeded.batchIds[nextSlot++ % seeded.batchIds.length];
              const etag = etags.get(slot.id);
              const headers = { ...request.headers, ...(etag ? { 'if-match': etag } : {}) };
              return { ...request, headers, path: `${new URL(api).pathname}/posts/${slot.id}`, body: JSON.stringify({ title: `Updated ${++counter}` }) };
            },
            onResponse: (_status, _body, context, headers) => {
              if (headers?.etag) etags.set((context as { id: number }).id, String(headers.etag));
            },
          }],
        };
      })(),
    },
    batchCase('batch of 25 creates (auth)', (round) => seeded.batchIds.map((_, index) => ({ method: 'POST', path: '/cms/v2/posts', body: { title: `Batch ${round}.${index}`, content: 'Body text.', status: 'publish' } }))),
    batchCase('batch of 25 updates (auth)', (round) => seeded.batchIds.map((id) => ({ method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: `Updated ${round}` } }))),
  ];
  const chosen = ONLY.length === 0 ? cases : cases.filter((benchCase) => ONLY.some((word) => benchCase.name.toLowerCase().includes(word)));
  if (chosen.length === 0) throw new Error(`No case matches --only ${ONLY.join(',')}; cases: ${cases.map((c) => c.name).join('; ')}`);
  return chosen;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function runCases(target: Target, seeded: Seeded, floor?: ChildSite): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const benchCase of casesFor(target.url, seeded)) {
    process.stdout.write(`[${target.label}] ${benchCase.name} …\n`);
    const cpuBefore = sum(target.sitePids.map(cpuSeconds));
    const dbBefore = target.dbCpuSeconds?.() ?? 0;
    const writer = benchCase.whileWriting;
    const writes = writer ? setInterval(() => void writer().catch((error: unknown) => console.error('The writer failed:', error)), WRITE_EVERY_MS) : undefined;
    const clientBefore = process.cpuUsage();
    const result = await load(benchCase.options);
    const client = process.cpuUsage(clientBefore);
    clearInterval(writes);
    // Work the requests leave for later (the search index's batched update) is counted too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpuUsed = sum(target.sitePids.map(cpuSeconds)) - cpuBefore;
    const entry: CaseResult = {
      name: benchCase.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuUs: (cpuUsed * 1e6) / result.requests.total,
      clientCpuUs: (client.user + client.system) / result.requests.total,
      dbCpuUs: target.dbCpuSeconds ? ((target.dbCpuSeconds() - dbBefore) * 1e6) / result.requests.total : undefined,
      errors: result.errors + result.non2xx,
    };
    if (floor && benchCase.floorPath) entry.floorRps = (await load({ url: `${floor.url}${benchCase.floorPath}` })).requests.average;
    results.push(entry);
  }
  return results;
}

function printTable(label: string, results: CaseResult[]): void {
  console.log(`\n${label}`);
  console.log('case                              req/s    p50 ms  p99 ms  floor req/s  of floor  site CPU µs/req  db CPU µs/req  client CPU µs/req  errors');
  for (const row of results) {
    const ratio = row.floorRps ? `${((row.rps / row.floorRps) * 100).toFixed(0)}%` : '';
    console.log(
      `${row.name.padEnd(32)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(7)} ${(row.floorRps?.toFixed(0) ?? '').padStart(12)} ${ratio.padStart(9)} ${row.cpuUs.toFixed(0).padStart(16)} ${(row.dbCpuUs?.toFixed(0) ?? '').padStart(14)} ${row.clientCpuUs.toFixed(0).padStart(18)} ${String(row.errors).padStart(7)}`,
    );
  }
}

/** CPU time of every process of the cluster: the postmaster and its children (backends, writers). */
function clusterCpuSeconds(cluster: PostgresCluster): () => number {
  const postmaster = Number(fs.readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return () => sum([postmaster, ...childrenOf(postmaster)].map(cpuSeconds).filter((seconds) => !Number.isNaN(seconds)));
}

/** A site's processes: the one started, and with --workers its worker processes. */
const siteProcesses = (site: ChildSite) => [site.pid, ...childrenOf(site.pid)];

/** `count` instances on `database` behind nginx. */
async function behindProxy(label: string, dataDir: string, database: string, count: number, dbCpuSeconds: () => number): Promise<Target> {
  const proxyPort = await freePort();
  const url = `http://127.0.0.1:${proxyPort}`;
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const sites = await Promise.all(ports.map((port) =>
    startProcess(['server/cli.ts', '--data', dataDir, '--database', database, '--port', String(port), '--url', url, '--trusted-proxy', '127.0.0.1', ...WORKER_ARGS])));
  const proxy: Proxy = await startProxy(ports, proxyPort);
  return {
    label, url, sitePids: sites.flatMap(siteProcesses), dbCpuSeconds,
    async stop() {
      await proxy.stop();
      await Promise.all(sites.map((site) => site.stop()));
    },
  };
}

/** Instances and database cores for SIZED_RATE uncached list requests/s, from the measured CPU per request, at 70% busy. */
function sizing(results: CaseResult[]): string {
  const row = results.find((result) => result.name === 'list per_page=10 (view, uncached)');
  if (!row || row.dbCpuUs === undefined) return '';
  const instanceCores = (SIZED_RATE * row.cpuUs) / 1e6 / 0.7;
  const dbCores = (SIZED_RATE * row.dbCpuUs) / 1e6 / 0.7;
  return `Sizing for ${SIZED_RATE} uncached list req/s (measured ${row.cpuUs.toFixed(0)} µs instance + ${row.dbCpuUs.toFixed(0)} µs PostgreSQL CPU per request, cores at 70%): `
    + `${Math.ceil(instanceCores)} instances (one per core; an instance is one event loop) and ${Math.ceil(dbCores)} database cores.`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  console.log(`Seeding ${POSTS} posts with terms in ${dataDir} …`);
  const seeded = seedPosts(dataDir, POSTS);
  console.log(`Seeded in ${(seeded.seconds).toFixed(1)} s.`);

  const site: ChildSite = await startProcess([...PROFILE_ARGS, 'server/cli.ts', '--data', dataDir, '--port', '0', ...WORKER_ARGS]);
  // The floor answers exactly the bytes the site answered for the list and single cases.
  const listBytes = await fetchBytes(`${site.url}/cms-json/cms/v2/posts?per_page=10`);
  const singleBytes = await fetchBytes(`${site.url}/cms-json/cms/v2/posts/${seeded.somePostId}`);
  const floor: ChildSite = await startProcess(['bench/floor-server.ts'], { FLOOR_LIST: listBytes.body, FLOOR_SINGLE: singleBytes.body });
  const sqlite = await runCases({ label: 'SQLite, 1 instance', url: site.url, sitePids: siteProcesses(site), stop: site.stop }, seeded, floor);
  const siteRss = peakRssMb(site.pid);
  await site.stop();
  await floor.stop();
  printTable('SQLite, 1 instance (direct)', sqlite);
  console.log(`\nSite peak RSS: ${siteRss.toFixed(0)} MB${WORKERS > 0 ? ` (the front process; ${WORKERS} workers besides)` : ''}`);

  if (DATABASE === 'postgres') {
    const cluster = await startCluster({ durable: DURABLE });
    try {
      adminQuery(cluster.url('postgres'), 'CREATE DATABASE bench');
      const database = cluster.url('bench');
      const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-pg-'));
      console.log(`\nSeeding ${POSTS} posts in PostgreSQL …`);
      const pgSeeded = seedPosts(pgDataDir, POSTS, { database });
      // The planner's statistics, as autovacuum would gather them soon after a bulk load.
      adminQuery(database, 'ANALYZE');
      console.log(`Seeded in ${(pgSeeded.seconds).toFixed(1)} s.`);
      const dbCpu = clusterCpuSeconds(cluster);
      const tables: [string, CaseResult[]][] = [];
      for (const count of [1, 2]) {
        const label = `PostgreSQL, ${count} instance${count > 1 ? 's' : ''} behind nginx`;
        const target = await behindProxy(label, pgDataDir, database, count, dbCpu);
        try {
          tables.push([label, await runCases(target, pgSeeded)]);
        } finally {
          await target.stop();
        }
      }
      if (DELAY_MS > 0) {
        const proxy = await startProcess(['bench/delay-proxy.ts'], { DELAY_TARGET_PORT: String(cluster.port), DELAY_MS: String(DELAY_MS) });
        const label = `PostgreSQL +${DELAY_MS} ms each way, 1 instance behind nginx`;
        const target = await behindProxy(label, pgDataDir, database.replace(`:${cluster.port}/`, `:${new URL(proxy.url).port}/`), 1, dbCpu);
        try {
          tables.push([label, await runCases(target, pgSeeded)]);
        } finally {
          await target.stop();
          await proxy.stop();
        }
      }
      printTable('SQLite, 1 instance (direct)', sqlite);
      for (const [label, results] of tables) printTable(label, results);
      const one = tables[0][1];
      console.log('\nTargets (PostgreSQL, 1 instance):');
      for (const [name, target] of Object.entries(TARGETS)) {
        const row = one.find((result) => result.name === name);
        if (row) console.log(`  ${name}: ${row.rps.toFixed(0)} req/s, target ${target}: ${row.rps >= target ? 'met' : 'NOT met'}`);
      }
      console.log(`\n${sizing(one)}`);
      console.log(`PostgreSQL here: ${DURABLE ? 'its own defaults (fsync and synchronous commit on: a commit waits for the disk)' : 'the test cluster (fsync and synchronous_commit off; --durable for PostgreSQL\'s defaults)'}, on the same 2 cores as nginx, the instances and the load generator.`);
      fs.rmSync(pgDataDir, { recursive: true, force: true });
    } finally {
      cluster.stop();
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
