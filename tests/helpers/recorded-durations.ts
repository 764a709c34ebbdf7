// How long each test file took in a recorded whole run (tests/file-durations.json), so that the
// files run longest first where vitest has no time of its own for them: a clean clone, as CI's,
// has no vitest cache, and vitest then orders the files by their size, which put 43–73 s files
// (e2e's block-corpus and block-toolbar-fit) among the last, one running alone at the end.
import fs from 'node:fs';
import path from 'node:path';

/** The record, one entry a file as `<project>:<path>` (vitest's own key) with its time in ms. */
export const RECORDED_DURATIONS_FILE = path.resolve(import.meta.dirname, '../file-durations.json');

export function recordedDurations(): ReadonlyMap<string, number> {
  if (!fs.existsSync(RECORDED_DURATIONS_FILE)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(RECORDED_DURATIONS_FILE, 'utf8')) as Record<string, number>));
}
