// The fuses the packaged app must carry (build/electron-builder.yml's electronFuses) against
// what `npx @electron/fuses read --app …` reports of a built binary. `npx tsx
// build/fuses.ts <output of fuses read>` fails, naming each fuse that differs, so the
// release workflow stops before an installer is made from a binary that is not hardened.
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { builderConfig } from './packaged-app.ts';

export type FuseSettings = Record<string, boolean>;

/** electronFuses as set in build/electron-builder.yml (electron-builder's option names). */
export function wantedFuses(): FuseSettings {
  return (builderConfig() as unknown as { electronFuses: FuseSettings }).electronFuses;
}

/** electron-builder's option name (runAsNode) as @electron/fuses names the fuse (RunAsNode). */
export function fuseName(option: string): string {
  return option[0].toUpperCase() + option.slice(1);
}

/** "  RunAsNode is Disabled" lines of `@electron/fuses read`, as name -> enabled. */
export function readFuses(output: string): Map<string, boolean | 'other'> {
  const fuses = new Map<string, boolean | 'other'>();
  for (const line of stripVTControlCharacters(output).split('\n')) {
    const match = /^\s*(\w+) is (\w+)\s*$/.exec(line);
    if (match) fuses.set(match[1], match[2] === 'Enabled' ? true : match[2] === 'Disabled' ? false : 'other');
  }
  return fuses;
}

/** Every wanted fuse the binary does not carry as wanted, said plainly; empty when all match. */
export function fuseDifferences(output: string, wanted: FuseSettings = wantedFuses()): string[] {
  const found = readFuses(output);
  const state = (value: boolean | 'other' | undefined) => (value === undefined ? 'missing' : value === 'other' ? 'neither enabled nor disabled' : value ? 'enabled' : 'disabled');
  return Object.entries(wanted)
    .filter(([option, enabled]) => found.get(fuseName(option)) !== enabled)
    .map(([option, enabled]) => `${fuseName(option)} should be ${enabled ? 'enabled' : 'disabled'}, is ${state(found.get(fuseName(option)))}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const differences = fuseDifferences(fs.readFileSync(process.argv[2], 'utf8'));
  if (differences.length > 0) {
    console.error(`The packaged app's fuses are not as build/electron-builder.yml sets them:\n  ${differences.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`All ${Object.keys(wantedFuses()).length} fuses as set in build/electron-builder.yml.`);
}
