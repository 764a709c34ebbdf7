// The order the test files run in (tests/helpers/environment-sequencer.ts): longest first by
// vitest's own time of a file, else by the recorded run's (tests/file-durations.json), so a clean
// clone (CI: no vitest cache) starts its long files first; files never timed first; the unit
// files of one environment together; where one process runs several projects, those whose files
// wait before those whose files only compute. Over every file the record names, in every project.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { PROJECTS_IN_ORDER, SameEnvironmentTogether, environmentOf } from '../helpers/environment-sequencer.ts';
import { recordedDurations } from '../helpers/recorded-durations.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RECORDED = recordedDurations();

/** A project as the sequencer reads it: its name, whether its files are isolated, its environment. */
const project = (name: string) => ({ name, config: { isolate: name !== 'unit' && name !== 'blocks', environment: 'node', sequence: { groupOrder: 0 } } });
const spec = (key: string) => {
  const [name, file] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  return { project: project(name), moduleId: path.join(ROOT, file) } as unknown as TestSpecification;
};
const keyOf = (file: TestSpecification) => `${file.project.name}:${path.relative(ROOT, file.moduleId)}`;

/** The sequencer of a run whose vitest cache holds `own` (a clean clone: nothing). */
function sequencer(own: Record<string, number> = {}): SameEnvironmentTogether {
  const cache = {
    getFileTestResults: (key: string) => (key in own ? { duration: own[key], failed: false } : undefined),
    getFileStats: () => undefined,
  };
  return new SameEnvironmentTogether({ config: { root: ROOT, shard: undefined }, cache } as unknown as Vitest);
}

const projectsOf = (keys: string[]) => [...new Set(keys.map((key) => key.slice(0, key.indexOf(':'))))];

describe('the order of the test files', () => {
  it('records times for files that exist, in every project the configuration runs', () => {
    expect(RECORDED.size).toBeGreaterThan(0);
    expect(projectsOf([...RECORDED.keys()])).toEqual(expect.arrayContaining(['site', 'unit', 'e2e', 'wordpress']));
  });

  it('runs a clean clone\'s files longest first by the recorded times, in each project and environment', async () => {
    const sorted = await sequencer().sort([...RECORDED.keys()].map(spec));
    // The files of a project whose files share their workers run one environment after the other: longest first within each.
    const groupOf = (file: TestSpecification) => (file.project.config.isolate ? file.project.name : `${file.project.name} ${environmentOf(file)}`);
    const groups = [...new Set(sorted.map(groupOf))];
    expect(sorted.map(groupOf), 'each group together').toEqual(groups.flatMap((group) => sorted.filter((file) => groupOf(file) === group).map(groupOf)));
    for (const group of groups) {
      const times = sorted.filter((file) => groupOf(file) === group).map((file) => RECORDED.get(keyOf(file))!);
      expect(times, group).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('runs each project\'s files together, the projects whose files wait (site, site-postgres) before those whose files only compute (blocks, unit)', async () => {
    const sorted = await sequencer().sort([...RECORDED.keys()].map(spec));
    const runs = sorted.map((file) => file.project.name).filter((name, index, all) => name !== all[index - 1]);
    const unnamed = projectsOf([...RECORDED.keys()]).filter((name) => !PROJECTS_IN_ORDER.includes(name)).sort();
    expect(runs).toEqual([...unnamed, ...PROJECTS_IN_ORDER]);
    const last = (names: string[]) => Math.max(...names.map((name) => runs.indexOf(name)));
    const first = (names: string[]) => Math.min(...names.map((name) => runs.indexOf(name)));
    expect(last(['site', 'site-postgres'])).toBeLessThan(first(['blocks', 'unit']));
  });

  it('runs a file vitest timed itself by its own time, and a file never timed before the timed ones', async () => {
    const [longest, shortest] = [...RECORDED].filter(([key]) => key.startsWith('site:')).sort(([, a], [, b]) => b - a).map(([key]) => key).filter((_, index, all) => index === 0 || index === all.length - 1);
    const untimed = 'site:tests/unit/test-order.test.ts';
    const sorted = (await sequencer({ [shortest!]: RECORDED.get(longest!)! + 1 }).sort([longest!, shortest!, untimed].map(spec))).map(keyOf);
    expect(sorted).toEqual([untimed, shortest, longest]);
  });
});
