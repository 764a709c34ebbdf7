// How a sync message names one item: its kind and title, so the writer can find it.
import type { ItemKind } from './store/sync-map.ts';

const NOUNS: Record<ItemKind | 'media', string> = { post: 'Post', page: 'Page', wp_block: 'Synced pattern', media: 'Media item' };

/** The kind's name at the start of a sentence. */
export function itemNoun(kind: ItemKind | 'media'): string {
  return NOUNS[kind];
}

/** The kind's items in running text ("posts", "synced patterns"). */
export function itemsNoun(kind: ItemKind): string {
  return `${NOUNS[kind].toLowerCase()}s`;
}

export function itemLabel(kind: ItemKind | 'media', title: string, id: number): string {
  const noun = itemNoun(kind);
  const shown = title.trim();
  return shown ? `${noun} "${shown}"` : `${noun} without a title (id ${id})`;
}
