// npm run bench:peer — this project's standalone site against the real WordPress the tests
// install (tests/helpers/wordpress), side by side in one run: the same 201 posts in both,
// the same cases against each in turn (WordPress first, then ours, case by case, so both
// see the same load on a shared machine), autocannon with 8 connections; WordPress behind
// nginx, since its PHP server closes each connection, which autocannon cannot measure. Prints req/s,
// p50 and p99 per case and how many times WordPress's rate ours is; for media (sequential,
// timed) the median of a few runs and how many times faster ours is.
// Options: --seconds N (a request case's duration, default 10), --runs N (media runs, default 3),
// --only create,search (cases whose names contain one of the words), --profile DIR (the site
// process runs under `node --cpu-prof`, its profile written to DIR when it stops), --timeline
// (where our uploads' and edits' time went in the site's process, printed when it stops:
// media-timeline.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { seedPosts } from './seed.ts';
import { startProcess } from './processes.ts';
import { photo } from './photo.ts';
import { printTimeline, TIMELINE_PRELOAD } from './media-timeline.ts';
import { runPhp, startWordPress } from '../tests/helpers/wordpress/wordpress.ts';
import { startProxy } from '../tests/helpers/nginx.ts';

const POSTS = 201;
const CONNECTIONS = 8;
const BATCH_SIZE = 25;

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    profile: { type: 'string' },
    timeline: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(options.seconds);
const RUNS = Number(options.runs);
const ONLY = options.only?.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean) ?? [];

/** One of the two sites, as the cases need to know it. */
interface Peer {
  label: string;
  /** The content namespace's root: …/wp/v2 or …/cms/v2. */
  api: string;
  batchUrl: string;
  /** A batch sub-request's path for post `id`. */
  batchPath(id: number): string;
  authorization: string;
  somePostId: number;
  /** The first 25 posts: the batch case's, and (one a connection) the update case's. */
  ids: number[];
  /** Whether updates carry If-Match (WordPress has no preconditions on writes). */
  ifMatch: boolean;
  stop(): Promise<void>;
}

interface Measured {
  rps?: number;
  p50: number;
  p99: number;
  errors: number;
}

interface RequestCase {
  kind: 'requests';
  name: string;
  options(peer: Peer): autocannon.Options;
}

interface TimedCase {
  kind: 'timed';
  name: string;
  /** Runs one timed operation (after `prepare`), resolving with its milliseconds. */
  run(peer: Peer, prepared?: Uploaded): Promise<number>;
  prepare?(peer: Peer): Promise<Uploaded>;
}

type BenchCase = RequestCase | TimedCase;

let counter = 0;
const json = { 'content-type': 'application/json' };

async function ok(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  return response;
}

interface Uploaded {
  id: number;
  source_url: string;
}

