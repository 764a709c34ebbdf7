// Search and pages over the media library, newest first: the library screen and the
// image picker both browse with it.
import { useEffect, useState } from 'react';
import type { MediaItem } from '../../shared/site-types.ts';
import { SiteError } from '../../shared/site-client.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useDebounced } from '../components/useDebounced.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { useMediaList } from './useMediaList.ts';
import { count } from '../../shared/count.ts';

interface Props {
  /** The kinds of media listed (all when none). */
  mediaType?: readonly ('image' | 'video' | 'audio')[];
  selectedId?: number | null;
  onSelect(item: MediaItem): void;
}

const isPastLastPage = (error: unknown) => error instanceof SiteError && error.code === 'rest_post_invalid_page_number';

export function MediaBrowser({ mediaType, selectedId, onSelect }: Props) {
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const list = useMediaList(page, search, mediaType);
  const lastPage = Math.max(1, list.data?.totalPages ?? 1);

  // Deleting the last item of the last page leaves this page past the end.
  useEffect(() => {
    if (isPastLastPage(list.error)) setPage((current) => Math.max(1, current - 1));
  }, [list.error]);

  const items = list.data?.items ?? [];
  return (
    <div className="media-browser">
      <div className="toolbar">
        <input
          type="search"
          aria-label="Search media"
          placeholder="Search media…"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
        />
        <span className="muted" aria-live="polite">{list.data ? count(list.data.total, 'item') : 'Loading…'}</span>
      </div>
      {!isPastLastPage(list.error) && <ErrorNotice error={list.error} />}
      {list.data && items.length === 0 && <p className="muted">{search ? 'Nothing matches this search.' : 'No media yet.'}</p>}
      <MediaGrid items={items} selectedId={selectedId} onSelect={onSelect} />
      {lastPage > 1 && (
        <div className="toolbar" role="group" aria-label="Pages of media">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page} of {lastPage}</span>
          <button type="button" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      )}
    </div>
  );
}
