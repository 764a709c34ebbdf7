// The history of an item: its revisions with who saved them and when, a side-by-side diff
// of any revision against what is in the editor or against any other revision, and restore.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Revision } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../routing/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useEscape } from '../components/useEscape.ts';
import { WordDiff } from '../components/WordDiff.tsx';
import { readableText } from './readable-text.ts';
import { formatSiteDate, relativeTime, useSiteZone } from '../components/site-dates.ts';
import { api } from '../../shared/api-routes.ts';

/** The text a diff compares, of a revision or of the editor. */
const readable = (version: { title: string; content: string }) => `${version.title}\n\n${readableText(version.content)}`;
const versionOf = (revision: Revision) => ({ title: revision.title.raw ?? '', content: revision.content.raw ?? '' });

interface Props {
  kind: PostKind;
  id: number;
  current: { title: string; content: string };
  onRestore(revision: Revision): void;
  onClose(): void;
}

export function RevisionsDialog({ kind, id, current, onRestore, onClose }: Props) {
  const client = useClient();
  const revisions = useQuery({
    queryKey: ['revisions', kind, id],
    queryFn: async () => (await client.list(api.revisions(kind, id), { context: 'edit', per_page: 100 })).items,
  });
  const authorIds = [...new Set(revisions.data?.map((revision) => revision.author) ?? [])];
  const authors = useQuery({
    queryKey: ['users', authorIds],
    enabled: authorIds.length > 0,
    // Names only: a writer without the right to list users still sees the revisions.
    queryFn: async () => new Map((await client.list(api.users(), { _fields: 'id,name' })).items.map((user) => [user.id, user.name])),
  });
  const zone = useSiteZone();
  const [chosen, setChosen] = useState<Revision | null>(null);
  /** The other side of the comparison: null is the text now in the editor. */
  const [against, setAgainst] = useState<number | null>(null);
  useEscape(onClose);
  const selected = chosen ?? revisions.data?.[0] ?? null;
  const other = revisions.data?.find((revision) => revision.id === against) ?? null;
  const describe = (revision: Revision) => `${relativeTime(revision.date_gmt)} · ${authors.data?.get(revision.author) ?? `user ${revision.author}`}`;
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label="Revisions">
        <div className="toolbar">
          <h2 style={{ margin: 0 }}>Revisions</h2>
          <button type="button" onClick={onClose}>Close</button>
        </div>
        <ErrorNotice error={revisions.error} />
        {revisions.data?.length === 0 && <p>No revisions yet. One is kept each time the title, content or excerpt is saved changed.</p>}
        <div className="toolbar" role="listbox" aria-label="Saved revisions">
          {revisions.data?.map((revision) => (
            <button key={revision.id} type="button" role="option" aria-selected={revision.id === selected?.id} aria-pressed={revision.id === selected?.id} title={formatSiteDate(revision.date, zone)} onClick={() => setChosen(revision)}>
              {describe(revision)}
            </button>
          ))}
        </div>
        {selected && (
          <>
            <label className="inline-field">
              Compare with
              <select value={against ?? ''} onChange={(event) => setAgainst(event.target.value === '' ? null : Number(event.target.value))}>
                <option value="">The text in the editor now</option>
                {revisions.data?.filter((revision) => revision.id !== selected.id).map((revision) => (
                  <option key={revision.id} value={revision.id}>{`${describe(revision)} (${formatSiteDate(revision.date, zone)})`}</option>
                ))}
              </select>
            </label>
            <WordDiff
              before={readable(versionOf(selected))}
              after={readable(other ? versionOf(other) : current)}
              beforeLabel={`Revision, ${describe(selected)}`}
              afterLabel={other ? `Revision, ${describe(other)}` : 'In the editor now'}
            />
            <button type="button" className="primary" onClick={() => onRestore(selected)}>Restore this revision</button>
          </>
        )}
      </div>
    </div>
  );
}
