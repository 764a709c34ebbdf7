// npm run bench:seo — seeds 10,000 posts (with internal links, half with a focus keyphrase)
// the way a site has them before seo/v1 looked at them, starts the site as deployment B in
// its own process, and runs a full indexing run over HTTP as a client would: prepare, every
// indexing route until next_url is false, link indexing, complete. Prints time and memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedPosts } from './seed.ts';
import { startProcess, peakRssMb } from './processes.ts';
import { createSite } from '../server/site.ts';
import { getPost } from '../server/store/posts.ts';
import { writePostSeoMeta } from '../server/namespaces/seo/post-seo-meta.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);

/** Two internal links to earlier posts and a heading, so that link indexing and the checks have work. */
function moreContent(index: number, earlier: readonly number[]): string {
  if (earlier.length === 0) return '';
  const links = [earlier[earlier.length - 1], earlier[Math.floor(index / 2)]].map((id) => `<a href="/?p=${id}">post ${id}</a>`);
  return `\n\n<!-- wp:heading -->\n<h2>Garden notes</h2>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>See ${links.join(' and ')}.</p>\n<!-- /wp:paragraph -->`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-seo-'));
  console.log(`Seeding ${POSTS} posts in ${dataDir} …`);
  const seeded = seedPosts(dataDir, POSTS, { moreContent });
  const seeding = createSite({ dataDir, deployment: 'a', baseUrl: 'http://127.0.0.1' });
  const { store } = seeding.context;
  store.transaction(() => {
    for (let id = 1; id <= POSTS * 3; id++) {
      const post = getPost(store, id);
      if (post?.type === 'post' && id % 4 === 1) writePostSeoMeta(store, post, { focus_keyphrase: 'garden kitchen' });
    }
  });
  seeding.close();
  console.log(`Seeded in ${seeded.seconds.toFixed(1)} s.`);

  const site = await startProcess(['server/cli.ts', '--data', dataDir, '--port', '0', '--deployment', 'b']);
  const auth = `Basic ${Buffer.from(`admin:${seeded.appPassword}`).toString('base64')}`;
  const call = async (url: string) => {
    const response = await fetch(url, { method: 'POST', headers: { authorization: auth } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { objects: unknown[]; next_url: string | false };
  };
  const root = `${site.url}/cms-json/seo/v1`;
  const phases: { name: string; requests: number; objects: number; seconds: number }[] = [];
  /** Calls a route, then its next_url, until it answers false. */
  const run = async (route: string) => {
    const started = performance.now();
    let url: string | false = `${root}/${route}`;
    let requests = 0;
    let objects = 0;
    while (url) {
      const body = await call(url);
      requests++;
      objects += body.objects.length;
      url = body.next_url;
    }
    phases.push({ name: route, requests, objects, seconds: (performance.now() - started) / 1000 });
  };

  const started = performance.now();
  for (const route of ['indexing/prepare', 'indexing/posts', 'indexing/terms', 'indexing/post-type-archives', 'indexing/general',
    'indexing/indexables-complete', 'link-indexing/posts', 'link-indexing/terms', 'indexing/complete']) {
    await run(route);
  }
  const total = (performance.now() - started) / 1000;
  const statistics = await (await fetch(`${root}/statistics`, { headers: { authorization: auth } })).json();
  const rss = peakRssMb(site.pid);
  await site.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log('\nphase                          requests  objects   seconds');
  for (const phase of phases) {
    console.log(`${phase.name.padEnd(30)} ${String(phase.requests).padStart(8)} ${String(phase.objects).padStart(8)} ${phase.seconds.toFixed(2).padStart(9)}`);
  }
  console.log(`\nFull indexing run of ${POSTS} posts over HTTP: ${total.toFixed(1)} s; site process peak RSS ${rss.toFixed(0)} MB.`);
  console.log('SEO scores of posts afterwards:', JSON.stringify(statistics.scores.map((rank: { seo_rank: string; count: number }) => [rank.seo_rank, rank.count])));
}

await main();
