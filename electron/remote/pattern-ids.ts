// Which synced pattern of a connected site's copy a post's `<!-- wp:block {"ref":N} /-->` names:
// the one piece the editor (desktop route sites/{id}/pattern-ids) and the copy's own reading
// form both resolve references through. In a copy, N is the remote site's id (a post's markup
// travels byte for byte), found through sync's mapping; a pattern made here and not sent yet has
// no id there, so its posts name it by its id here until the push creates it there and
// rewrites them (push/pattern-refs.ts). A remote id wins where both could be meant.
import type { LocalCopy } from '../../server/local-copy/index.ts';
import type { SyncMap } from './store/sync-map.ts';

/** The copy's pattern for each reference a post here may hold (reference → id here). */
export function copyPatternIds(map: SyncMap, local: LocalCopy): Record<number, number> {
  const ids = map.localIds('wp_block');
  const mapped = new Set(Object.values(ids));
  for (const row of local.items('wp_block', local.writableStatuses)) {
    if (!mapped.has(row.id) && !(row.id in ids)) ids[row.id] = row.id;
  }
  return ids;
}
