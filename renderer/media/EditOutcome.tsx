// After an image edit: the original and the new image side by side, so the user sees that
// the edit made a new item and left the original as it was.
import type { MediaItem } from '../../shared/site-types.ts';
import { dimensionsOf, previewOf } from './media-item.ts';

function Version({ item, label }: { item: MediaItem; label: string }) {
  const preview = previewOf(item);
  const dimensions = dimensionsOf(item);
  return (
    <figure>
      {preview && <img src={preview} alt={`${label} image`} />}
      <figcaption>{dimensions ? `${label} · ${dimensions}` : label}</figcaption>
    </figure>
  );
}

export function EditOutcome({ original, edited }: { original: MediaItem; edited: MediaItem }) {
  return (
    <div className="notice notice-ok edit-outcome" role="status">
      <p>Saved as a new item, selected below. The original is unchanged.</p>
      <div className="side-by-side">
        <Version item={original} label="Original" />
        <Version item={edited} label="Edited" />
      </div>
    </div>
  );
}
