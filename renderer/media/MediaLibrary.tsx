// The media library: upload, browse, edit details, edit images. An edited image appears
// as a new item beside its original.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../shared/site-types.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useDebounced } from '../posts/useDebounced.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { MediaDetails } from './MediaDetails.tsx';
import { ImageEditor } from './ImageEditor.tsx';
import { UploadQueue } from './UploadQueue.tsx';
import { useMediaList } from './useMediaList.ts';

export function MediaLibrary() {
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const list = useMediaList(page, search);
  const [selected, setSelected] = useState<MediaItem | null>(null);
  const [original, setOriginal] = useState<MediaItem | null>(null);
  const [editing, setEditing] = useState(false);

  const refresh = () => void queries.invalidateQueries({ queryKey: ['media'] });
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
        <div className="toolbar">
          <input type="search" aria-label="Search media" placeholder="Search media…" value={searchText} onChange={(event) => { setSearchText(event.target.value); setPage(1); }} />
          <span className="muted">{list.data ? `${list.data.total} items` : 'Loading…'}</span>
        </div>
        <ErrorNotice error={list.error} />
        <MediaGrid items={list.data?.items ?? []} selected={selected?.id ?? null} onSelect={(item) => { setSelected(item); setOriginal(null); }} />
        <div className="toolbar">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page} of {Math.max(1, list.data?.totalPages ?? 1)}</span>
          <button type="button" disabled={page >= (list.data?.totalPages ?? 1)} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      </div>
      <aside className="editor-side" aria-label="Selected media">
        {original && selected && (
          <div className="notice notice-ok" role="status">
            Saved as a new item. The original “{original.title.rendered}” is unchanged.
            <div className="side-by-side">
              <figure><img src={original.media_details.sizes.thumbnail?.source_url ?? original.source_url} alt="Original" /><figcaption>Original</figcaption></figure>
              <figure><img src={selected.media_details.sizes.thumbnail?.source_url ?? selected.source_url} alt="Edited" /><figcaption>Edited</figcaption></figure>
            </div>
          </div>
        )}
        {selected ? (
          <MediaDetails key={selected.id} item={selected} onEdit={() => setEditing(true)} onDeleted={() => setSelected(null)} />
        ) : (
          <p className="muted">Select an item to see its details.</p>
        )}
      </aside>
      {editing && selected && <ImageEditor item={selected} onSaved={edited} onCancel={() => setEditing(false)} />}
    </div>
  );
}
