// A grid of media items as buttons named by their titles.
import type { MediaItem } from '../../shared/site-types.ts';
import { thumbnailOf } from './useMediaList.ts';

interface Props {
  items: MediaItem[];
  selected: number | null;
  onSelect(item: MediaItem): void;
}

export function MediaGrid({ items, selected, onSelect }: Props) {
  if (items.length === 0) return <p className="muted">No media yet.</p>;
  return (
    <div className="media-grid" role="list" aria-label="Media items">
      {items.map((item) => {
        const thumbnail = thumbnailOf(item);
        const title = item.title.rendered || item.source_url.split('/').pop() || `#${item.id}`;
        return (
          <div role="listitem" key={item.id}>
            <button type="button" aria-label={title} aria-pressed={item.id === selected} onClick={() => onSelect(item)}>
              {thumbnail ? <img src={thumbnail} alt="" loading="lazy" /> : <span>{item.mime_type}</span>}
            </button>
          </div>
        );
      })}
    </div>
  );
}
