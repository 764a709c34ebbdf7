// The side panel of the editor: everything about an item besides its title and content.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Term } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import { formatSiteDate } from '../components/site-dates.ts';
import { describeError } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import type { FieldsPanelProps } from './post-fields.ts';
import { useTerms } from './useTerms.ts';
import { isLive, unpublishedStatuses } from './publishing.ts';
import { useWritingRights } from './account-rights.ts';
import { MediaPicker } from '../media/MediaPicker.tsx';
import { useMediaItem } from './useMediaItem.ts';
import { statusName } from '../posts/status-name.ts';
import { ALL_PAGE_STATUSES, inTreeOrder, useAllPages } from '../posts/useAllPages.ts';
import { api } from '../../shared/api-routes.ts';
import { TemplateChoice } from './TemplateChoice.tsx';

const FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'];
/** Meta fields a writer may set, in words; any other key is the site's or a plug-in's business. */
const META_LABELS: Record<string, string> = {
  inline_featured_image: 'Show the featured image inside the post',
};

interface Props extends FieldsPanelProps {
  /** Takes a live or scheduled item back to draft, at once. */
  onUnpublish(): void;
}

function StatusField({ kind, post, fields, zone, onChange, onUnpublish }: Props) {
  const { mayPublish } = useWritingRights(kind);
  if (post && isLive(post)) {
    return (
      <div className="status-field">
        <span>
          Status: <strong>{post.status === 'future' ? `Scheduled for ${formatSiteDate(post.date, zone)}` : statusName(post.status)}</strong>
        </span>
        <button type="button" onClick={onUnpublish}>{post.status === 'future' ? 'Unschedule (back to draft)' : 'Unpublish (back to draft)'}</button>
      </div>
    );
  }
  const offered = unpublishedStatuses(mayPublish);
  const value = offered.some((status) => status.value === fields.status) ? fields.status : 'draft';
  return (
    <label>
      Save as
      <select value={value} onChange={(event) => onChange({ status: event.target.value })}>
        {offered.map((status) => <option key={status.value} value={status.value}>{status.label}</option>)}
      </select>
    </label>
  );
}

/** The terms of a taxonomy to tick, and a new one made on the site and ticked at once. */
function TermChoices({ taxonomy, label, noun, terms, chosen, onChange }: { taxonomy: 'categories' | 'tags'; label: string; noun: string; terms: Term[] | undefined; chosen: number[]; onChange(ids: number[]): void }) {
  const client = useClient();
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const adding = useAction({ keepErrorWhileRunning: true });
  const add = async () => {
    const wanted = name.trim();
    if (wanted === '' || adding.busy) return;
    // A name the site already has is ticked, not made twice.
    const existing = terms?.find((term) => term.name.toLowerCase() === wanted.toLowerCase());
    if (existing) {
      if (!chosen.includes(existing.id)) onChange([...chosen, existing.id]);
      setName('');
      return;
    }
    await adding.run(async () => {
      const created = await client.post(api.terms(taxonomy), { name: wanted });
      await queries.invalidateQueries({ queryKey: ['terms', taxonomy] });
      onChange([...chosen, created.id]);
      setName('');
    });
  };
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
      {terms?.length === 0 && <span className="muted">None yet: add the first below.</span>}
      <div className="inline-field">
        <input
          aria-label={`New ${noun}`}
          placeholder={`New ${noun}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
        />
        <button type="button" disabled={adding.busy || name.trim() === ''} onClick={() => void add()}>Add</button>
      </div>
      {adding.error ? <span className="field-problem" role="alert">{describeError(adding.error)}</span> : null}
    </fieldset>
  );
}

/** The parent of a page, picked by title from the site's pages (never itself or one below it). */
function ParentChoice({ itemId, parent, onChange }: { itemId: number | null; parent: number; onChange(parent: number): void }) {
  const pages = useAllPages(ALL_PAGE_STATUSES);
  const candidates = inTreeOrder(pages.data ?? [], itemId);
  return (
    <label>
      Parent page
      <select value={parent} onChange={(event) => onChange(Number(event.target.value))}>
        <option value={0}>None (a top-level page)</option>
        {/* A parent the list has not loaded (or cannot show) is still kept. */}
        {parent > 0 && !candidates.some(({ page }) => page.id === parent) && <option value={parent}>Page {parent}</option>}
        {candidates.map(({ page, depth }) => (
          <option key={page.id} value={page.id}>{`${'— '.repeat(depth)}${page.title.raw || '(no title)'}`}</option>
        ))}
      </select>
    </label>
  );
}

function FeaturedImage({ id, onChange }: { id: number; onChange(id: number): void }) {
  const [picking, setPicking] = useState(false);
  const media = useMediaItem(id);
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

export function SidePanel({ kind, post, fields, zone, onChange, onUnpublish }: Props) {
  const isPost = kind === 'posts';
  const categories = useTerms('categories', isPost);
  const tags = useTerms('tags', isPost);
  const labelledMeta = Object.entries(fields.meta).filter(([key]) => key in META_LABELS);
  return (
    <aside className="editor-side" id="editor-settings" aria-label="Settings">
      <StatusField kind={kind} post={post} fields={fields} zone={zone} onChange={onChange} onUnpublish={onUnpublish} />
      <label>
        Publish date ({zone.label})
        <input type="datetime-local" step={1} value={fields.date} onChange={(event) => onChange({ date: event.target.value })} />
        <span className="muted">{fields.date === '' ? 'Empty: the moment it is published.' : formatSiteDate(fields.date, zone)}</span>
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
          <TermChoices taxonomy="categories" label="Categories" noun="category" terms={categories.data} chosen={fields.categories} onChange={(ids) => onChange({ categories: ids })} />
          <TermChoices taxonomy="tags" label="Tags" noun="tag" terms={tags.data} chosen={fields.tags} onChange={(ids) => onChange({ tags: ids })} />
        </>
      )}
      {!isPost && (
        <>
          <ParentChoice itemId={post?.id ?? null} parent={fields.parent} onChange={(parent) => onChange({ parent })} />
          <label>
            Order
            <input type="number" value={fields.menu_order} onChange={(event) => onChange({ menu_order: Number(event.target.value) })} />
          </label>
        </>
      )}
      <FeaturedImage id={fields.featured_media} onChange={(id) => onChange({ featured_media: id })} />
      <TemplateChoice collection={kind} value={fields.template} onChange={(template) => onChange({ template })} />
      {labelledMeta.map(([key, value]) => (
        <label key={key} style={{ flexDirection: 'row', gap: '.4rem' }}>
          <input type="checkbox" checked={value === true} onChange={(event) => onChange({ meta: { ...fields.meta, [key]: event.target.checked } })} /> {META_LABELS[key]}
        </label>
      ))}
    </aside>
  );
}
