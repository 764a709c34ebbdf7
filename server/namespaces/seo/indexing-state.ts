// Where a full indexing run stands, kept as one option so that it survives a restart:
// prepare → indexables complete (posts, terms, archives, general pages) → complete (links).
import type { Store } from '../../store/db.ts';
import { getRecordOption, setOption } from '../../store/options.ts';

const OPTION = 'seo_indexing_state';

export interface IndexingState {
  /** GMT time the current run was prepared; null when no run is going on. */
  started_at: string | null;
  indexables_completed_at: string | null;
  completed_at: string | null;
  /** True until a first full run has completed. */
  first_time: boolean;
}

const INITIAL: IndexingState = { started_at: null, indexables_completed_at: null, completed_at: null, first_time: true };

export function getIndexingState(store: Store): IndexingState {
  return getRecordOption(store, OPTION, INITIAL);
}

function now(): string {
  return new Date().toISOString().slice(0, 19);
}

export function prepareIndexing(store: Store): IndexingState {
  const state = { ...getIndexingState(store), started_at: now(), indexables_completed_at: null, completed_at: null };
  setOption(store, OPTION, state);
  return state;
}

export function completeIndexables(store: Store): IndexingState {
  const state = { ...getIndexingState(store), indexables_completed_at: now() };
  setOption(store, OPTION, state);
  return state;
}

export function completeIndexing(store: Store): IndexingState {
  const state = { ...getIndexingState(store), started_at: null, completed_at: now(), first_time: false };
  setOption(store, OPTION, state);
  return state;
}
