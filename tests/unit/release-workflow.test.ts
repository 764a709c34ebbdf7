// The release workflow and the packaging configuration, read as files: the rules a broken
// release would break. Desktop jobs run no test that needs Debian's Chromium
// (/usr/bin/chromium: absent on the macOS and Windows runners); each platform's installers
// depend on that platform's own smoke test of the packaged app, and on nothing else; the
// fuses are set as wanted and read back from every packaged app; placeholders in the
// maintainer details stop a release.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../build/build-app.ts';
import { fuseDifferences, fuseName, wantedFuses } from '../../build/fuses.ts';
import { placeholderFields } from '../../build/release-metadata.ts';

interface Step { name?: string; run?: string; uses?: string; if?: string; env?: Record<string, string> }
interface Job { needs?: string | string[]; 'runs-on'?: string; uses?: string; with?: Record<string, string>; steps?: Step[] }
interface Workflow { jobs: Record<string, Job> }

const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
const readWorkflow = (file: string) => parse(fs.readFileSync(path.join(WORKFLOWS, file), 'utf8')) as Workflow;
const release = readWorkflow('release.yml');
const needsOf = (job: Job) => (job.needs === undefined ? [] : [job.needs].flat());

/** The release's jobs with the reusable workflow each platform's call expands to, named caller/job, with that call's inputs. */
function expandedJobs(): { name: string; job: Job; inputs: Record<string, string> }[] {
  return Object.entries(release.jobs).flatMap(([caller, job]) => {
    if (!job.uses) return [{ name: caller, job, inputs: {} }];
    const called = readWorkflow(path.basename(job.uses));
    return Object.entries(called.jobs).map(([name, inner]) => ({ name: `${caller}/${name}`, job: inner, inputs: job.with ?? {} }));
  });
}

