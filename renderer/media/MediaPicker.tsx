// Choosing an image from the library (insert into a post, featured image).
import type { MediaItem } from '../../shared/site-types.ts';
import { Dialog } from './Dialog.tsx';
import { MediaBrowser } from './MediaBrowser.tsx';

interface Props {
  onPick(item: MediaItem): void;
  onClose(): void;
}

export function MediaPicker({ onPick, onClose }: Props) {
  return (
    <Dialog title="Choose an image" onClose={onClose}>
      <MediaBrowser mediaType="image" onSelect={onPick} />
      <div className="toolbar">
        <button type="button" onClick={onClose}>Cancel</button>
      </div>
    </Dialog>
  );
}
