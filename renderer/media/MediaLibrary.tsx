// The media library: upload, browse, edit details, edit images. An edited image is a new
// item, shown beside its original.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../shared/site-types.ts';
import { EditOutcome } from './EditOutcome.tsx';
import { ImageEditor } from './image-editor-on-demand.tsx';
import { MediaBrowser } from './MediaBrowser.tsx';
import { MediaDetails } from './MediaDetails.tsx';
import { UploadQueue } from './UploadQueue.tsx';

export function MediaLibrary() {
  const queries = useQueryClient();
  const [selected, setSelected] = useState<MediaItem | null>(null);
  /** The item the selected one was edited from, while the outcome of that edit is shown. */
  const [original, setOriginal] = useState<MediaItem | null>(null);
  const [editing, setEditing] = useState(false);

  const refresh = () => void queries.invalidateQueries({ queryKey: ['media'] });
  const select = (item: MediaItem | null) => {
    setSelected(item);
    setOriginal(null);
  };
  const edited = (item: MediaItem) => {
    setOriginal(selected);
    setSelected(item);
    setEditing(false);
    refresh();
  };

  return (
    <div className="screen media-layout">
      <div>
        <h1>Media</h1>
        <UploadQueue onUploaded={refresh} />
        <MediaBrowser selectedId={selected?.id ?? null} onSelect={select} />
      </div>
      <aside className="editor-side" aria-label="Selected media">
        {original && selected && <EditOutcome original={original} edited={selected} />}
        {selected ? (
          <MediaDetails key={selected.id} item={selected} onEdit={() => setEditing(true)} onDeleted={() => select(null)} />
        ) : (
          <p className="muted">Select an item to see its details.</p>
        )}
      </aside>
      {editing && selected && <ImageEditor item={selected} onSaved={edited} onCancel={() => setEditing(false)} />}
    </div>
  );
}
