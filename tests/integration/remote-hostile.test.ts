// A hostile remote cannot reach past its own origin, nor make the app read without limit:
// against the hostile WordPress double over real HTTP, discovery that leads to another origin
// (a redirect, an API link, a redirect of the API itself) asks the writer and sends nothing
// there (credentials least of all) until confirmed; never from the internet into the local
// network; a gigabyte index, a declared 5 GB answer and a nested-JSON bomb fail in words with
// memory bounded; lists that lie about their pages end in a few requests, and so does a sync.
// And the draft previewed in its look shows its own images without the network.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHostileRemote, type HostileBehaviour, type HostileRemote } from '../helpers/hostile-remote.ts';
import { serverKeeper } from '../helpers/remote-stand-in.ts';
import { discoverSite } from '../../electron/remote/connect/discover.ts';
import { connectSite } from '../../electron/remote/connect/connect.ts';
import { checkCredentials } from '../../electron/remote/connect/check-credentials.ts';
import { RemoteSiteError, SentElsewhereError } from '../../electron/remote/client/errors.ts';
import { RemoteSites } from '../../electron/remote/connect/remote-sites.ts';
import { createRemoteClient } from '../../electron/remote/client/remote-client.ts';
import { readAllPages } from '../../electron/remote/client/paged-list.ts';
import { contentRoutes } from '../../shared/api-routes.ts';
import { confirmable } from '../../electron/remote/client/site-origins.ts';
import { openWorkspace } from '../../electron/remote/workspace.ts';
import { syncSite } from '../../electron/remote/sync.ts';
import { ITEM_KINDS } from '../../electron/remote/store/sync-map.ts';
import { fileKeyCipher, keyFileBeside } from '../../server/auth/secret-cipher.ts';
import { asRestError } from '../../electron/sites/remote-failure.ts';
import { inlineDraftImages } from '../../electron/remote/look/draft-images.ts';
import { solidImage } from '../helpers/images.ts';
import { RestError } from '../../server/rest/errors.ts';

const keep = serverKeeper();
const CREDENTIALS = { login: 'jo', password: 'abcd efgh ijkl mnop qrst uvwx' };
const MB = 1024 * 1024;

async function hostile(behaviour: Partial<HostileBehaviour> = {}): Promise<HostileRemote> {
  const started = serveHostileRemote(behaviour);
  await keep(started);
  return started;
}

