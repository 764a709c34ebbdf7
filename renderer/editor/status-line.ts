// The editor's one status line: where the item stands on the site and where the writer's
// changes stand, in words that are true together (a new item is never "all saved").
import { SiteError } from '../../shared/site-client.ts';
import { SAVE_STATE_TEXT, type SaveState } from './post-saver.ts';

/** Said while a new item has not reached the site yet (nothing sent, or its first save failed). */
export const NEW_ITEM_TEXT = 'New, not saved yet';
/** Said when the site could not be reached: the journal on this computer holds the changes. */
export const OFFLINE_TEXT = 'Offline · not saved, kept on this computer';

/** The site was not reached at all (as opposed to refusing the save). */
const unreachable = (error: unknown) => error instanceof SiteError && error.status === 0;

interface Standing {
  state: SaveState;
  error: unknown;
  /** The item's status in words ("Draft", "Scheduled for …"); null while it is new. */
  itemStatus: string | null;
}

export function statusLine({ state, error, itemStatus }: Standing): string {
  if (state === 'failed' && unreachable(error)) return OFFLINE_TEXT;
  const changes = SAVE_STATE_TEXT[state];
  if (itemStatus === null) return state === 'saved' || state === 'unsaved' ? NEW_ITEM_TEXT : changes;
  return `${itemStatus} · ${changes}`;
}
