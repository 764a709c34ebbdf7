// Two instances of one site (one database, one media storage: a shared folder, or an S3
// bucket on a real S3-compatible server): what one writes, the other serves, edits,
// regenerates and deletes; uploads of one name at once on both never share a file; a start
// of one never removes the other's upload in flight, and only one start an hour looks through
// the storage for files left behind. And `npm run site -- --media s3://…`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type RunningSite } from '../../server/http.ts';
import { appPasswordCreateCommand, createUserCommand } from '../../server/auth/account-commands.ts';
import { corners, markedImage, readPixels, solidImage } from '../helpers/images.ts';
import { MEDIA_BACKENDS, startMediaBackend, type MediaBackend, type S3Backend } from '../helpers/media-backends.ts';
import { setOption } from '../../server/store/options.ts';
import { SHARED_LOOK_OPTION } from '../../server/content/media-orphans.ts';
import { reserveMediaName } from '../../server/content/media-names.ts';
import { siteCliArgs } from '../helpers/site-cli/command.ts';

/** Sets the last look through a shared storage for files left behind an hour and a minute back, as the clock would move on. */
const lastLookAnHourAgo = (site: RunningSite) => setOption(site.site.context.store, SHARED_LOOK_OPTION, Date.now() - 61 * 60 * 1000);

const SHARED = MEDIA_BACKENDS.filter((name) => name !== 'folder');

