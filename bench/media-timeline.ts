// `npm run bench:media -- --timeline`: where an upload's and an edit's wall time goes in the
// site's own process, from the steps media-timeline.cjs noted there (ms from each request's
// arrival, medians over the runs): the checks and reads before the first pipeline (the
// upload's decode, the edit's pass), that pipeline, the files encoded from its pixels, and
// what follows the last of them (its write, the rows, their commit, the answer).
import path from 'node:path';

/** The preload, for `node --require`. */
export const TIMELINE_PRELOAD = path.resolve(import.meta.dirname, 'media-timeline.cjs');

interface Step {
  step: string;
  start?: number;
  end: number;
}

interface RequestTimeline {
  url: string;
  steps: Step[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** How long each phase of a request took (PHASES); null when it made no image. */
function phases(steps: readonly Step[]): number[] | null {
  const pipelines = steps.filter((step) => step.start !== undefined && step.step !== 'header read').sort((a, b) => a.start! - b.start!);
  const answered = steps.find((step) => step.step === 'answer sent');
  if (pipelines.length === 0 || !answered) return null;
  const [first] = pipelines;
  const lastEncoded = Math.max(...pipelines.map((step) => step.end));
  return [first.start!, first.end - first.start!, lastEncoded - first.end, answered.end - lastEncoded, answered.end];
}

const PHASES = [
  'arrival to the first pipeline (checks, header reads, queue)',
  'the first pipeline (upload: decode to its base; edit: the pass)',
  'the files encoded from its pixels',
  'the last file encoded to the answer sent',
  'arrival to the answer sent',
];

/** `lines`: what the preload wrote, one request a line. */
export function printTimeline(lines: string): void {
  const timelines = lines.trim().split('\n').map((line) => JSON.parse(line) as RequestTimeline);
  const kinds = [
    { name: 'upload', requests: timelines.filter((timeline) => /\/media$/.test(timeline.url)) },
    { name: 'edit', requests: timelines.filter((timeline) => /\/edit$/.test(timeline.url)) },
  ].map((kind) => ({ ...kind, phases: kind.requests.map((request) => phases(request.steps)).filter((durations) => durations !== null) }));
  console.log(`\nin the site's process, ms (median)${''.padEnd(32)}${kinds.map((kind) => `${kind.name} (${kind.phases.length})`.padStart(12)).join('')}`);
  PHASES.forEach((name, index) => {
    console.log(`  ${name.padEnd(64)}${kinds.map((kind) => median(kind.phases.map((durations) => durations[index])).toFixed(1).padStart(12)).join('')}`);
  });
}
