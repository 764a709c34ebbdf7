// A grid of media items, each a button named by the item's title.
import type { MediaItem } from '../../shared/site-types.ts';
import { fileNameOf, labelOf, previewOf } from './media-item.ts';

interface Props {
  items: MediaItem[];
  /** The chosen item, for a grid that keeps a selection; leave out for a grid that only picks. */
  selectedId?: number | null;
  onSelect(item: MediaItem): void;
}

export function MediaGrid({ items, selectedId, onSelect }: Props) {
  return (
    <ul className="media-grid" aria-label="Media items">
      {items.map((item) => {
        const preview = previewOf(item);
        const title = labelOf(item);
        return (
          <li key={item.id}>
            <button
              type="button"
              aria-label={title}
              aria-pressed={selectedId === undefined ? undefined : item.id === selectedId}
              title={`${title} (${fileNameOf(item)})`}
              onClick={() => onSelect(item)}
            >
              {preview ? <img src={preview} alt="" loading="lazy" /> : <span className="media-file">{fileNameOf(item)}</span>}
              <span className="media-grid-title" aria-hidden="true">{title}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