const CHROMIUM = '/usr/bin/chromium';
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Whether a file, or any project file it imports (transitively), needs Debian's Chromium. */
function needsChromium(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !fs.existsSync(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  if (source.includes(CHROMIUM)) return true;
  return [...source.matchAll(IMPORT)].some(([, specifier]) => needsChromium(path.resolve(path.dirname(file), specifier), seen));
}

/** The test files a `vitest` command runs: those it names; a command naming none runs a whole project, which is not allowed here. */
function vitestFiles(run: string): string[] | 'unnamed' {
  return run.split('\n').filter((line) => /\bvitest\b/.test(line)).flatMap((line) => {
    const files = line.split(/\s+/).filter((word) => /\.(?:test\.)?[cm]?[jt]s$|\.electron\.ts$/.test(word));
    return files.length > 0 ? files : ['unnamed'];
  }) as string[];
}

/** The smoke-test step of a job: it runs e2e/packaged-smoke.electron.ts. */
const smokeTests = (job: Job) => (job.steps ?? []).filter((step) => step.run?.includes('e2e/packaged-smoke.electron.ts'));
const buildsInstallers = (job: Job) => (job.steps ?? []).some((step) => /electron-builder\b/.test(step.run ?? '') && !/--dir\b/.test(step.run ?? ''));

describe('the release workflow', () => {
  const jobs = expandedJobs();

  it('builds the installers on Linux, macOS and Windows', () => {
    const targets = jobs.filter(({ job }) => buildsInstallers(job)).map(({ inputs }) => `${inputs.platform} ${inputs.targets} ${inputs.arch}`);
    expect(targets.sort()).toEqual(['--linux AppImage deb --x64', '--mac dmg zip --universal', '--win nsis --x64']);
  });

  it('runs, in every desktop job, only tests that do not need Debian\'s Chromium, each named', () => {
    const ran = jobs.flatMap(({ name, job }) => (job.steps ?? []).flatMap((step) => (step.run ? [vitestFiles(step.run)].flat().map((file) => ({ name, file })) : [])));
    expect(ran.length).toBeGreaterThan(0);
    for (const { name, file } of ran) {
      expect(file, `${name} runs a whole vitest project`).not.toBe('unnamed');
      expect(needsChromium(path.join(ROOT, file)), `${name} runs ${file}, which needs ${CHROMIUM}`).toBe(false);
    }
  });

  it('the rule sees a test that needs Chromium through its imports', () => {
    expect(needsChromium(path.join(ROOT, 'e2e', 'electron.e2e.test.ts'))).toBe(true);
    expect(needsChromium(path.join(ROOT, 'e2e', 'packaged-smoke.electron.ts'))).toBe(false);
  });

  it('builds each platform\'s installers only after that platform\'s own smoke test of the packaged app, and after nothing else', () => {
    const packaging = jobs.filter(({ job }) => buildsInstallers(job));
    expect(packaging).toHaveLength(3);
    for (const { name, job, inputs } of packaging) {
      const caller = name.split('/')[0];
      const needs = needsOf(job).map((need) => `${caller}/${need}`);
      expect(needs, `${name} must need exactly one job`).toHaveLength(1);
      const smoke = jobs.find((other) => other.name === needs[0])!;
      expect(smokeTests(smoke.job), `${needs[0]} must smoke-test the packaged app`).not.toHaveLength(0);
      expect(smoke.job['runs-on'], 'on the same runner').toBe(job['runs-on']);
      expect(smoke.inputs, 'for the same platform').toEqual(inputs);
      // The smoke test comes after the app is packed (electron-builder --dir) in that job.
      const steps = smoke.job.steps ?? [];
      const packed = steps.findIndex((step) => /electron-builder\b.*--dir\b/.test(step.run ?? ''));
      expect(packed).toBeGreaterThanOrEqual(0);
      expect(steps.indexOf(smokeTests(smoke.job)[0])).toBeGreaterThan(packed);
    }
  });

  it('reads the fuses of every packaged app and fails on a difference', () => {
    for (const { name, job } of jobs.filter(({ job: candidate }) => (candidate.steps ?? []).some((step) => /electron-builder\b/.test(step.run ?? '')))) {
      const steps = job.steps ?? [];
      const built = steps.map((step, index) => (/electron-builder\b/.test(step.run ?? '') ? index : -1)).filter((index) => index >= 0).at(-1)!;
      const check = steps.findIndex((step, index) => index > built && /npx @electron\/fuses read --app/.test(step.run ?? '') && /build\/fuses\.ts/.test(step.run ?? ''));
      expect(check, `${name} must read its packaged app's fuses`).toBeGreaterThan(built);
    }
  });

  it('publishes each tag\'s installers with the update feeds electron-updater reads (latest*.yml), to the GitHub release', () => {
    const config = parse(fs.readFileSync(path.join(ROOT, 'build', 'electron-builder.yml'), 'utf8')) as { publish: { provider: string }; mac: { target: string[] } };
    expect(config.publish.provider).toBe('github');
    // Squirrel.Mac installs updates from the zip.
    expect(config.mac.target).toContain('zip');
    for (const { name, job } of jobs.filter(({ job: candidate }) => buildsInstallers(candidate))) {
      const steps = job.steps ?? [];
      const installers = steps.find((step) => /electron-builder\b/.test(step.run ?? ''))!;
      expect(installers.run, name).toContain("--publish ${{ startsWith(github.ref, 'refs/tags/v') && 'always' || 'never' }}");
      expect((job as { env?: Record<string, string> }).env?.GH_TOKEN, name).toBe('${{ secrets.GITHUB_TOKEN }}');
      expect((job as { permissions?: Record<string, string> }).permissions, name).toEqual({ contents: 'write' });
      expect(release.jobs[name.split('/')[0]], 'its caller grants that').toMatchObject({ permissions: { contents: 'write' } });
      const kept = steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))!;
      expect((kept as { with: { path: string } }).with.path, name).toContain('dist-installers/latest*.yml');
    }
  });

  it('refuses placeholder maintainer details before building installers', () => {
    for (const { name, job } of jobs.filter(({ job: candidate }) => buildsInstallers(candidate))) {
      const steps = job.steps ?? [];
      const check = steps.findIndex((step) => step.run?.includes('build/release-metadata.ts'));
      const installers = steps.findIndex((step) => /electron-builder\b/.test(step.run ?? ''));
      expect(check, name).toBeGreaterThanOrEqual(0);
      expect(check).toBeLessThan(installers);
    }
  });
});

