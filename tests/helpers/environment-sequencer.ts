// The order of the test files (vitest.config.ts: sequence.sequencer): vitest's own (longest first),
// except that in a project whose files share their workers (isolate: false) the files of one
// environment (jsdom, node) run one after the other. A worker is kept for the next file only
// when that file asks for the same environment, so files of the two kinds in turn would start a
// worker, and load the block library again, for nearly every file.
import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The environment a file asks for in its header (`@vitest-environment jsdom`), else its project's. */
function environmentOf(spec: TestSpecification): string {
  const header = fs.readFileSync(spec.moduleId, 'utf8').slice(0, 400);
  return /@vitest-environment\s+(\S+)/.exec(header)?.[1] ?? spec.project.config.environment;
}

export class SameEnvironmentTogether extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // vitest's order keeps each project's files together: grouping within them keeps that.
    const groupOf = (spec: TestSpecification) => (spec.project.config.isolate ? spec.project.name : `${spec.project.name} ${environmentOf(spec)}`);
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) groups.set(groupOf(spec), [...(groups.get(groupOf(spec)) ?? []), spec]);
    return [...groups.values()].flat();
  }
}
