// Which synced pattern of a connected site's copy a post's `<!-- wp:block {"ref":N} /-->` names:
// the one piece the editor (desktop route sites/{id}/pattern-ids, the pattern's view and the word
// count) and the copy's own reading page resolve references through. In a copy, N is the remote
// site's id (a post's markup travels byte for byte), found through sync's mapping. A reference put
// in here (the inserter and Create synced pattern list the copy's patterns) names the pattern by
// its id here until the push sends it naming the id there (push/pattern-refs.ts). Where both could
// be meant, the remote's id wins.
import type { LocalCopy } from '../../server/local-copy/index.ts';
import type { SyncMap } from './store/sync-map.ts';

/** The copy's pattern for each reference a post here may hold (reference → id here). */
export function copyPatternIds(map: SyncMap, local: LocalCopy): Record<number, number> {
  const ids = map.localIds('wp_block');
  for (const row of local.items('wp_block', local.writableStatuses)) ids[row.id] ??= row.id;
  return ids;
}