describe('the fuses of the packaged app', () => {
  it('are set as wanted in build/electron-builder.yml', () => {
    expect(wantedFuses()).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('are each a fuse @electron/fuses knows', () => {
    for (const option of Object.keys(wantedFuses())) expect(Object.keys(FuseV1Options)).toContain(fuseName(option));
  });

  const asRead = (states: Record<string, string>) => ['Analyzing app: inkwell', 'Fuse Version: v1', ...Object.entries(states).map(([name, state]) => `  \u001b[33m${name}\u001b[39m is ${state}`)].join('\n');
  const shipped = { RunAsNode: 'Disabled', EnableCookieEncryption: 'Disabled', EnableNodeOptionsEnvironmentVariable: 'Disabled', EnableNodeCliInspectArguments: 'Disabled', EnableEmbeddedAsarIntegrityValidation: 'Enabled', OnlyLoadAppFromAsar: 'Enabled' };

  it('as read back from a binary: a match passes', () => {
    expect(fuseDifferences(asRead(shipped))).toEqual([]);
  });

  it('as read back from a binary: each fuse that differs, or is missing, fails by name', () => {
    for (const name of Object.keys(wantedFuses()).map(fuseName)) {
      const flipped = { ...shipped, [name]: shipped[name as keyof typeof shipped] === 'Enabled' ? 'Disabled' : 'Enabled' };
      expect(fuseDifferences(asRead(flipped))).toEqual([expect.stringMatching(new RegExp(`^${name} should be`))]);
      const { [name]: _gone, ...without } = shipped as Record<string, string>;
      expect(fuseDifferences(asRead(without))).toEqual([`${name} should be ${shipped[name as keyof typeof shipped] === 'Enabled' ? 'enabled' : 'disabled'}, is missing`]);
    }
  });
});

describe('sharp in each package', () => {
  const config = parse(fs.readFileSync(path.join(ROOT, 'build', 'electron-builder.yml'), 'utf8')) as Record<string, { files?: string[] }>;
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };
  const sharpVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'sharp', 'package.json'), 'utf8')) as { version: string }).version;

  it('Linux: the WebAssembly build at sharp\'s own version, and not the native one (its GLib collides with Electron\'s)', () => {
    expect(manifest.optionalDependencies['@img/sharp-wasm32']).toBe(sharpVersion);
    expect(config.linux.files).toEqual(expect.arrayContaining(['!node_modules/@img/sharp-linux*/**', '!node_modules/@img/sharp-libvips-linux*/**']));
    expect(config.linux.files?.some((pattern) => pattern.includes('sharp-wasm32'))).toBe(false);
  });

  it('macOS and Windows: the native build only', () => {
    for (const platform of ['mac', 'win']) expect(config[platform].files).toEqual(['!node_modules/@img/sharp-wasm32/**']);
  });
});

describe('maintainer details', () => {
  it('finds every placeholder field, nested or not', () => {
    expect(placeholderFields({ author: { name: 'The Inkwell authors', email: 'maintainers@inkwell.invalid' }, homepage: 'https://inkwell.invalid/' })).toEqual(['author.email', 'homepage']);
    expect(placeholderFields({ author: { name: 'Ada', email: 'ada@example.org' }, homepage: 'https://inkwell.example.org/' })).toEqual([]);
  });
});
