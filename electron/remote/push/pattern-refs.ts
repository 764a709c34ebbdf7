// A synced pattern made in the copy goes to the remote before the posts that use it: once the
// push has created it there, the copy's items that name it by its id here are rewritten to its
// id there (only the ref's number changes), so the copy holds the remote's ids as for every
// pulled pattern and the posts go out naming it as the remote knows it. An item that still
// names a pattern the push could not create is held back, said in the run's report.
import type { LocalItem } from '../../../server/local-copy/index.ts';
import { ITEM_KINDS, type SyncMap } from '../store/sync-map.ts';
import type { RemoteWorkspace } from '../workspace.ts';

const REFERENCE = /<!-- wp:block (\{[^]*?\}) \/?-->/g;
const REF = /"ref":(\d+)/;

/** The ids the content's pattern references name. */
export function patternRefs(content: string): number[] {
  return [...content.matchAll(REFERENCE)].flatMap(([, attributes]) => {
    const ref = REF.exec(attributes)?.[1];
    return ref ? [Number(ref)] : [];
  });
}

/** The content with each reference that `to` maps renamed; every other byte as it was. */
export function renamePatternRefs(content: string, to: (ref: number) => number | undefined): string {
  return content.replace(REFERENCE, (block: string, attributes: string) =>
    block.replace(attributes, attributes.replace(REF, (ref: string, id: string) => {
      const renamed = to(Number(id));
      return renamed === undefined ? ref : `"ref":${renamed}`;
    })));
}

/** Whether a reference names a pattern made here by its id here (no remote pattern has that id). */
function namesLocalPattern(map: SyncMap, ref: number): boolean {
  const remote = map.item('wp_block', ref);
  return !remote || remote.localId === ref;
}

/** The patterns made here, not on the remote yet, that the content names. */
export function unsentPatterns(workspace: RemoteWorkspace, content: string): LocalItem[] {
  const { map, local } = workspace;
  return patternRefs(content).flatMap((ref) => {
    const pattern = local.item(ref);
    const unsent = !map.item('wp_block', ref) && pattern?.type === 'wp_block' && !map.itemByLocalId(ref);
    return unsent ? [pattern] : [];
  });
}

/** Rewrites the copy's items that name the patterns just created there (local id → remote id) by their id there. */
export async function referToCreatedPatterns(workspace: RemoteWorkspace, created: ReadonlyMap<number, number>): Promise<void> {
  if (created.size === 0) return;
  const { map, local } = workspace;
  const rename = (ref: number) => (namesLocalPattern(map, ref) ? created.get(ref) : undefined);
  for (const kind of ITEM_KINDS) {
    for (const row of local.items(kind, local.writableStatuses)) {
      if (row.status === 'trash') continue;
      const content = renamePatternRefs(row.content, rename);
      if (content !== row.content) await local.save(kind, { content }, row.id);
    }
  }
}