async function uploadPhoto(peer: Peer, image: Buffer, run: number): Promise<Uploaded> {
  const response = await fetch(`${peer.api}/media`, {
    method: 'POST',
    headers: { authorization: peer.authorization, 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="peer-${run}.jpg"` },
    body: new Uint8Array(image),
  });
  return (await (await ok(response, 201, 'upload')).json()) as Uploaded;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function cases(image: Buffer): BenchCase[] {
  const list: BenchCase[] = [
    { kind: 'requests', name: 'list served (same URL)', options: (peer) => ({ url: `${peer.api}/posts?per_page=10` }) },
    {
      kind: 'requests',
      name: 'list built (cache-defeating param)',
      options: (peer) => {
        const url = new URL(`${peer.api}/posts?per_page=10`);
        return { url: url.href, requests: [{ setupRequest: (request) => ({ ...request, path: `${url.pathname}?per_page=10&nocache=${++counter}` }) }] };
      },
    },
    { kind: 'requests', name: 'single item', options: (peer) => ({ url: `${peer.api}/posts/${peer.somePostId}` }) },
    { kind: 'requests', name: 'search', options: (peer) => ({ url: `${peer.api}/posts?search=orchard` }) },
    {
      kind: 'requests',
      name: 'create',
      options: (peer) => ({
        url: `${peer.api}/posts`,
        method: 'POST',
        headers: { authorization: peer.authorization, ...json },
        requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ title: `Bench ${++counter}`, content: 'Body text.', status: 'publish' }) }) }],
      }),
    },
    {
      // Each connection updates its own post; ours with If-Match from the answer before.
      kind: 'requests',
      name: 'update (If-Match on ours)',
      options: (peer) => {
        const etags = new Map<number, string>();
        let nextSlot = 0;
        return {
          url: `${peer.api}/posts`,
          method: 'POST',
          headers: { authorization: peer.authorization, ...json },
          requests: [{
            setupRequest: (request, context) => {
              const slot = context as { id?: number };
              slot.id ??= peer.ids[nextSlot++ % peer.ids.length];
              const id = slot.id;
              const etag = etags.get(id);
              const headers = { ...request.headers, ...(peer.ifMatch && etag ? { 'if-match': etag } : {}) };
              return { ...request, headers, path: `${new URL(peer.api).pathname}/posts/${id}`, body: JSON.stringify({ title: `Updated ${++counter}` }) };
            },
            onResponse: (_status, _body, context, headers) => {
              if (headers?.etag) etags.set((context as { id: number }).id, String(headers.etag));
            },
          }],
        };
      },
    },
    {
      kind: 'requests',
      name: `batch of ${BATCH_SIZE} updates`,
      options: (peer) => ({
        url: peer.batchUrl,
        method: 'POST',
        headers: { authorization: peer.authorization, ...json },
        requests: [{
          setupRequest: (request) => {
            const round = ++counter;
            const requests = peer.ids.slice(0, BATCH_SIZE).map((id) => ({ method: 'POST', path: peer.batchPath(id), body: { title: `Batch ${round}` } }));
            return { ...request, body: JSON.stringify({ requests }) };
          },
        }],
      }),
    },
    { kind: 'timed', name: '12 MP JPEG upload (ms)', run: (peer) => timed(() => uploadPhoto(peer, image, ++counter)) },
    {
      kind: 'timed',
      name: 'rotate 90 + crop 50% edit (ms)',
      prepare: (peer) => uploadPhoto(peer, image, ++counter),
      run: (peer, uploaded) => timed(async () => {
        const response = await fetch(`${peer.api}/media/${uploaded!.id}/edit`, {
          method: 'POST',
          headers: { authorization: peer.authorization, ...json },
          body: JSON.stringify({ src: uploaded!.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }, { type: 'crop', args: { left: 25, top: 25, width: 50, height: 50 } }] }),
        });
        await (await ok(response, 201, 'edit')).arrayBuffer();
      }),
    },
  ];
  return ONLY.length === 0 ? list : list.filter((benchCase) => ONLY.some((word) => benchCase.name.toLowerCase().includes(word)));
}

async function measureRequests(benchCase: RequestCase, peer: Peer): Promise<Measured> {
  // A loaded WordPress takes longer than autocannon's default 10 s timeout on a batch.
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, timeout: 60, ...benchCase.options(peer) });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function measureTimed(benchCase: TimedCase, peer: Peer): Promise<Measured> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const prepared = await benchCase.prepare?.(peer);
    times.push(await benchCase.run(peer, prepared));
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p99: times[times.length - 1], errors: 0 };
}

async function total(peer: Peer): Promise<number> {
  const response = await ok(await fetch(`${peer.api}/posts?per_page=1`), 200, 'count');
  return Number(response.headers.get('x-wp-total'));
}

async function wordPress(): Promise<Peer> {
  const wp = await startWordPress();
  // PHP's built-in server closes the connection after each answer, which autocannon does not
  // count; nginx in front (as a WordPress is usually served) keeps connections open.
  const proxy = await startProxy([Number(new URL(wp.url).port)]);
  const apiRoot = `${proxy.url}/wp-json/`;
  const peer: Peer = {
    label: 'WordPress', api: `${apiRoot}wp/v2`, batchUrl: `${apiRoot}batch/v1`, batchPath: (id) => `/wp/v2/posts/${id}`,
    authorization: `Basic ${Buffer.from(`${wp.accounts.administrator.login}:${wp.accounts.administrator.appPassword}`).toString('base64')}`,
    somePostId: 0, ids: [], ifMatch: false,
    async stop() {
      await proxy.stop();
      await wp.stop();
    },
  };
  // WordPress starts with its own "Hello world!"; the seed brings it to POSTS.
  const ids = JSON.parse(runPhp(wp, 'tests/helpers/wordpress/seed-posts.php', [String(POSTS - (await total(peer)))])) as number[];
  return { ...peer, somePostId: ids[Math.floor(ids.length / 2)], ids: ids.slice(0, BATCH_SIZE) };
}

async function ourSite(): Promise<Peer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peer-'));
  const seeded = seedPosts(dataDir, POSTS);
  const nodeArgs = [
    ...(options.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.profile)] : []),
    ...(options.timeline ? ['--require', TIMELINE_PRELOAD] : []),
  ];
  const timelineFile = path.join(dataDir, 'timeline.jsonl');
  const site = await startProcess([...nodeArgs, 'server/cli.ts', '--data', dataDir, '--port', '0'], options.timeline ? { MEDIA_TIMELINE_FILE: timelineFile } : {});
  return {
    label: 'Inkwell', api: `${site.url}/cms-json/cms/v2`, batchUrl: `${site.url}/cms-json/batch/v1`, batchPath: (id) => `/cms/v2/posts/${id}`,
    authorization: `Basic ${Buffer.from(`admin:${seeded.appPassword}`).toString('base64')}`,
    somePostId: seeded.somePostId, ids: seeded.batchIds, ifMatch: true,
    async stop() {
      await site.stop();
      // Read before its data directory goes.
      if (options.timeline && fs.existsSync(timelineFile)) printTimeline(fs.readFileSync(timelineFile, 'utf8'));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

function printTable(rows: { name: string; kind: BenchCase['kind']; wp: Measured; ours: Measured }[]): void {
  console.log('\ncase                                 WordPress: req/s  p50 ms  p99 ms   Inkwell: req/s  p50 ms  p99 ms    ratio  errors');
  for (const { name, kind, wp, ours } of rows) {
    // Request cases: how many times WordPress's rate; timed cases (p50 = median, p99 = slowest run): how many times faster.
    const ratio = kind === 'requests' ? ours.rps! / wp.rps! : wp.p50 / ours.p50;
    const rate = (measured: Measured) => (measured.rps === undefined ? '' : measured.rps.toFixed(0)).padStart(16);
    const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0).padStart(7);
    console.log(`${name.padEnd(36)} ${rate(wp)} ${ms(wp.p50)} ${ms(wp.p99)} ${rate(ours)} ${ms(ours.p50)} ${ms(ours.p99)} ${`${ratio.toFixed(1)}×`.padStart(8)} ${`${wp.errors}/${ours.errors}`.padStart(7)}`);
  }
}

async function main(): Promise<void> {
  const image = await photo();
  console.log(`Starting WordPress and seeding ${POSTS} posts …`);
  const wp = await wordPress();
  const ours = await ourSite();
  try {
    const [wpCount, ourCount] = [await total(wp), await total(ours)];
    console.log(`Posts: WordPress ${wpCount}, Inkwell ${ourCount}. ${CONNECTIONS} connections, ${SECONDS} s a request case, ${RUNS} media runs.`);
    console.log(`Load average at start (1, 5, 15 min): ${load()} on ${os.cpus().length} cores`);
    const rows = [];
    for (const benchCase of cases(image)) {
      const results: Measured[] = [];
      for (const peer of [wp, ours]) {
        process.stdout.write(`[${peer.label}] ${benchCase.name} …\n`);
        results.push(benchCase.kind === 'requests' ? await measureRequests(benchCase, peer) : await measureTimed(benchCase, peer));
      }
      rows.push({ name: benchCase.name, kind: benchCase.kind, wp: results[0], ours: results[1] });
    }
    console.log(`Load average at end (1, 5, 15 min): ${load()}`);
    printTable(rows);
  } finally {
    await ours.stop();
    await wp.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
