// npm run bench:api — seeds 10,000 posts with terms, starts the site in its own process,
// and drives it on loopback with autocannon (10 s a case, 8 connections). The floor is a
// bare node:http server answering the same bytes, measured the same way.
// `npm run bench:api -- --only create,single` runs only the cases whose names contain one of
// the given words (all cases otherwise).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedPosts } from './seed.ts';
import { startProcess, peakRssMb, cpuSeconds, type ChildSite } from './processes.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);

function onlyCases(argv: readonly string[]): string[] {
  const index = argv.indexOf('--only');
  const value = index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (value === undefined) return [];
  const words = value.split(',').map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) throw new Error('--only needs one or more case names, e.g. --only create,single');
  return words;
}
const ONLY = onlyCases(process.argv.slice(2));

interface CaseResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  floorRps?: number;
  /** The site process's CPU time per request (user + system), in µs. */
  cpuUs: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
}

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<{ body: string; headers: Record<string, string> }> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { body: await response.text(), headers: Object.fromEntries(response.headers) };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  console.log(`Seeding ${POSTS} posts with terms in ${dataDir} …`);
  const seeded = seedPosts(dataDir, POSTS);
  console.log(`Seeded in ${(seeded.seconds).toFixed(1)} s.`);

  const site: ChildSite = await startProcess(['server/cli.ts', '--data', dataDir, '--port', '0']);
  const api = `${site.url}/cms-json/cms/v2`;
  const auth = { authorization: `Basic ${Buffer.from(`admin:${seeded.appPassword}`).toString('base64')}` };
  const json = { 'content-type': 'application/json' };
  const listUrl = `${api}/posts?per_page=10`;
  const singleUrl = `${api}/posts/${seeded.somePostId}`;

  // The floor answers exactly the bytes the site answered for the list and single cases.
  const listBytes = await fetchBytes(listUrl);
  const singleBytes = await fetchBytes(singleUrl);
  const floor: ChildSite = await startProcess(['bench/floor-server.ts'], {
    FLOOR_LIST: listBytes.body,
    FLOOR_SINGLE: singleBytes.body,
  });

  let counter = 0;
  const cases: { name: string; options: autocannon.Options; floorPath?: string }[] = [
    { name: 'list per_page=10 (view)', options: { url: listUrl }, floorPath: '/list' },
    {
      // 9,990 different offsets in turn, more than the response cache keeps: every request is built.
      name: 'list per_page=10 (view, uncached)',
      options: { url: listUrl, requests: [{ setupRequest: (request) => ({ ...request, path: `${new URL(listUrl).pathname}?per_page=10&offset=${++counter % 9990}` }) }] },
    },
    { name: 'list per_page=100 (edit, auth)', options: { url: `${api}/posts?per_page=100&context=edit`, headers: auth } },
    { name: 'single item', options: { url: singleUrl }, floorPath: '/single' },
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
      name: 'batch of 25 updates (auth)',
      options: {
        url: `${site.url}/cms-json/batch/v1`,
        method: 'POST',
        headers: { ...auth, ...json },
        requests: [{
          setupRequest: (request) => {
            const round = ++counter;
            const requests = seeded.batchIds.map((id) => ({ method: 'POST', path: `/cms/v2/posts/${id}`, body: { title: `Updated ${round}` } }));
            return { ...request, body: JSON.stringify({ requests }) };
          },
        }],
      },
    },
  ];

  const chosen = ONLY.length === 0 ? cases : cases.filter((benchCase) => ONLY.some((word) => benchCase.name.toLowerCase().includes(word)));
  if (chosen.length === 0) throw new Error(`No case matches --only ${ONLY.join(',')}; cases: ${cases.map((c) => c.name).join('; ')}`);
  const results: CaseResult[] = [];
  for (const benchCase of chosen) {
    process.stdout.write(`Running ${benchCase.name} …\n`);
    const cpuBefore = cpuSeconds(site.pid);
    const result = await load(benchCase.options);
    // Work the requests leave for later (the search index's batched update) is counted too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpuUsed = cpuSeconds(site.pid) - cpuBefore;
    const entry: CaseResult = {
      name: benchCase.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuUs: (cpuUsed * 1e6) / result.requests.total,
      errors: result.errors + result.non2xx,
    };
    if (benchCase.floorPath) entry.floorRps = (await load({ url: `${floor.url}${benchCase.floorPath}` })).requests.average;
    results.push(entry);
  }

  const siteRss = peakRssMb(site.pid);
  await site.stop();
  await floor.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log('\ncase                              req/s    p50 ms  p99 ms  floor req/s  of floor  site CPU µs/req  errors');
  for (const row of results) {
    const ratio = row.floorRps ? `${((row.rps / row.floorRps) * 100).toFixed(0)}%` : '';
    console.log(
      `${row.name.padEnd(32)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(7)} ${(row.floorRps?.toFixed(0) ?? '').padStart(12)} ${ratio.padStart(9)} ${row.cpuUs.toFixed(0).padStart(16)} ${String(row.errors).padStart(7)}`,
    );
  }
  console.log(`\nSite peak RSS: ${siteRss.toFixed(0)} MB`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
