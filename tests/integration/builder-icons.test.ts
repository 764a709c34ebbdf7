// The page builder's custom icon sets (deployment B): added with `npm run site -- icons add`,
// sanitised on the way in, and exported by GET builder/v1/icons/export as a zip download
// (manifest.json plus the SVG files) for the people who manage the site's options.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliDatabaseArgs, startTestSite, type TestRole, type TestSite } from '../helpers/test-site.ts';
import { siteCommandArgs } from '../helpers/site-cli/command.ts';

const ROUTE = '/builder/v1/icons/export';
const CLI_TIMEOUT = 60_000;

/** Runs `npm run site -- …` without blocking this process, which serves the site under test. */
function cli(dataDir: string, ...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, siteCommandArgs(...args, '--data', dataDir, ...cliDatabaseArgs(dataDir)), { encoding: 'utf8', timeout: CLI_TIMEOUT }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function download(site: TestSite, as: TestRole | null): Promise<Download> {
  const response = await fetch(new URL('builder/v1/icons/export', site.apiRoot), { headers: as ? { authorization: site.authHeader(as) } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

function unzip(bytes: Buffer): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, Buffer.from(data).toString('utf8')]));
}

const HOME = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 12 12 3l9 9v9H3z"/></svg>
`;
const HOSTILE = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert('load')">
  <script>alert('script')</script>
  <foreignObject width="24" height="24"><div xmlns="http://www.w3.org/1999/xhtml">html inside</div></foreignObject>
  <use xlink:href="https://tracker.example/sprite.svg#arrow"/>
  <path d="M20 12H4m6-6-6 6 6 6" fill="url(https://tracker.example/p.svg#g)" onclick="alert('click')"/>
</svg>`;

