// A post here may name a synced pattern of the copy by the copy's own reference to it (one made
// here: Create synced pattern, or the inserter for a pattern the site does not hold; see
// shared/copy-pattern-refs.ts). The site knows it by another id, or not at all: a pattern made here
// goes to the site before the items that use it, and once it is there (created by the push, or
// found there after a lost answer) the copy's items about to be sent that name it so are rewritten
// to its id there (only the ref's number changes), so the copy holds the site's ids as for every
// pulled pattern and the items go out naming it as the site knows it. An item that names a pattern
// the push could not create is held back and said. Every other reference is the site's id.
import type { LocalItem } from '../../../server/local-copy/index.ts';
import type { ItemKind, SyncMap } from '../store/sync-map.ts';
import type { RemoteWorkspace } from '../workspace.ts';
import { ownPatternOf } from '../../../shared/copy-pattern-refs.ts';

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

/** The remote id of the copy's pattern a reference names by the copy's own reference; undefined where it names a remote id, or one the site does not hold. */
function remotePatternOf(map: SyncMap, ref: number): number | undefined {
  const own = ownPatternOf(ref);
  const sent = own === undefined ? undefined : map.itemByLocalId(own);
  return sent?.kind === 'wp_block' ? sent.remoteId : undefined;
}

/** The patterns of the copy, not on the remote yet, that the content names. */
export function unsentPatterns(workspace: RemoteWorkspace, content: string): LocalItem[] {
  const { map, local } = workspace;
  return patternRefs(content).flatMap((ref) => {
    const own = ownPatternOf(ref);
    const pattern = own === undefined ? undefined : local.item(own);
    return pattern?.type === 'wp_block' && !map.itemByLocalId(pattern.id) ? [pattern] : [];
  });
}

/** Rewrites the items about to be sent that name a pattern of the copy the remote holds (pulled, created now, or found after a lost answer) by the copy's reference, to its id there; whether any was. */
export async function referToSentPatterns(workspace: RemoteWorkspace, items: readonly { kind: ItemKind; localId: number }[]): Promise<boolean> {
  const { map, local } = workspace;
  let rewritten = false;
  for (const { kind, localId } of items) {
    const row = local.item(localId);
    if (!row || row.status === 'trash') continue;
    const content = renamePatternRefs(row.content, (ref) => remotePatternOf(map, ref));
    if (content === row.content) continue;
    await local.save(kind, { content }, localId);
    rewritten = true;
  }
  return rewritten;
}
