// Several sites under one server by path prefix (how the desktop app serves its copies of
// remote sites): each answers whole below its prefix, with its own API, answers, pages and
// uploads, and a path under a prefix never reaches another site.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type RunningSite } from '../../server/http.ts';
import { createSite, type Site } from '../../server/site.ts';

const PREFIX = '/sites/copy';

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A GET with the path exactly as given (fetch would resolve `..` before sending). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port, host } = new URL(base);
    http.get({ hostname, port, path: rawPath, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('sites under one server by path prefix', () => {
  const dirs = { main: tempDir('prefix-main-'), copy: tempDir('prefix-copy-') };
  let running: RunningSite;
  let copy: Site | undefined;

  beforeAll(async () => {
    running = await serveSite({
      dataDir: dirs.main, deployment: 'a', host: '127.0.0.1', port: 0,
      prefixedSites: (pathname) => (copy && (pathname === PREFIX || pathname.startsWith(`${PREFIX}/`)) ? { prefix: PREFIX, site: copy } : null),
    });
    copy = createSite({ dataDir: dirs.copy, deployment: 'b', baseUrl: `${running.url}${PREFIX}` });
  });
  afterAll(async () => {
    await running.close();
    copy?.close();
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers each site’s API from that site, the same route on both kept apart', async () => {
    for (let round = 0; round < 2; round++) {
      const main = await (await fetch(`${running.url}/cms-json/`)).json();
      const copied = await (await fetch(`${running.url}${PREFIX}/cms-json/`)).json();
      expect(main.url).toBe(running.url);
      expect(copied.url).toBe(`${running.url}${PREFIX}`);
      expect(copied.namespaces).not.toEqual(main.namespaces);
    }
    const byQuery = await (await fetch(`${running.url}${PREFIX}/?rest_route=/`)).json();
    expect(byQuery.url).toBe(`${running.url}${PREFIX}`);
  });

  it('serves each site’s own pages and uploads', async () => {
    const home = await fetch(`${running.url}${PREFIX}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('link')).toContain(`${running.url}${PREFIX}/cms-json/`);
    await copy!.context.media.write('note.txt', Buffer.from('the copy’s file'));
    expect(await (await fetch(`${running.url}${PREFIX}/uploads/note.txt`)).text()).toBe('the copy’s file');
    expect((await fetch(`${running.url}/uploads/note.txt`)).status).toBe(404);
  });

  it('keeps a path that climbs out of a prefix inside that site', async () => {
    const climbed = await rawGet(running.url, `${PREFIX}/../../cms-json/`);
    expect(climbed.status).toBe(200);
    expect(JSON.parse(climbed.body).url).toBe(`${running.url}${PREFIX}`);
  });
});
