// Choosing an image from the library (insert into a post, featured image).
import { useState } from 'react';
import type { MediaItem } from '../../shared/site-types.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useEscape } from '../components/useEscape.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { useMediaList } from './useMediaList.ts';

interface Props {
  onPick(item: MediaItem): void;
  onClose(): void;
}

export function MediaPicker({ onPick, onClose }: Props) {
  const [page, setPage] = useState(1);
  const list = useMediaList(page, '', 'image');
  useEscape(onClose);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Choose an image">
        <div className="toolbar">
          <h2 style={{ margin: 0 }}>Choose an image</h2>
          <button type="button" onClick={onClose}>Close</button>
        </div>
        <ErrorNotice error={list.error} />
        <MediaGrid items={list.data?.items ?? []} selected={null} onSelect={onPick} />
        <div className="toolbar">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <button type="button" disabled={page >= (list.data?.totalPages ?? 1)} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      </div>
    </div>
  );
}
