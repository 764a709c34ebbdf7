// The history of an item: its revisions, a side-by-side diff against what is in the
// editor, and restore of any revision.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Revision } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../app/routes.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useEscape } from '../components/useEscape.ts';
import { WordDiff } from '../components/WordDiff.tsx';
import { readableText } from './readable-text.ts';

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
    queryFn: async () => (await client.list<Revision>(`cms/v2/${kind}/${id}/revisions`, { context: 'edit', per_page: 100 })).items,
  });
  const [chosen, setChosen] = useState<Revision | null>(null);
  useEscape(onClose);
  const selected = chosen ?? revisions.data?.[0] ?? null;
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
            <button key={revision.id} type="button" role="option" aria-selected={revision.id === selected?.id} aria-pressed={revision.id === selected?.id} onClick={() => setChosen(revision)}>
              {revision.modified.replace('T', ' ').slice(0, 19)}
            </button>
          ))}
        </div>
        {selected && (
          <>
            <WordDiff
              before={`${selected.title.raw ?? ''}\n\n${readableText(selected.content.raw ?? '')}`}
              after={`${current.title}\n\n${readableText(current.content)}`}
              beforeLabel="Revision"
              afterLabel="Current"
            />
            <button type="button" className="primary" onClick={() => onRestore(selected)}>Restore this revision</button>
          </>
        )}
      </div>
    </div>
  );
}
