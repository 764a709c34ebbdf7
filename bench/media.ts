// npm run bench:media [-- --media folder|shared|s3] [-- --profile DIR] [-- --wasm] [-- --phases] [-- --timeline] — a generated 12-megapixel JPEG: upload
// with all sub-sizes, an edit of flip + rotate 90 + crop 50% with the new item's sub-sizes,
// and reading the original and a thumbnail back, against the site in its own process on
// loopback, its media in the data directory (default), a shared folder, or an S3 bucket on
// s3rver started here; with --wasm, the site's images go through sharp's WebAssembly build,
// as in the desktop app on Linux. Prints the median of several runs (wall time, and the site's CPU
// time for the upload and the edit) and the site's peak RSS; with --phases, then where the
// image time goes, phase by phase, in this process (media-phases.ts; native sharp); with
// --timeline, when each step of a request happened in the site's process (media-timeline.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSite } from '../server/site.ts';
import { appPasswordCreateCommand } from '../server/auth/account-commands.ts';
import { startProcess, peakRssMb, cpuSeconds } from './processes.ts';
import { photo, PHOTO_HEIGHT, PHOTO_WIDTH } from './photo.ts';
import { printPhases } from './media-phases.ts';
import { printTimeline, TIMELINE_PRELOAD } from './media-timeline.ts';
import S3rver from 's3rver';
import { parseArgs } from 'node:util';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** The site's media options for the backend asked for, and how to stop what was started for it. */
async function mediaBackend(name: string, dir: string): Promise<{ args: string[]; env: Record<string, string>; stop(): Promise<void> }> {
  if (name === 'folder') return { args: [], env: {}, stop: async () => {} };
  if (name === 'shared') return { args: ['--media-dir', path.join(dir, 'shared')], env: {}, stop: async () => {} };
  if (name !== 's3') throw new Error('--media must be folder, shared or s3');
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: path.join(dir, 's3'), silent: true, configureBuckets: [{ name: 'bench', configs: [] }] });
  const { port } = await server.run();
  return {
    args: ['--media', `s3://bench?endpoint=http://127.0.0.1:${port}&region=us-east-1`],
    env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    stop: () => server.close(),
  };
}

async function main(): Promise<void> {
  const options = parseArgs({ options: { media: { type: 'string', default: 'folder' }, profile: { type: 'string' }, wasm: { type: 'boolean', default: false }, phases: { type: 'boolean', default: false }, timeline: { type: 'boolean', default: false } } }).values;
  const media = options.media!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
  const backend = await mediaBackend(media, dataDir);
  const setup = createSite({ dataDir, deployment: 'a', baseUrl: 'http://127.0.0.1' });
  const password = appPasswordCreateCommand(setup.context.store, { login: 'admin', name: 'bench' }).password;
  setup.close();
  const image = await photo();
  console.log(`Test image: ${PHOTO_WIDTH}×${PHOTO_HEIGHT} JPEG, ${(image.length / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs; media in: ${media}; sharp: ${options.wasm ? 'WebAssembly' : 'native'}.`);

  // --profile: the site runs under `node --cpu-prof`, its profile written to DIR when it stops.
  const nodeArgs = [
    ...(options.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.profile)] : []),
    ...(options.wasm ? ['--require', path.resolve(import.meta.dirname, 'native-sharp-hidden.cjs')] : []),
    ...(options.timeline ? ['--require', TIMELINE_PRELOAD] : []),
  ];
  const timelineFile = path.join(dataDir, 'timeline.jsonl');
  const env = { ...backend.env, ...(options.timeline ? { MEDIA_TIMELINE_FILE: timelineFile } : {}) };
  const site = await startProcess([...nodeArgs, 'server/cli.ts', '--data', dataDir, '--port', '0', ...backend.args], env);
  const api = `${site.url}/cms-json/cms/v2/media`;
  const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const uploads: number[] = [];
  const edits: number[] = [];
  const originals: number[] = [];
  const thumbnails: number[] = [];
  // The site's CPU time for each: steadier than the wall time on a machine others share.
  const uploadCpu: number[] = [];
  const editCpu: number[] = [];
  const siteCpuMs = () => cpuSeconds(site.pid) * 1000;
  const read = async (url: string, into: number[]) => {
    const { ms, result } = await timed(async () => {
      const response = await fetch(url);
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    });
    if (result.status !== 200 || result.bytes === 0) throw new Error(`GET ${url} answered ${result.status}`);
    into.push(ms);
  };
  for (let run = 0; run < RUNS; run++) {
    const cpuBeforeUpload = siteCpuMs();
    const upload = await timed(async () => {
      const response = await fetch(api, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename="photo-${run}.jpg"` },
        body: new Uint8Array(image),
      });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: number; source_url: string; media_details: { sizes: Record<string, { source_url: string }> } };
    });
    uploads.push(upload.ms);
    uploadCpu.push(siteCpuMs() - cpuBeforeUpload);
    const cpuBeforeEdit = siteCpuMs();
    const edit = await timed(async () => {
      const response = await fetch(`${api}/${upload.result.id}/edit`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          src: upload.result.source_url,
          modifiers: [
            { type: 'flip', args: { flip: { horizontal: true, vertical: false } } },
            { type: 'rotate', args: { angle: 90 } },
            { type: 'crop', args: { left: 25, top: 25, width: 50, height: 50 } },
          ],
        }),
      });
      if (response.status !== 201) throw new Error(`edit answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { media_details: { width: number; height: number; sizes: object } };
    });
    edits.push(edit.ms);
    editCpu.push(siteCpuMs() - cpuBeforeEdit);
    await read(upload.result.source_url, originals);
    await read(upload.result.media_details.sizes.thumbnail.source_url, thumbnails);
    if (run === 0) {
      console.log(`Upload made sizes: ${Object.keys(upload.result.media_details.sizes).join(', ')}`);
      console.log(`Edit made ${edit.result.media_details.width}×${edit.result.media_details.height} with sizes: ${Object.keys(edit.result.media_details.sizes).join(', ')}`);
    }
  }
  const rss = peakRssMb(site.pid);
  await site.stop();
  await backend.stop();
  const timeline = options.timeline ? fs.readFileSync(timelineFile, 'utf8') : '';
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log('\ncase                                   median ms   min ms   max ms   target');
  const row = (name: string, values: number[], target: string) =>
    console.log(`${name.padEnd(38)} ${median(values).toFixed(0).padStart(9)} ${Math.min(...values).toFixed(0).padStart(8)} ${Math.max(...values).toFixed(0).padStart(8)}   ${target}`);
  row('upload 12 MP JPEG with all sub-sizes', uploads, '< 1000 ms');
  row('edit flip + rotate 90 + crop 50%', edits, '< 350 ms');
  row('  site CPU ms per upload', uploadCpu, '');
  row('  site CPU ms per edit', editCpu, '');
  row('GET the served (scaled) original', originals, '');
  row('GET its thumbnail', thumbnails, '');
  console.log(`\nSite peak RSS: ${rss.toFixed(0)} MB (target < 400 MB)`);
  if (options.timeline) printTimeline(timeline);
  if (options.phases) await printPhases(image, RUNS);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
