// The three-way merge of one item against the version both sides last agreed on (the
// base, kept by the mapping, each side in its own words). Per field: changed only there →
// taken; changed only here → sent; changed on both sides to different values → a conflict
// for that field alone. Content merges per top-level block: a block changed on one side
// only is taken from that side, and only blocks changed on both sides conflict; untouched
// blocks keep their bytes (node-diff3 over the content's pieces).
import { diff3Merge } from 'node-diff3';
import type { LocalWriting } from '../../../server/local-copy/index.ts';
import { contentPieces } from './content-blocks.ts';
import { fieldValue, fieldsOf, sameValue, type FieldName } from './merge-fields.ts';
import type { ItemKind } from '../store/sync-map.ts';
import type { PostWrite } from '../../../shared/site-types.ts';

/** A stretch of merged content: agreed text, or blocks both sides changed (each side's source). */
export type ContentChunk = { ok: string } | { local: string; remote: string };

export interface FieldConflict {
  field: FieldName;
  /** Each side's value in the remote's words (what is sent, what the remote holds). */
  local: unknown;
  remote: unknown;
  /** Content only: the merged content, with the blocks changed on both sides as chunks to choose from. */
  chunks?: ContentChunk[];
}

export interface MergePlan {
  /** The fields to send to the remote (changed only here, or merged), in the remote's words. */
  send: PostWrite;
  conflicts: FieldConflict[];
}

/** The writer's choice for a field, or for a content chunk (`content:<index of the chunk>`). */
export type Picks = Record<string, 'local' | 'remote'>;

export function mergeContent(base: string, local: string, remote: string): ContentChunk[] {
  const regions = diff3Merge(contentPieces(local), contentPieces(base), contentPieces(remote), { excludeFalseConflicts: true });
  return regions.map((region) => (region.ok ? { ok: region.ok.join('') } : { local: region.conflict!.a.join(''), remote: region.conflict!.b.join('') }));
}

/** The content with each chunk as picked (a chunk not picked keeps this computer's blocks). */
export function joinChunks(chunks: readonly ContentChunk[], picks: Picks = {}): string {
  return chunks.map((chunk, index) => ('ok' in chunk ? chunk.ok : picks[`content:${index}`] === 'remote' ? chunk.remote : chunk.local)).join('');
}

export interface MergeSides {
  kind: ItemKind;
  localBase: LocalWriting;
  localNow: LocalWriting;
  remoteBase: Record<string, unknown>;
  remoteNow: Record<string, unknown>;
  /** What the local item sends now, in the remote's words (Outgoing). */
  outgoing: PostWrite;
}

export function planMerge({ kind, localBase, localNow, remoteBase, remoteNow, outgoing }: MergeSides): MergePlan {
  const plan: MergePlan = { send: {}, conflicts: [] };
  for (const field of fieldsOf(kind)) {
    const localChanged = !sameValue(field, fieldValue(localNow as unknown as Record<string, unknown>, field), fieldValue(localBase as unknown as Record<string, unknown>, field));
    if (!localChanged || !(field in outgoing)) continue;
    const mine = fieldValue(outgoing, field);
    const theirs = fieldValue(remoteNow, field);
    const remoteChanged = !sameValue(field, theirs, remoteBase[field] ?? fieldValue({}, field));
    if (!remoteChanged) {
      copyField(plan.send, outgoing, field);
    } else if (sameValue(field, mine, theirs)) {
      // The same change on both sides.
    } else if (field === 'content') {
      const chunks = mergeContent(String(remoteBase.content ?? ''), String(mine), String(theirs));
      if (chunks.every((chunk) => 'ok' in chunk)) plan.send.content = joinChunks(chunks);
      else plan.conflicts.push({ field, local: mine, remote: theirs, chunks });
    } else {
      plan.conflicts.push({ field, local: mine, remote: theirs });
    }
  }
  return plan;
}

/** What to send once the writer picked a side for the conflicting fields and blocks (unpicked: this computer's). */
export function sendWithPicks(plan: MergePlan, outgoing: PostWrite, picks: Picks = {}): PostWrite {
  const send = { ...plan.send };
  for (const conflict of plan.conflicts) {
    if (conflict.chunks) {
      const content = joinChunks(conflict.chunks, picks);
      if (content !== conflict.remote) send.content = content;
    } else if (picks[conflict.field] !== 'remote') {
      copyField(send, outgoing, conflict.field);
    }
  }
  return send;
}

/** One field of what the local item sends, as it sends it. */
function copyField<F extends FieldName>(to: PostWrite, from: PostWrite, field: F): void {
  to[field] = from[field];
}
