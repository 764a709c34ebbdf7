// Where a full indexing run stands, kept as one option so that it survives a restart:
// prepare → indexables complete (posts, terms, archives, general pages) → complete (links).
import type { Store } from '../../store/db.ts';
import { getRecordOption, mergeRecordOption } from '../../store/options.ts';

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
  return mergeRecordOption(store, OPTION, INITIAL, { started_at: now(), indexables_completed_at: null, completed_at: null });
}

export function completeIndexables(store: Store): IndexingState {
  return mergeRecordOption(store, OPTION, INITIAL, { indexables_completed_at: now() });
}

export function completeIndexing(store: Store): IndexingState {
  return mergeRecordOption(store, OPTION, INITIAL, { started_at: null, completed_at: now(), first_time: false });
}