/** A GET with the headers as written: fetch adds `Cache-Control: no-cache` to conditional requests. */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe.each(SHARED)('two instances on one media storage (%s)', (backendName) => {
  let backend: MediaBackend;
  let dataDir: string;
  let first: RunningSite;
  let second: RunningSite;
  let authorization: string;

  const start = () => serveSite({ dataDir, deployment: 'a', host: '127.0.0.1', port: 0, ...backend.choice });
  const upload = async (site: RunningSite, bytes: Buffer, fileName: string, type = 'image/jpeg') => {
    const response = await fetch(`${site.url}/cms-json/cms/v2/media`, {
      method: 'POST', headers: { authorization, 'content-type': type, 'content-disposition': `attachment; filename="${fileName}"` }, body: new Uint8Array(bytes),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number; source_url: string; media_details: { file: string; sizes: Record<string, { source_url: string }> } };
  };
  /** The same path on the other instance. */
  const on = (site: RunningSite, url: string) => url.replace(/^http:\/\/[^/]+/, site.url);
  const api = (site: RunningSite, route: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${site.url}/cms-json/cms/v2/${route}`, {
      method: init.method ?? 'GET', headers: { authorization, 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  beforeAll(async () => {
    backend = await startMediaBackend(backendName);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-shared-'));
    first = await start();
    second = await start();
    const store = first.site.context.store;
    createUserCommand(store, { login: 'writer', role: 'editor', password: 'writer-account-password' });
    authorization = `Basic ${Buffer.from(`writer:${appPasswordCreateCommand(store, { login: 'writer', name: 'tests' }).password}`).toString('base64')}`;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await backend?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves an upload made on one instance from the other, with its sizes, validators and ranges', async () => {
    const bytes = await markedImage(1200, 800, { format: 'jpeg', mark: 100 });
    const item = await upload(first, bytes, 'harbour.jpg');
    const urls = [item.source_url, ...Object.values(item.media_details.sizes).map((size) => size.source_url)];
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) {
      const here = await fetch(url);
      const there = await fetch(on(second, url));
      expect(there.status, url).toBe(200);
      expect(there.headers.get('content-type')).toBe('image/jpeg');
      expect(there.headers.get('content-security-policy')).toContain('sandbox');
      expect(Buffer.from(await there.arrayBuffer()).equals(Buffer.from(await here.arrayBuffer()))).toBe(true);
    }
    const original = await fetch(on(second, item.source_url));
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = original.headers.get('etag')!;
    expect(await rawGet(on(second, item.source_url), { 'if-none-match': etag })).toBe(304);
    const part = await fetch(on(second, item.source_url), { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('edits on one instance an image uploaded on the other, and both serve the edited copy', async () => {
    const item = await upload(first, await markedImage(400, 200, { format: 'png', mark: 50 }), 'marks.png', 'image/png');
    const edited = await api(second, `media/${item.id}/edit`, { method: 'POST', body: { src: on(second, item.source_url), modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }] } });
    expect(edited.status).toBe(201);
    const copy = (await edited.json()) as { source_url: string };
    const served = await fetch(on(first, copy.source_url));
    expect(served.status).toBe(200);
    // Flipped: the red mark that was top-left is top-right.
    expect(corners(await readPixels(Buffer.from(await served.arrayBuffer()))).topRight).toBe('red');
  });

  it('makes on one instance the sizes lost from the storage, read by the other', async () => {
    const item = await upload(second, await solidImage(1000, 800, 'jpeg'), 'restored.jpg');
    const medium = item.media_details.sizes.medium.source_url;
    await first.site.context.media.remove([new URL(medium).pathname.replace(/^\/uploads\//, '')]);
    expect((await fetch(on(second, medium))).status).toBe(404);
    const processed = await api(first, `media/${item.id}/post-process`, { method: 'POST', body: { action: 'create-image-subsizes' } });
    expect(processed.status).toBe(200);
    expect((await fetch(on(second, medium))).status).toBe(200);
  });

  it('deletes on one instance every file of an item uploaded on the other', async () => {
    const item = await upload(first, await solidImage(1000, 800, 'jpeg'), 'doomed.jpg');
    const urls = [item.source_url, ...Object.values(item.media_details.sizes).map((size) => size.source_url)];
    const deleted = await api(second, `media/${item.id}?force=true`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    for (const url of urls) expect((await fetch(on(first, url))).status, url).toBe(404);
    const left = (await first.site.context.media.list()).map((entry) => entry.path);
    expect(left.filter((file) => /\/doomed[-.]/.test(file))).toEqual([]);
  });

  const sameName = async (sites: RunningSite[]) => {
    const images = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => solidImage(300 + index, 200, 'png', { r: index * 40, g: 0, b: 0 })));
    const items = await Promise.all(images.map((bytes, index) => upload(sites[index % sites.length], bytes, 'same-name.png', 'image/png')));
    expect(new Set(items.map((item) => item.media_details.file)).size).toBe(images.length);
    for (const [index, item] of items.entries()) {
      const served = await fetch(on(sites[(index + 1) % sites.length], item.source_url));
      expect(Buffer.from(await served.arrayBuffer()).equals(images[index]), item.source_url).toBe(true);
    }
  };

  it('gives uploads of one name made at once on one instance a file each', () => sameName([first]));

  it('gives uploads of one name made at once on both instances a file each', () => sameName([first, second]));

  it('keeps, when an instance starts, a file another instance is still uploading', async () => {
    // What an upload in flight on the first instance looks like: its name reserved, no row yet.
    const month = (await first.site.context.media.list()).find((entry) => /^\d{4}\/\d{2}\//.test(entry.path))!.path.slice(0, 7);
    const inFlight = await reserveMediaName(first.site.context, month, 'arriving', 'jpg');
    lastLookAnHourAgo(first);
    const third = await start();
    try {
      // It looked (the last look was an hour ago) and left the upload in flight alone.
      expect(await third.site.filesLeftBehind).not.toContain(inFlight);
      expect(await third.site.context.media.size(inFlight)).toBe(0);
    } finally {
      await third.close();
    }
  });
});

describe('files left behind in a shared folder', () => {
  // A folder, as the files' dates can be set back there (an S3 server dates objects itself).
  it('are looked for by one start an hour: another start within the hour lists nothing, the first after it removes those over an hour old', async () => {
    const backend = await startMediaBackend('shared folder');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-left-behind-'));
    const open: RunningSite[] = [];
    const start = async () => {
      const running = await serveSite({ dataDir, deployment: 'a', host: '127.0.0.1', port: 0, ...backend.choice });
      open.push(running);
      return running;
    };
    try {
      const first = await start();
      expect(await first.site.filesLeftBehind).toEqual([]);
      const folder = backend.choice.mediaDir!;
      fs.mkdirSync(path.join(folder, '2025', '01'), { recursive: true });
      const old = path.join(folder, '2025', '01', 'left-behind.jpg');
      const young = path.join(folder, '2025', '01', 'arriving.jpg');
      fs.writeFileSync(old, 'half an upload');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
      fs.writeFileSync(young, '');

      const second = await start();
      expect(await second.site.filesLeftBehind).toEqual([]);
      expect(fs.existsSync(old)).toBe(true);

      lastLookAnHourAgo(first);
      const third = await start();
      expect(await third.site.filesLeftBehind).toEqual(['2025/01/left-behind.jpg']);
      expect(fs.existsSync(old)).toBe(false);
      expect(fs.existsSync(young)).toBe(true);
    } finally {
      for (const running of open) await running.close();
      await backend.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Runs `npm run site` to its end (async: the S3 server answers from this process meanwhile). */
function runSite(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; output: string; stderr: string }> {
  const child = spawn(process.execPath, siteCliArgs(...args), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void ((output += chunk.toString()), (stderr += chunk.toString())));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, output, stderr })));
}

describe('npm run site -- --media s3://…', () => {
  let backend: MediaBackend;
  let dataDir: string;

  beforeAll(async () => {
    backend = await startMediaBackend('s3');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-cli-'));
  });
  afterAll(async () => {
    await backend?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the bucket and says so, without printing the credentials', async () => {
    const child = spawn(process.execPath, siteCliArgs('--data', dataDir, '--port', '0', '--media', backend.choice.media!), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Media files:')) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(output).toContain(`Media files: S3 bucket ${new URL(backend.choice.media!).hostname}/library/ at http://127.0.0.1:`);
    expect(output).not.toContain(process.env.AWS_SECRET_ACCESS_KEY);
  });

  it('refuses to start, in plain words and without printing the secret, when the bucket cannot be read', async () => {
    const secret = 'never-print-this-secret-key';
    const missing = backend.choice.media!.replace(/^s3:\/\/[^/]+/, 's3://no-such-bucket');
    const result = await runSite(['--data', dataDir, '--port', '0', '--media', missing], { AWS_SECRET_ACCESS_KEY: secret });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('The media storage (S3 bucket no-such-bucket/library/');
    expect(result.stderr).toContain('cannot be read: The specified bucket does not exist');
    expect(result.output).not.toContain(secret);
  });

  it('refuses credentials in the address, and an address that is not one', async () => {
    for (const [address, message] of [['s3://key:secret@bucket', 'takes no credentials'], ['https://bucket', 'must look like s3://']]) {
      const result = await runSite(['--data', dataDir, '--port', '0', '--media', address]);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.output).not.toContain('secret');
    }
  });
});