async function failureOf(work: Promise<unknown>): Promise<RemoteSiteError> {
  const error = await work.then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(RemoteSiteError);
  return error as RemoteSiteError;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function remoteSites(): RemoteSites {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkwell-hostile-'));
  dirs.push(dir);
  return new RemoteSites(dir, fileKeyCipher(keyFileBeside(dir)));
}

/** Memory now: the heap and the buffers outside it (fetch's streams live there). */
function memory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe('a remote that sends the app to another origin', () => {
  const sendings: [string, (other: string) => Partial<HostileBehaviour>][] = [
    ['its home page redirects there', (other) => ({ homeRedirect: `${other}/` })],
    ['its home page names an API root there', (other) => ({ apiLink: `${other}/wp-json/` })],
    ['its API redirects there', (other) => ({ apiRedirect: other })],
  ];
  for (const [how, behaviour] of sendings) {
    it(`is asked about when ${how}: nothing reaches the other origin until the writer confirms it`, async () => {
      const other = await hostile();
      const site = await hostile(behaviour(other.url));
      const failure = await failureOf(connectSite(remoteSites(), site.url, CREDENTIALS));
      expect(failure).toBeInstanceOf(SentElsewhereError);
      expect(failure).toMatchObject({ reason: 'sent_elsewhere', origin: other.url });
      expect(failure.message).toContain(`sends you to ${other.url}`);
      // As the Sites screen receives it: a code to branch on and the origin to confirm.
      expect(asRestError(failure)).toMatchObject({ code: 'inkwell_remote_sent_elsewhere', status: 409, extra: { origin: other.url } } satisfies Partial<RestError>);
      expect(other.seen).toEqual([]);
      expect(site.seen.filter((request) => request.credentials)).toEqual([]);

      const { site: entry } = await connectSite(remoteSites(), site.url, CREDENTIALS, {}, [other.url]);
      expect(new URL(entry.apiRoot).origin).toBe(other.url);
      // The credentials went to the confirmed origin, and only once it was confirmed.
      expect(other.seen.filter((request) => request.credentials).map((request) => request.path)).toEqual(['/wp-json/wp/v2/users/me?context=edit']);
    });
  }

  it('never gets the credentials of a connected site: a request it redirects stops before leaving', async () => {
    const other = await hostile();
    const site = await hostile();
    site.behaviour.apiRedirect = other.url;
    const failure = await failureOf(checkCredentials({ apiRoot: `${site.url}/wp-json/`, contentNamespace: 'wp/v2' }, CREDENTIALS));
    expect(failure).toMatchObject({ reason: 'sent_elsewhere', origin: other.url });
    expect(other.seen).toEqual([]);
  });

  it('is never followed from the internet into this computer or the local network, confirmed or not', async () => {
    for (const local of ['http://127.0.0.1:631', 'http://localhost:8080', 'http://192.168.1.1', 'http://10.0.0.8:9000', 'http://[::1]:5432', 'http://169.254.169.254']) {
      expect(await failureOf(confirmable(new URL(local).origin, 'https://93.184.215.14/'))).toMatchObject({ reason: 'local_address' });
    }
    // A site on this computer may name another of its ports (the writer is asked).
    await expect(confirmable('http://127.0.0.1:8081', 'http://127.0.0.1:8080/')).resolves.toBeUndefined();
    await expect(confirmable('https://www.example.com', 'https://93.184.215.14/')).resolves.toBeUndefined();
  });
});

describe('answers without limit', () => {
  it('a gigabyte API index fails in words, with memory bounded over repeated tries', async () => {
    const site = await hostile({ index: 'gigabyte' });
    const before = memory();
    let most = 0;
    for (let round = 0; round < 4; round++) {
      const failure = await failureOf(discoverSite(site.url));
      expect(failure.reason).toBe('too_large');
      expect(failure.message).toMatch(/sent more than 16 MB for its API index, more than such an answer ever needs/);
      most = Math.max(most, memory() - before);
    }
    // Each try reads at most 16 MB of each of two candidate roots; a gigabyte would show.
    expect(most).toBeLessThan(200 * MB);
  });

  it('a declared 5 GB answer fails before anything is read', async () => {
    const site = await hostile({ index: 'declared-5gb' });
    const failure = await failureOf(discoverSite(site.url));
    expect(failure).toMatchObject({ reason: 'too_large', message: expect.stringContaining('sent 5,120 MB for its API index') });
    expect(asRestError(failure)).toMatchObject({ code: 'inkwell_remote_too_large', status: 502 });
  });

  it('a 10 MB nested-JSON bomb is refused as it arrives', async () => {
    const site = await hostile({ index: 'nested-bomb' });
    const before = memory();
    const failure = await failureOf(discoverSite(site.url));
    expect(failure).toMatchObject({ reason: 'too_large', message: expect.stringContaining('nested more than 128 levels deep') });
    expect(memory() - before).toBeLessThan(100 * MB);
  });

  it('an API answer over its limit fails the request in words, through the client', async () => {
    const site = await hostile({ index: 'gigabyte' });
    const client = createRemoteClient(`${site.url}/wp-json/`, null);
    const failure = await failureOf(client.get('/' as never));
    expect(failure).toMatchObject({ reason: 'too_large', message: expect.stringContaining('for one answer of its API') });
  });
});

describe('lists that lie about their pages', () => {
  const lies: [HostileBehaviour['lists'], string][] = [
    ['empty-pages-claimed-million', 'a million pages claimed, empty ones answered'],
    ['same-page-forever', 'a million pages claimed, the same page answered each time'],
  ];
  for (const [lists, what] of lies) {
    it(`end in a few requests, refused: ${what}`, async () => {
      const site = await hostile({ lists });
      const client = createRemoteClient(`${site.url}/wp-json/`, null);
      let items = 0;
      // Its claimed count (a hundred million) is more than a site holds: refused at the first page.
      await expect(readAllPages(client, contentRoutes('wp/v2').posts('posts'), {}, 4, async (page) => {
        items += page.length;
      })).rejects.toMatchObject({ reason: 'too_large' });
      expect(site.seen.length).toBeLessThanOrEqual(6);
      expect(items).toBeLessThanOrEqual(500);
    });

    it(`let a whole sync end: ${what}`, async () => {
      const site = await hostile();
      const sites = remoteSites();
      const { site: entry } = await connectSite(sites, site.url, CREDENTIALS);
      site.behaviour.lists = lists;
      site.seen.length = 0;
      const workspace = openWorkspace(sites, entry.id);
      try {
        const run = await syncSite(workspace);
        expect(['ok', 'conflicts', 'failed']).toContain(run.result);
        // Each list the sync reads (two of each kind) ends after its first pages (the first, and those already in flight): not a million requests.
        const listReads = site.seen.filter((request) => request.method === 'GET' && new URL(request.path, site.url).searchParams.has('page'));
        expect(listReads.length).toBeLessThanOrEqual(12 * ITEM_KINDS.length);
        // What else it sent: the hundred items of each kind it holds (synced patterns made here among them), once each at
        // most (a double that keeps no posts refuses them), and the few reads of its start.
        expect(site.seen.length - listReads.length).toBeLessThan(100 * ITEM_KINDS.length + 50);
      } finally {
        workspace.close();
      }
    });
  }
});

describe('the draft previewed in the look', () => {
  it('shows its own images from the local copy as data, since the preview allows no network', async () => {
    const site = await hostile();
    const sites = remoteSites();
    const { site: entry } = await connectSite(sites, site.url, CREDENTIALS);
    const workspace = openWorkspace(sites, entry.id, { localBaseUrl: 'http://127.0.0.1:9/copies/one' });
    try {
      const bytes = await solidImage(8, 6, 'png');
      const id = await workspace.local.addMedia({ bytes, fileName: 'photo.png', contentType: 'image/png', title: 'Photo', altText: '' });
      const url = workspace.local.mediaUrl(workspace.local.media(id)!.files.original_file);
      const content = `<p>Look: <img src="${url}" srcset="${url} 2x" alt="mine"> and <img src="https://elsewhere.example/x.png"></p>`;
      const drawn = await inlineDraftImages(content, workspace.local);
      expect(drawn).toBe(`<p>Look: <img src="data:image/png;base64,${(await workspace.local.mediaFile(workspace.local.media(id)!.files.original_file)).toString('base64')}" alt="mine"> and <img src="https://elsewhere.example/x.png"></p>`);
    } finally {
      workspace.close();
    }
  });
});
