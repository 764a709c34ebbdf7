// One media item: preview, file facts, its texts editable in place (saved on leaving a
// field or with Save), and the actions on it.
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '../../shared/site-types.ts';
import { SiteError } from '../../shared/site-client.ts';
import { useClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { dimensionsOf, fileNameOf, previewOf, titleOf } from './media-item.ts';
import { api } from '../../shared/api-routes.ts';
import { httpDate } from '../../shared/dates.ts';
import { formatSiteDate, useSiteZone } from '../components/site-dates.ts';
import { isEditableImage } from '../../shared/media-edit-policy.ts';

interface Props {
  item: MediaItem;
  onEdit(): void;
  onDeleted(): void;
}

type Field = 'title' | 'alt_text' | 'caption' | 'description';
const FIELDS: { field: Field; label: string; multiline: boolean }[] = [
  { field: 'title', label: 'Title', multiline: false },
  { field: 'alt_text', label: 'Alt text', multiline: false },
  { field: 'caption', label: 'Caption', multiline: true },
  { field: 'description', label: 'Description', multiline: true },
];

// The raw texts, as typed (the rendered ones are HTML); the edit context always has them.
function textsOf(item: MediaItem): Record<Field, string> {
  return { title: item.title.raw ?? '', alt_text: item.alt_text, caption: item.caption.raw ?? '', description: item.description.raw ?? '' };
}

/** A save the site refused because the item changed elsewhere (412), said as what to do next. */
function refusedInWords(caught: unknown): unknown {
  return caught instanceof SiteError && caught.status === 412
    ? new SiteError(caught.code, 'This item was changed somewhere else since it was opened; nothing was overwritten. Open it again to see the other change, then edit.', 412)
    : caught;
}

export function MediaDetails({ item, onEdit, onDeleted }: Props) {
  const client = useClient();
  const queries = useQueryClient();
  const [texts, setTexts] = useState(() => textsOf(item));
  // Counting edits tells whether typing went on while a save was under way.
  const [revision, setRevision] = useState(0);
  const [savedRevision, setSavedRevision] = useState(0);
  const action = useAction<'save' | 'delete'>({ keepErrorWhileRunning: true });
  const [confirming, setConfirming] = useState(false);
  const unsaved = revision !== savedRevision;

  const change = (field: Field, value: string) => {
    setTexts({ ...texts, [field]: value });
    setRevision(revision + 1);
  };

  // Saves go one after another, each based on the version the last one left: a change made
  // elsewhere since (a sync, another window) is refused by the site, not overwritten.
  const basis = useRef(item.modified_gmt);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const save = () => {
    if (!unsaved) return queue.current;
    const sent = revision;
    const body = texts;
    queue.current = queue.current.then(() => action.run(async () => {
      const saved = await client.request('POST', api.media(item.id), { body, headers: { 'if-unmodified-since': httpDate(basis.current) } })
        .catch((caught: unknown) => { throw refusedInWords(caught); });
      basis.current = saved.body.modified_gmt;
      setSavedRevision((current) => Math.max(current, sent));
      await queries.invalidateQueries({ queryKey: ['media'] });
    }, 'save'));
    return queue.current;
  };

  const remove = () => action.run(async () => {
    await client.delete(api.media(item.id), { force: true });
    await queries.invalidateQueries({ queryKey: ['media'] });
    onDeleted();
  }, 'delete');

  const zone = useSiteZone();
  const preview = previewOf(item);
  const dimensions = dimensionsOf(item);
  const facts = [fileNameOf(item), item.mime_type, dimensions && `${dimensions} pixels`, item.date && `uploaded ${formatSiteDate(item.date, zone)}`].filter(Boolean).join(' · ');
  return (
    <section className="media-details" aria-label="Media details">
      {preview && <img className="media-preview" src={preview} alt={item.alt_text} />}
      <p className="muted">{facts}</p>
      <ErrorNotice error={action.error} onDismiss={action.reset} />
      {FIELDS.map(({ field, label, multiline }) => (
        <label key={field}>
          {label}
          {multiline ? (
            <textarea rows={2} value={texts[field]} onChange={(event) => change(field, event.target.value)} onBlur={() => void save()} />
          ) : (
            <input value={texts[field]} onChange={(event) => change(field, event.target.value)} onBlur={() => void save()} />
          )}
        </label>
      ))}
      <div className="toolbar">
        <button type="button" onClick={() => void save()} disabled={!unsaved}>Save</button>
        <span className="save-state" data-state={unsaved ? 'unsaved' : 'saved'} role="status">{action.running === 'save' ? 'Saving…' : unsaved ? 'Unsaved changes' : 'Saved'}</span>
      </div>
      <div className="toolbar">
        {isEditableImage(item.mime_type) && <button type="button" onClick={onEdit}>Edit image</button>}
        {!confirming && <button type="button" className="danger" onClick={() => setConfirming(true)}>Delete permanently</button>}
      </div>
      {confirming && (
        <div className="notice notice-error" role="alert">
          <span>Delete “{titleOf(item)}” and all its files for good? This cannot be undone.</span>
          <span>
            <button type="button" className="danger" onClick={() => void remove()}>Delete for good</button>{' '}
            <button type="button" onClick={() => setConfirming(false)}>Cancel</button>
          </span>
        </div>
      )}
    </section>
  );
}