describe('a bucket that stops answering', () => {
  let backend: S3Backend;
  let dataDir: string;
  let site: RunningSite;
  let authorization: string;

  beforeAll(async () => {
    backend = await startMediaBackend('s3');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-outage-'));
    site = await serveSite({ dataDir, deployment: 'a', host: '127.0.0.1', port: 0, ...backend.choice });
    createUserCommand(site.site.context.store, { login: 'writer', role: 'editor', password: 'writer-account-password' });
    authorization = `Basic ${Buffer.from(`writer:${appPasswordCreateCommand(site.site.context.store, { login: 'writer', name: 'tests' }).password}`).toString('base64')}`;
  });
  afterAll(async () => {
    await site?.close();
    await backend?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, stores no item, and works again when the bucket is back', async () => {
    const upload = async () => fetch(`${site.url}/cms-json/cms/v2/media`, {
      method: 'POST', headers: { authorization, 'content-type': 'image/png', 'content-disposition': 'attachment; filename="during.png"' }, body: new Uint8Array(await solidImage(200, 100, 'png')),
    });
    const before = await upload();
    expect(before.status).toBe(201);
    const served = ((await before.json()) as { source_url: string }).source_url;
    const count = async () => Number((await fetch(`${site.url}/cms-json/cms/v2/media`)).headers.get('x-wp-total'));
    const items = await count();

    const restart = await backend.outage();
    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ code: 'rest_media_storage_unavailable', data: { status: 503 } });
    const unservable = await fetch(served);
    expect(unservable.status).toBe(503);
    expect(unservable.headers.get('retry-after')).toBe('5');
    expect(await count()).toBe(items);

    await restart();
    expect((await fetch(served)).status).toBe(200);
    expect((await upload()).status).toBe(201);
    expect(await count()).toBe(items + 1);
  });
});
