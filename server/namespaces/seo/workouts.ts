// The state of the cornerstone and orphaned-content workouts (which steps are done, which
// indexables each step handled), kept as one option, checked as Yoast checks it.
import type { Store } from '../../store/db.ts';
import { getRecordOption, setOption } from '../../store/options.ts';

const OPTION = 'seo_workouts';

export const WORKOUT_STEPS = {
  cornerstone: ['chooseCornerstones', 'checkLinks', 'addLinks'],
  orphaned: ['improveRemove', 'update', 'addLinks', 'removed', 'noindexed', 'improved', 'skipped'],
} as const;

export type WorkoutName = keyof typeof WORKOUT_STEPS;

export interface WorkoutState {
  finishedSteps: string[];
  indexablesByStep: Record<string, unknown[]>;
}

export type Workouts = Record<WorkoutName, WorkoutState>;

const EMPTY: Workouts = {
  cornerstone: { finishedSteps: [], indexablesByStep: {} },
  orphaned: { finishedSteps: [], indexablesByStep: {} },
};

export function getWorkouts(store: Store): Workouts {
  return getRecordOption(store, OPTION, EMPTY);
}

/** Why a sent workout is not acceptable, or null: exactly finishedSteps and indexablesByStep, known steps only. */
export function workoutProblem(name: WorkoutName, value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${name} must be an object.`;
  const keys = Object.keys(value).sort().join(',');
  if (keys !== 'finishedSteps,indexablesByStep') return `${name} must have exactly finishedSteps and indexablesByStep.`;
  const { finishedSteps, indexablesByStep } = value as Record<string, unknown>;
  const allowed: readonly string[] = WORKOUT_STEPS[name];
  if (!Array.isArray(finishedSteps) || finishedSteps.some((step) => !allowed.includes(step as string))) {
    return `${name}.finishedSteps must list steps among: ${allowed.join(', ')}.`;
  }
  if (typeof indexablesByStep !== 'object' || indexablesByStep === null || Array.isArray(indexablesByStep)
    || Object.values(indexablesByStep).some((list) => !Array.isArray(list))) {
    return `${name}.indexablesByStep must map steps to lists.`;
  }
  return null;
}

/** Keeps only the ids of the indexables each step handled (the removed ones whole: they no longer exist). */
function compact(state: WorkoutState): WorkoutState {
  const byStep: Record<string, unknown[]> = {};
  for (const [step, list] of Object.entries(state.indexablesByStep)) {
    byStep[step] = step === 'removed' ? list : list.map((item) => (typeof item === 'object' && item !== null && 'id' in item ? item.id : item));
  }
  return { finishedSteps: state.finishedSteps, indexablesByStep: byStep };
}

export function saveWorkouts(store: Store, workouts: Workouts): Workouts {
  const value = { cornerstone: compact(workouts.cornerstone), orphaned: compact(workouts.orphaned) };
  setOption(store, OPTION, value);
  return value;
}
