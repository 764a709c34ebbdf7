// Compiles the site's command line (server/cli.ts, what `npm run site` runs with tsx) once per
// test run into one ES module (buildSiteCli, build/build-app.ts), for the tests that start it in
// child processes. A process of the compiled entry needs about a third of the CPU of one that
// compiles every TypeScript file again through tsx's loader (measured: 0.35 s against 1.2 s for
// `user create`), and the suite starts hundreds. The packages stay in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildSiteCli } from '../../../build/build-app.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled server/cli.ts: spawn `node <siteCli> …` as `npm run site -- …`. */
    siteCli: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // Inside the project, so that the entry's imports find its node_modules; one per run and project.
  const dir = path.join(project.config.root, 'tmp', `site-cli-${randomBytes(6).toString('hex')}`);
  const entry = path.join(dir, 'cli.mjs');
  const compile = () => buildSiteCli(entry);
  await compile();
  // In watch mode, each rerun compiles the server again: the tests never start a stale one.
  project.onTestsRerun(async () => {
    await compile();
  });
  project.provide('siteCli', entry);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
