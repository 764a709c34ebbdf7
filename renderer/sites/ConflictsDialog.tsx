// Items changed on this computer and on the site since the last sync: both versions side by
// side with a word diff, and the user's choice of which to keep (or both).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConflictChoice, ConflictPicks, ConnectedSite, SyncConflict } from '../../shared/connected-sites.ts';
import { ConflictFieldPicker } from './ConflictFieldPicker.tsx';
import { useHomeClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { WordDiff } from '../components/WordDiff.tsx';
import { readableText } from '../editor/readable-text.ts';
import { Dialog } from '../components/Dialog.tsx';
import { SITES_QUERY, sitesApi } from './sites-api.ts';
import { statusName } from '../posts/status-name.ts';
import { formatInstant, type SiteZone } from '../components/site-dates.ts';

const CHOICES: { choice: ConflictChoice; label: string }[] = [
  { choice: 'local', label: 'Keep this computer’s version' },
  { choice: 'remote', label: 'Keep the site’s version' },
  { choice: 'both', label: 'Keep both' },
];

/** Fields changed on both sides: the merge (with the picks) comes first; keeping the site's version drops this computer's changes. */
const MERGE_CHOICES: { choice: ConflictChoice; label: string }[] = [
  { choice: 'local', label: 'Merge, with the choices above' },
  { choice: 'remote', label: 'Keep the site’s version' },
  { choice: 'both', label: 'Keep both' },
];

/** An item the site no longer lets this account edit: this computer's version cannot go over it, but it can go as a new draft. */
const REFUSED_CHOICES: { choice: ConflictChoice; label: string }[] = [
  { choice: 'both', label: 'Keep both (send my version as a new draft)' },
  { choice: 'remote', label: 'Keep the site’s version' },
];

/** An item's kind in the dialog's sentences. */
const KIND_NAMES: Record<SyncConflict['kind'], string> = { post: 'post', page: 'page', wp_block: 'synced pattern' };

const readable = (side: SyncConflict['local']) => `${side.title}\n\n${readableText(side.content)}`;

/** One side's state in words: deleted, autosaved and not saved yet, or its status and when it was saved. */
function sideState(side: SyncConflict['local'], zone: SiteZone): string {
  if (side.status === 'deleted') return 'deleted';
  const when = `on ${formatInstant(side.modified_gmt, zone)}`;
  return side.autosaved ? `${statusName(side.status)}, with words autosaved ${when} and not saved yet` : `${statusName(side.status)}, saved ${when}`;
}

export function ConflictsDialog({ site, zone, onClose }: { site: ConnectedSite; zone: SiteZone; onClose(): void }) {
  const client = useHomeClient();
  const queries = useQueryClient();
  const conflicts = useQuery({ queryKey: [...SITES_QUERY, site.id, 'conflicts'], queryFn: () => sitesApi.conflicts(client, site.id) });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [picks, setPicks] = useState<ConflictPicks>({});
  const resolving = useAction();
  const list = conflicts.data ?? [];
  const selected = list.find((conflict) => conflict.id === chosenId) ?? list[0] ?? null;

  const choose = (id: number) => {
    setChosenId(id);
    setPicks({});
  };
  const resolve = (conflict: SyncConflict, choice: ConflictChoice) => resolving.run(async () => {
    const { conflicts: left } = await sitesApi.resolve(client, site.id, conflict.id, choice, picks).catch(async (failure: unknown) => {
      // The site's version may have changed again: the dialog shows the newest one.
      await conflicts.refetch();
      throw failure;
    });
    queries.setQueryData([...SITES_QUERY, site.id, 'conflicts'], left);
    setChosenId(null);
    setPicks({});
    await queries.invalidateQueries({ queryKey: SITES_QUERY, exact: true });
  });

  return (
    <Dialog title="Conflicts" subtitle={site.name} onClose={onClose}>
      <ErrorNotice error={conflicts.error ?? resolving.error} onDismiss={resolving.error ? resolving.reset : undefined} />
      {conflicts.isPending && <p role="status">Loading conflicts…</p>}
      {conflicts.data && list.length === 0 && <p role="status">No conflicts left. Sync again to send what you kept.</p>}
      {list.length > 1 && (
        <div className="toolbar" role="listbox" aria-label="Items in conflict">
          {list.map((conflict) => (
            <button key={conflict.id} type="button" role="option" aria-selected={conflict.id === selected?.id} onClick={() => choose(conflict.id)}>
              {conflict.local.title || conflict.remote.title || `(${KIND_NAMES[conflict.kind]} without a title)`}
            </button>
          ))}
        </div>
      )}
      {selected && (
        <section aria-label={`Conflict: ${selected.local.title || selected.remote.title}`}>
          {selected.reason === 'not_allowed' && (
            <p className="muted">
              {selected.remote.status === 'deleted'
                ? `This ${KIND_NAMES[selected.kind]} is no longer visible to the account this app signs in with (given to another author, or hidden), and it was changed on this computer.`
                : `This ${KIND_NAMES[selected.kind]} was changed on the site, and the account this app signs in with may no longer edit it there (published by an editor, or given to another author).`}
              {' '}Your version is kept here: keep both to send it as a new draft, or keep the site’s version.
            </p>
          )}
          {selected.remote.status === 'deleted' ? (
            <>
              {selected.reason === 'changed' && (
                <p className="muted">
                  This {KIND_NAMES[selected.kind]} was deleted on the site and changed on this computer ({sideState(selected.local, zone)}). Keep this computer’s version to make it on the site again at the next sync, or the site’s to move it to the trash here.
                </p>
              )}
              <section aria-label="On this computer">
                <h3>On this computer</h3>
                <pre>{readable(selected.local)}</pre>
              </section>
            </>
          ) : selected.fields.length > 0 ? (
            <>
              <p className="muted">
                A {KIND_NAMES[selected.kind]} changed in both places. Here: {sideState(selected.local, zone)}. On the site: {sideState(selected.remote, zone)}.
                {' '}What changed in one place only is merged; choose for what changed in both.
              </p>
              <WordDiff before={readable(selected.local)} after={readable(selected.remote)} beforeLabel="On this computer" afterLabel="On the site" compare="versions" />
              <ConflictFieldPicker fields={selected.fields} picks={picks} onPick={(name, side) => setPicks({ ...picks, [name]: side })} />
            </>
          ) : (
            <>
              <p className="muted">
                A {KIND_NAMES[selected.kind]} changed in both places. Here: {sideState(selected.local, zone)}. On the site: {sideState(selected.remote, zone)}.
              </p>
              <WordDiff before={readable(selected.local)} after={readable(selected.remote)} beforeLabel="On this computer" afterLabel="On the site" compare="versions" />
            </>
          )}
          <div className="toolbar">
            {(selected.reason === 'not_allowed' ? REFUSED_CHOICES : selected.fields.length > 0 ? MERGE_CHOICES : CHOICES).map(({ choice, label }, index) => (
              <button key={choice} type="button" className={index === 0 ? 'primary' : undefined} disabled={resolving.busy} onClick={() => void resolve(selected, choice)}>{label}</button>
            ))}
          </div>
        </section>
      )}
      <div className="toolbar">
        <button type="button" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}
