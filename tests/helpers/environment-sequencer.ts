// The order of the test files (vitest.config.ts: sequence.sequencer): longest first, by vitest's
// own times of the files or, where it has none (a clean clone, as CI's), by a recorded run's
// (tests/helpers/recorded-durations.ts), so that the long files start first and no one of them
// runs alone at the end; files never timed (new ones) first, by size, as vitest does.
// One vitest process runs several projects (`npm test`'s runs unit, blocks, site and site-postgres
// beside two others, e2e's and wordpress's), a project's files together: those whose files wait
// (for the site processes they start, for PostgreSQL) first, while the other processes, which wait
// for Chromium and PHP, run beside them; the corpus and unit files, which only compute, last, where
// this process outlives the others (by some 300 s in clean clone ci70) and they alone keep both
// cores busy (PROJECTS_IN_ORDER).
// In a project whose files share their workers (isolate: false) the files of one environment
// (jsdom, node) run one after the other: a worker is kept for the next file only when that file
// asks for the same environment, so files of the two kinds in turn would start a worker, and
// load the block library again, for nearly every file.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { recordedDurations } from './recorded-durations.ts';

/** The environment a file asks for in its header (`@vitest-environment jsdom`), else its project's. */
export function environmentOf(spec: TestSpecification): string {
  const header = fs.readFileSync(spec.moduleId, 'utf8').slice(0, 400);
  return /@vitest-environment\s+(\S+)/.exec(header)?.[1] ?? spec.project.config.environment;
}

/**
 * The projects in the order their files run, where one process runs them: the ones not named first (by name).
 * In ci70 the site-postgres files ran last, alone, at about 1.4 cores for 300 s, while the corpus
 * files had run first beside e2e's and wordpress's processes, 3.9 times their quiet length.
 */
export const PROJECTS_IN_ORDER = ['site', 'site-postgres', 'blocks', 'unit'];

export class SameEnvironmentTogether extends BaseSequencer {
  private readonly recorded = recordedDurations();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = (await super.sort(files)).sort((a, b) => this.compare(a, b));
    // vitest's order keeps each project's files together: grouping within them keeps that.
    const groupOf = (spec: TestSpecification) => (spec.project.config.isolate ? spec.project.name : `${spec.project.name} ${environmentOf(spec)}`);
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) groups.set(groupOf(spec), [...(groups.get(groupOf(spec)) ?? []), spec]);
    return [...groups.values()].flat();
  }

  /** vitest's rules (group order, project, isolated first, failed first), the projects in PROJECTS_IN_ORDER's order, then the longer first; stable, so untimed files keep vitest's order by size. */
  private compare(a: TestSpecification, b: TestSpecification): number {
    const [first, second] = [a.project, b.project];
    if (first.config.sequence.groupOrder !== second.config.sequence.groupOrder) return first.config.sequence.groupOrder - second.config.sequence.groupOrder;
    if (first.name !== second.name) return projectRank(first.name) - projectRank(second.name) || (first.name < second.name ? -1 : 1);
    if (first.config.isolate !== second.config.isolate) return first.config.isolate ? -1 : 1;
    const [timeA, timeB] = [this.timeOf(a), this.timeOf(b)];
    if (timeA.failed !== timeB.failed) return timeA.failed ? -1 : 1;
    if (timeA.duration === undefined || timeB.duration === undefined) return (timeA.duration === undefined ? 0 : 1) - (timeB.duration === undefined ? 0 : 1);
    return timeB.duration - timeA.duration;
  }

  /** A file's time: vitest's own (its cache, with whether it failed), else the recorded run's, else none. */
  private timeOf(spec: TestSpecification): { duration?: number; failed: boolean } {
    const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
    const own = this.ctx.cache.getFileTestResults(key);
    return own ? { duration: own.duration, failed: own.failed } : { duration: this.recorded.get(key), failed: false };
  }
}

/** Where a project's files run among the others': those PROJECTS_IN_ORDER does not name before those it names. */
function projectRank(name: string): number {
  return PROJECTS_IN_ORDER.indexOf(name);
}