// Each test reads only the icon sets of its own prefix (the empty export has a site of its own).
describe('builder/v1 icon export (deployment B)', () => {
  let site: TestSite;
  let svgDir: string;

  /** Adds the icons of the test folder as a set under `prefix`. */
  async function addSet(prefix: string, name: string): Promise<void> {
    const added = await cli(site.dataDir, 'icons', 'add', '--name', name, '--prefix', prefix, '--from', svgDir);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain(`Added the icon set "${prefix}" with 2 icons.`);
  }

  beforeAll(async () => {
    site = await startTestSite('b');
    svgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'icons-'));
    fs.writeFileSync(path.join(svgDir, 'home.svg'), HOME);
    fs.writeFileSync(path.join(svgDir, 'Arrow Left.svg'), HOSTILE);
    // Not icons: a hidden file and a subfolder are skipped.
    fs.writeFileSync(path.join(svgDir, '.DS_Store'), Buffer.from([0, 1, 2, 3]));
    fs.mkdirSync(path.join(svgDir, 'originals'));
    fs.writeFileSync(path.join(svgDir, 'originals', 'big.svg'), HOME);
    // The sets the refusing and the listing tests read (the export test adds its own, to see it appear).
    await addSet('rf-', 'Refusing');
    await addSet('ls-', 'Listed icons');
  });
  afterAll(async () => {
    await site.close();
    fs.rmSync(svgDir, { recursive: true, force: true });
  });

  it('lists the route in the index document and the namespace index with no parameters', async () => {
    const expected = {
      namespace: 'builder/v1',
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: [] }],
      _links: { self: [{ href: `${site.apiRoot}builder/v1/icons/export` }] },
    };
    const index = await site.api('');
    expect(index.body.routes[ROUTE]).toEqual(expected);
    const namespace = await site.api('builder/v1');
    expect(namespace.status).toBe(200);
    expect(Object.keys(namespace.body.routes)).toEqual(['/builder/v1', ROUTE]);
    expect(namespace.body.routes[ROUTE]).toEqual(expected);
  });

  it('answers 401 without credentials and 403 to users who do not manage options, in the error shape', async () => {
    const anonymous = await site.api(ROUTE);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ code: 'rest_forbidden', message: expect.any(String), data: { status: 401 } });
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const) {
      const denied = await site.api(ROUTE, { as: role });
      expect(denied.status, role).toBe(403);
      expect(denied.body).toEqual({ code: 'rest_forbidden', message: expect.any(String), data: { status: 403 } });
    }
  });

  it('exports an empty, valid archive while the site has no icon sets', async () => {
    // A site of its own: the other tests add sets.
    const bare = await startTestSite('b');
    let empty: Download;
    try {
      empty = await download(bare, 'administrator');
    } finally {
      await bare.close();
    }
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('application/zip');
    expect(empty.headers.get('content-disposition')).toBe('attachment; filename="icon-sets.zip"');
    expect(Number(empty.headers.get('content-length'))).toBe(empty.bytes.length);
    // Only the end-of-central-directory record: zero entries, no comment.
    expect(empty.bytes.length).toBe(22);
    expect(empty.bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x05\x06', 'latin1'));
    expect(empty.bytes.readUInt16LE(10)).toBe(0);
    expect(unzip(empty.bytes)).toEqual({});
  });

  it('exports the sets added with the CLI: a manifest and each icon sanitised, as soon as they are added', async () => {
    await addSet('si-', 'Site icons');

    // Another process wrote to the site: the export (cached for this user a moment ago) follows.
    const exported = await download(site, 'administrator');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    const files = unzip(exported.bytes);
    expect(Object.keys(files).filter((name) => !name.includes('/') || name.startsWith('si-/')).sort()).toEqual(['manifest.json', 'si-/arrow-left.svg', 'si-/home.svg']);

    const manifest = JSON.parse(files['manifest.json']);
    expect({ ...manifest, icon_sets: manifest.icon_sets.filter((set: { prefix: string }) => set.prefix === 'si-') }).toEqual({
      version: 1,
      icon_sets: [{
        name: 'Site icons',
        prefix: 'si-',
        created_gmt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        icon_count: 2,
        icons: [{ name: 'arrow-left', file: 'si-/arrow-left.svg' }, { name: 'home', file: 'si-/home.svg' }],
      }],
    });
    for (const set of manifest.icon_sets) for (const icon of set.icons) expect(files[icon.file]).toBeDefined();

    expect(files['si-/home.svg']).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 12 12 3l9 9v9H3z"/></svg>');
    const arrow = files['si-/arrow-left.svg'];
    expect(arrow).toContain('<path d="M20 12H4m6-6-6 6 6 6"/>');
    expect(arrow).toContain('viewBox="0 0 24 24"');
    expect(arrow).not.toMatch(/alert|<script|onload|onclick|foreignObject|html inside|tracker\.example/);

    // The same sets give the same bytes, from the cache or not.
    expect((await download(site, 'administrator')).bytes).toEqual(exported.bytes);
  });

  it('refuses a folder that holds anything but SVG images, and adds nothing from it', async () => {
    const before = (await download(site, 'administrator')).bytes;
    const mixed = fs.mkdtempSync(path.join(os.tmpdir(), 'icons-mixed-'));
    try {
      fs.writeFileSync(path.join(mixed, 'ok.svg'), HOME);
      fs.writeFileSync(path.join(mixed, 'photo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
      fs.writeFileSync(path.join(mixed, 'page.svg'), '<!doctype html><html><body>not an image</body></html>');
      const refused = await cli(site.dataDir, 'icons', 'add', '--name', 'Mixed', '--prefix', 'mx-', '--from', mixed);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('photo.png: not an .svg file');
      expect(refused.stderr).toContain('page.svg: not an SVG image');
      expect(refused.stderr).not.toContain('ok.svg');
    } finally {
      fs.rmSync(mixed, { recursive: true, force: true });
    }
    const taken = await cli(site.dataDir, 'icons', 'add', '--name', 'Again', '--prefix', 'rf-', '--from', svgDir);
    expect(taken.status).not.toBe(0);
    expect(taken.stderr).toContain('prefix "rf-" exists already');
    expect((await download(site, 'administrator')).bytes).toEqual(before);
  });

  it('lists and removes sets with the CLI, and documents the commands in --help', async () => {
    const listed = await cli(site.dataDir, 'icons', 'list');
    expect(listed.status).toBe(0);
    expect(listed.stdout.split('\n')).toContain('ls-  2 icons  Listed icons');

    const help = await cli(site.dataDir, '--help');
    expect(help.stdout).toMatch(/icons add\s+Add a custom icon set/);
    expect(help.stdout).toContain('--name NAME --prefix PREFIX');
    expect(help.stdout).toMatch(/icons list/);
    expect(help.stdout).toMatch(/icons remove\s+Remove an icon set\. --prefix PREFIX/);

    expect((await cli(site.dataDir, 'icons', 'remove', '--prefix', 'nope-')).status).not.toBe(0);
    const removed = await cli(site.dataDir, 'icons', 'remove', '--prefix', 'ls-');
    expect(removed.status).toBe(0);
    expect(Object.keys(unzip((await download(site, 'administrator')).bytes)).filter((name) => name.startsWith('ls-/'))).toEqual([]);
  });
});

describe('builder/v1 in deployment A', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite('a');
  });
  afterAll(() => site.close());

  it('is neither listed nor served', async () => {
    const index = await site.api('');
    expect(index.body.namespaces).not.toContain('builder/v1');
    expect(Object.keys(index.body.routes).filter((route) => route.startsWith('/builder/'))).toEqual([]);
    const response = await site.api(ROUTE, { as: 'administrator' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('rest_no_route');
  });
});
