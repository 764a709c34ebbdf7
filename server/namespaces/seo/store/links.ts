// Links found in the content of indexed objects, and the link counts kept on indexables:
// link_count (outgoing internal links) and incoming_link_count (internal links from
// public sources other than the target itself).
import type { Store } from '../../../store/db.ts';

export type LinkType = 'internal' | 'external' | 'image-internal' | 'image-external';

export interface NewLink {
  url: string;
  type: LinkType;
  target_indexable_id: number | null;
}

/** Replaces the links of a source; returns the targets it linked to before, whose counts change. */
export function replaceLinks(store: Store, indexableId: number, links: readonly NewLink[]): number[] {
  const before = linkTargets(store, indexableId);
  store.run('DELETE FROM seo_links WHERE indexable_id = ?', indexableId);
  for (const link of links) {
    store.run(
      'INSERT INTO seo_links (indexable_id, url, type, target_indexable_id) VALUES (?, ?, ?, ?)',
      indexableId, link.url, link.type, link.target_indexable_id,
    );
  }
  const outgoing = links.filter((link) => link.type === 'internal').length;
  store.run('UPDATE seo_indexables SET link_count = ? WHERE id = ?', outgoing, indexableId);
  return before;
}

export function linkTargets(store: Store, indexableId: number): number[] {
  return store
    .all<{ target: number }>('SELECT DISTINCT target_indexable_id AS target FROM seo_links WHERE indexable_id = ? AND target_indexable_id IS NOT NULL', indexableId)
    .map((row) => row.target);
}

/** Points internal links written before their target was indexed at it, by address. */
export function resolveLinksTo(store: Store, urls: readonly string[], targetId: number): void {
  for (const url of urls) {
    store.run("UPDATE seo_links SET target_indexable_id = ? WHERE target_indexable_id IS NULL AND type = 'internal' AND url = ?", targetId, url);
  }
}

export function recountIncoming(store: Store, ids: Iterable<number>): void {
  for (const id of new Set(ids)) {
    store.run(
      `UPDATE seo_indexables SET incoming_link_count = (
         SELECT COUNT(*) FROM seo_links l JOIN seo_indexables s ON s.id = l.indexable_id
         WHERE l.target_indexable_id = @id AND l.type = 'internal' AND s.is_public = 1 AND s.id <> @id)
       WHERE id = @id`,
      { id },
    );
  }
}
