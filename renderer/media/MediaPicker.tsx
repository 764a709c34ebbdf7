// Choosing an image from the library (insert into a post, featured image), or uploading one
// from this computer first: uploaded files join the list to choose from.
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../shared/site-types.ts';
import { Dialog } from '../components/Dialog.tsx';
import { MediaBrowser } from './MediaBrowser.tsx';
import { UploadQueue } from './UploadQueue.tsx';

interface Props {
  onPick(item: MediaItem): void;
  onClose(): void;
  /** Any file of the library (to replace an audio's, a video's or a file's), not only images. */
  anyFile?: boolean;
}

export function MediaPicker({ onPick, onClose, anyFile = false }: Props) {
  const queries = useQueryClient();
  return (
    <Dialog title={anyFile ? 'Choose a file' : 'Choose an image'} onClose={onClose}>
      <UploadQueue onUploaded={() => void queries.invalidateQueries({ queryKey: ['media'] })} />
      <MediaBrowser mediaType={anyFile ? undefined : 'image'} onSelect={onPick} />
      <div className="toolbar">
        <button type="button" onClick={onClose}>Cancel</button>
      </div>
    </Dialog>
  );
}
