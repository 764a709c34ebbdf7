// One media item: preview, file facts, and its texts editable in place.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { thumbnailOf } from './useMediaList.ts';

interface Props {
  item: MediaItem;
  onEdit(): void;
  onDeleted(): void;
}

type Field = 'title' | 'alt_text' | 'caption' | 'description';
const LABELS: Record<Field, string> = { title: 'Title', alt_text: 'Alt text', caption: 'Caption', description: 'Description' };

function initialTexts(item: MediaItem): Record<Field, string> {
  return {
    title: item.title.raw ?? item.title.rendered,
    alt_text: item.alt_text,
    caption: item.caption.raw ?? '',
    description: item.description.raw ?? '',
  };
}

export function MediaDetails({ item, onEdit, onDeleted }: Props) {
  const client = useClient();
  const queries = useQueryClient();
  const [texts, setTexts] = useState(() => initialTexts(item));
  const [saved, setSaved] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const save = async () => {
    if (saved) return;
    try {
      await client.post(`cms/v2/media/${item.id}`, texts);
      setSaved(true);
      setError(null);
      await queries.invalidateQueries({ queryKey: ['media'] });
    } catch (caught) {
      setError(caught);
    }
  };

  const remove = async () => {
    if (!window.confirm(`Delete “${texts.title}” and all its files for good?`)) return;
    try {
      await client.delete(`cms/v2/media/${item.id}`, { force: true });
      await queries.invalidateQueries({ queryKey: ['media'] });
      onDeleted();
    } catch (caught) {
      setError(caught);
    }
  };

  const preview = thumbnailOf(item);
  const { width, height, filesize } = item.media_details;
  return (
    <section className="media-details" aria-label="Media details">
      {preview && <img src={preview} alt={item.alt_text} style={{ maxWidth: '100%' }} />}
      <p className="muted">
        {item.source_url.split('/').pop()} · {item.mime_type}
        {width && height ? ` · ${width}×${height}` : ''}
        {filesize ? ` · ${Math.round(filesize / 1024)} KB` : ''}
      </p>
      <ErrorNotice error={error} onDismiss={() => setError(null)} />
      {(Object.keys(LABELS) as Field[]).map((field) => (
        <label key={field}>
          {LABELS[field]}
          {field === 'description' || field === 'caption' ? (
            <textarea rows={2} value={texts[field]} onChange={(event) => { setTexts({ ...texts, [field]: event.target.value }); setSaved(false); }} onBlur={() => void save()} />
          ) : (
            <input value={texts[field]} onChange={(event) => { setTexts({ ...texts, [field]: event.target.value }); setSaved(false); }} onBlur={() => void save()} />
          )}
        </label>
      ))}
      <div className="toolbar">
        <button type="button" onClick={() => void save()} disabled={saved}>Save details</button>
        <span className="muted" role="status">{saved ? 'Saved' : 'Unsaved changes'}</span>
      </div>
      <div className="toolbar">
        {item.media_type === 'image' && <button type="button" onClick={onEdit}>Edit image</button>}
        <button type="button" className="danger" onClick={() => void remove()}>Delete permanently</button>
      </div>
    </section>
  );
}
