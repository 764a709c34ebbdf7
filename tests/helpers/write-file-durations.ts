// Writes tests/file-durations.json from vitest's record of a run (its cache's results.json, which
// `npm test` leaves in node_modules/.vite/vitest; or the files given, a file's time from the last that has it): each test
// file that still exists, with its time rounded to 0.1 s. A file the records lack keeps its
// recorded time: `npm test` runs the e2e and wordpress projects in two vitest processes side by
// side, and the one that ends last writes the cache without the other's files. Run it after a
// whole run on a quiet machine:
//   npx tsx tests/helpers/write-file-durations.ts [results.json ...]
import fs from 'node:fs';
import path from 'node:path';
import { RECORDED_DURATIONS_FILE, recordedDurations } from './recorded-durations.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function vitestResults(): string {
  const cache = path.join(ROOT, 'node_modules/.vite/vitest');
  const found = fs.existsSync(cache) ? fs.readdirSync(cache).map((dir) => path.join(cache, dir, 'results.json')).filter((file) => fs.existsSync(file)) : [];
  if (found.length !== 1) throw new Error(`Name vitest's results.json: found ${found.length} under ${cache}`);
  return found[0]!;
}

function measured(source: string): [string, number][] {
  const { results } = JSON.parse(fs.readFileSync(source, 'utf8')) as { results: [string, { duration: number }][] };
  return results.map(([key, { duration }]) => [key, Math.round(duration / 100) * 100]);
}

const sources = process.argv.length > 2 ? process.argv.slice(2) : [vitestResults()];
const times = new Map([...recordedDurations(), ...sources.flatMap(measured)]);
const kept = [...times]
  .filter(([key]) => fs.existsSync(path.join(ROOT, key.slice(key.indexOf(':') + 1))))
  .sort(([a], [b]) => a.localeCompare(b));
fs.writeFileSync(RECORDED_DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(kept), null, 1)}\n`);
console.log(`${kept.length} files' times from ${sources.join(', ')} written to ${path.relative(ROOT, RECORDED_DURATIONS_FILE)}`);
