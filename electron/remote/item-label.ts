// How a sync message names one item: its kind and title, so the writer can find it.
import type { ItemKind } from './store/sync-map.ts';

export function itemLabel(kind: ItemKind | 'media', title: string, id: number): string {
  const noun = kind === 'page' ? 'Page' : kind === 'media' ? 'Media item' : 'Post';
  const shown = title.trim();
  return shown ? `${noun} "${shown}"` : `${noun} without a title (id ${id})`;
}
