// The fields of a conflict as the writer reads them: labels from the field table, terms and
// parents by name (through the local copies they are linked to), the blocks both sides
// changed with their source.
import type { LocalCopy } from '../../../server/local-copy/index.ts';
import type { ConflictField } from '../../../shared/connected-sites.ts';
import { fieldLabel, type FieldName } from './merge-fields.ts';
import type { FieldConflict } from './merge.ts';
import type { SyncMap } from '../store/sync-map.ts';
import { TAXONOMIES } from '../pull/term-mirror.ts';

function inWords(local: LocalCopy, map: SyncMap, field: FieldName, value: unknown): string {
  const taxonomy = TAXONOMIES.find((entry) => entry.field === field)?.taxonomy;
  if (taxonomy) {
    const names = (value as number[]).map((id) => {
      const localId = map.localTermOf(taxonomy, id);
      return (localId !== undefined ? local.term(taxonomy, localId)?.name : undefined) ?? `#${id}`;
    });
    return names.length ? names.join(', ') : '(none)';
  }
  if (field === 'parent') {
    const parent = Number(value) ? map.item('page', Number(value)) : undefined;
    return Number(value) ? (parent && local.item(parent.localId)?.title) || `page #${String(value)}` : '(none: a top page)';
  }
  if (field === 'featured_media') return Number(value) ? `image #${String(value)}` : '(none)';
  if (field === 'sticky') return value ? 'yes' : 'no';
  if (value === null || value === '') return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function conflictFields(local: LocalCopy, map: SyncMap, fields: readonly FieldConflict[]): ConflictField[] {
  return fields.map((conflict) => ({
    field: conflict.field,
    label: fieldLabel(conflict.field),
    local: inWords(local, map, conflict.field, conflict.local),
    remote: inWords(local, map, conflict.field, conflict.remote),
    ...(conflict.chunks ? {
      blocks: conflict.chunks.flatMap((chunk, index) => ('ok' in chunk ? [] : [{ key: `content:${index}`, local: chunk.local, remote: chunk.remote }])),
    } : {}),
  }));
}
