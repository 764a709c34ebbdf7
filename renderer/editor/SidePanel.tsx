// The side panel of the editor: everything about an item besides its title and content.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MediaItem, Term } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../app/routes.ts';
import type { PostFields } from './post-fields.ts';
import { useTerms } from './useTerms.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';

const FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'];
const STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'pending', label: 'Pending review' },
  { value: 'publish', label: 'Published (or scheduled with a future date)' },
  { value: 'private', label: 'Private' },
];

interface Props {
  kind: PostKind;
  fields: PostFields;
  onChange(changes: Partial<PostFields>): void;
}

function TermChoices({ label, terms, chosen, onChange }: { label: string; terms: Term[] | undefined; chosen: number[]; onChange(ids: number[]): void }) {
  return (
    <fieldset>
      <legend>{label}</legend>
      {(terms ?? []).map((term) => (
        <label key={term.id} style={{ flexDirection: 'row', gap: '.4rem' }}>
          <input
            type="checkbox"
            checked={chosen.includes(term.id)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, term.id] : chosen.filter((id) => id !== term.id))}
          />
          {term.name}
        </label>
      ))}
      {terms?.length === 0 && <span className="muted">None yet</span>}
    </fieldset>
  );
}

function FeaturedImage({ id, onChange }: { id: number; onChange(id: number): void }) {
  const client = useClient();
  const [picking, setPicking] = useState(false);
  const media = useQuery({ queryKey: ['media-item', id], enabled: id > 0, queryFn: () => client.get<MediaItem>(`cms/v2/media/${id}`) });
  const thumbnail = media.data?.media_details.sizes.thumbnail?.source_url ?? media.data?.source_url;
  return (
    <fieldset>
      <legend>Featured image</legend>
      {id > 0 && thumbnail && <img src={thumbnail} alt={media.data?.alt_text ?? ''} style={{ maxWidth: '100%' }} />}
      <div className="toolbar">
        <button type="button" onClick={() => setPicking(true)}>{id > 0 ? 'Replace' : 'Choose image'}</button>
        {id > 0 && <button type="button" onClick={() => onChange(0)}>Remove</button>}
      </div>
      {picking && <MediaPicker onPick={(item) => { onChange(item.id); setPicking(false); }} onClose={() => setPicking(false)} />}
    </fieldset>
  );
}

export function SidePanel({ kind, fields, onChange }: Props) {
  const isPost = kind === 'posts';
  const categories = useTerms('categories', isPost);
  const tags = useTerms('tags', isPost);
  return (
    <aside className="editor-side" aria-label="Settings">
      <label>
        Status
        <select value={fields.status === 'future' ? 'publish' : fields.status} onChange={(event) => onChange({ status: event.target.value })}>
          {STATUSES.map((status) => <option key={status.value} value={status.value}>{status.label}</option>)}
        </select>
      </label>
      <label>
        Publish date (empty: immediately)
        <input type="datetime-local" step={1} value={fields.date} onChange={(event) => onChange({ date: event.target.value })} />
      </label>
      <label>
        Slug
        <input value={fields.slug} onChange={(event) => onChange({ slug: event.target.value })} />
      </label>
      <label>
        Excerpt
        <textarea rows={3} value={fields.excerpt} onChange={(event) => onChange({ excerpt: event.target.value })} />
      </label>
      <label>
        Password
        <input type="text" autoComplete="off" value={fields.password} onChange={(event) => onChange({ password: event.target.value })} />
      </label>
      {isPost && (
        <>
          <label style={{ flexDirection: 'row', gap: '.4rem' }}>
            <input type="checkbox" checked={fields.sticky} onChange={(event) => onChange({ sticky: event.target.checked })} /> Stick to the top of the blog
          </label>
          <label>
            Format
            <select value={fields.format} onChange={(event) => onChange({ format: event.target.value })}>
              {FORMATS.map((format) => <option key={format} value={format}>{format[0].toUpperCase() + format.slice(1)}</option>)}
            </select>
          </label>
          <TermChoices label="Categories" terms={categories.data} chosen={fields.categories} onChange={(ids) => onChange({ categories: ids })} />
          <TermChoices label="Tags" terms={tags.data} chosen={fields.tags} onChange={(ids) => onChange({ tags: ids })} />
        </>
      )}
      {!isPost && (
        <>
          <label>
            Parent page ID (0: none)
            <input type="number" min={0} value={fields.parent} onChange={(event) => onChange({ parent: Number(event.target.value) })} />
          </label>
          <label>
            Order
            <input type="number" value={fields.menu_order} onChange={(event) => onChange({ menu_order: Number(event.target.value) })} />
          </label>
        </>
      )}
      <FeaturedImage id={fields.featured_media} onChange={(id) => onChange({ featured_media: id })} />
      <label>
        Template
        <input value={fields.template} onChange={(event) => onChange({ template: event.target.value })} />
      </label>
      {Object.keys(fields.meta).length > 0 && (
        <fieldset>
          <legend>Meta fields</legend>
          {Object.entries(fields.meta).map(([key, value]) =>
            typeof value === 'boolean' ? (
              <label key={key} style={{ flexDirection: 'row', gap: '.4rem' }}>
                <input type="checkbox" checked={value} onChange={(event) => onChange({ meta: { ...fields.meta, [key]: event.target.checked } })} /> {key}
              </label>
            ) : (
              <label key={key}>
                {key}
                <input value={String(value ?? '')} onChange={(event) => onChange({ meta: { ...fields.meta, [key]: event.target.value } })} />
              </label>
            ),
          )}
        </fieldset>
      )}
    </aside>
  );
}
