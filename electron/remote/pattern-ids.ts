// Which synced pattern of a connected site's copy a post's `<!-- wp:block {"ref":N} /-->` names:
// the one piece the editor (desktop route sites/{id}/pattern-ids, the pattern's view and the word
// count) and the copy's own reading page resolve references through. In a copy, N is the remote
// site's id (a post's markup travels byte for byte), found through sync's mapping; a reference put
// in here to a pattern the site does not hold yet (one made here) names it by the copy's own
// reference (shared/copy-pattern-refs.ts), above every site's ids, until the push sends it naming
// the id there (push/pattern-refs.ts). The two never meet: a number names one pattern.
import type { LocalCopy } from '../../server/local-copy/index.ts';
import type { SyncMap } from './store/sync-map.ts';
import { ownPatternRef } from '../../shared/copy-pattern-refs.ts';

/** The copy's pattern for each reference a post here may hold (reference → id here). */
export function copyPatternIds(map: SyncMap, local: LocalCopy): Record<number, number> {
  const ids = map.localIds('wp_block');
  for (const row of local.items('wp_block', local.writableStatuses)) ids[ownPatternRef(row.id)] = row.id;
  return ids;
}
