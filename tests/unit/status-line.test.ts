// The editor's one status line (renderer/editor/status-line.ts) is true in every save state:
// a new item is never said saved, an item on the site always names its status, and a save
// that could not reach the site says the changes are kept on this computer.
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../shared/site-client.ts';
import { SAVE_STATE_TEXT, type SaveState } from '../../renderer/editor/post-saver.ts';
import { NEW_ITEM_TEXT, OFFLINE_TEXT, statusLine } from '../../renderer/editor/status-line.ts';

const STATES = Object.keys(SAVE_STATE_TEXT) as SaveState[];
const refused = new SiteError('rest_cannot_edit', 'Sorry.', 403);
const unreachable = new SiteError('network_error', 'The site could not be reached.', 0);

describe('the status line', () => {
  it.each(STATES)('of a new item in state %s never says it is saved', (state) => {
    const line = statusLine({ state, error: state === 'failed' ? refused : null, itemStatus: null });
    expect(line).not.toContain(SAVE_STATE_TEXT.saved);
    if (state === 'saved' || state === 'unsaved') expect(line).toBe(NEW_ITEM_TEXT);
  });

  it.each(STATES)('of an item on the site in state %s names its status and where the changes stand', (state) => {
    expect(statusLine({ state, error: state === 'failed' ? refused : null, itemStatus: 'Draft' })).toBe(`Draft · ${SAVE_STATE_TEXT[state]}`);
  });

  it.each([null, 'Published'])('says offline, with the changes kept here, when the site was not reached (item status %s)', (itemStatus) => {
    expect(statusLine({ state: 'failed', error: unreachable, itemStatus })).toBe(OFFLINE_TEXT);
  });
});
