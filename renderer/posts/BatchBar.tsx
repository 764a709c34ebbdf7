// Batch actions on the selected items (which may be on several pages of the list), through
// the site's batch route. Scheduling takes a date in the site's zone, and a date that has
// passed publishes only when the writer says so; deleting for good is asked first.
import { useState } from 'react';
import type { PostKind } from '../routing/routes.ts';
import type { StatusTab, BatchAction } from './list-options.ts';
import { ACTION_LABELS, actionsFor } from './list-options.ts';
import { formatSiteDate, isPast, siteNow, useSiteZone } from '../components/site-dates.ts';
import { count } from '../../shared/count.ts';

interface Props {
  kind: PostKind;
  tab: StatusTab;
  selected: number;
  /** How many of the selected items are in the page of the list in view (others are on other pages, or gone). */
  selectedHere: number;
  busy: boolean;
  onRun(action: BatchAction, when?: string): void;
  onClear(): void;
}

/** An action that waits for the writer's word: deleting for good, or a schedule date that has passed. */
type Asking = { action: 'delete' } | { action: 'schedule'; when: string } | null;

export function BatchBar({ kind, tab, selected, selectedHere, busy, onRun, onClear }: Props) {
  const [when, setWhen] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const zone = useSiteZone();
  if (selected === 0) return null;
  const noun = kind === 'pages' ? 'page' : 'post';
  const elsewhere = selected - selectedHere;
  const run = (action: BatchAction, date?: string) => {
    setAsking(null);
    onRun(action, date);
  };
  const choose = (action: BatchAction) => {
    if (action === 'delete') setAsking({ action });
    else if (action === 'schedule' && isPast(when, zone)) setAsking({ action, when });
    else run(action, action === 'schedule' ? `${when}:00`.slice(0, 19) : undefined);
  };
  return (
    <div className="batch-bar" role="group" aria-label="Batch actions">
      <div className="toolbar">
        <strong>{count(selected, noun)} selected</strong>
        {elsewhere > 0 && <span className="muted">({elsewhere} not shown on this page)</span>}
        <button type="button" className="link" onClick={onClear}>Clear selection</button>
        {actionsFor(tab).map((action) =>
          action === 'schedule' ? (
            <span key={action} className="toolbar">
              <label>
                Publish on ({zone.label}) <input type="datetime-local" aria-label="Schedule date" min={siteNow(zone)} value={when} onChange={(event) => setWhen(event.target.value)} />
              </label>
              <button type="button" disabled={busy || when === ''} onClick={() => choose(action)}>{ACTION_LABELS[action]}</button>
            </span>
          ) : (
            <button key={action} type="button" className={action === 'delete' ? 'danger' : undefined} disabled={busy} onClick={() => choose(action)}>
              {ACTION_LABELS[action]}
            </button>
          ),
        )}
      </div>
      {asking?.action === 'delete' && (
        <div className="notice notice-error" role="alert">
          <span>Delete {count(selected, noun)} for good? They cannot be restored afterwards.</span>
          <span>
            <button type="button" className="danger" onClick={() => run('delete')}>Delete {count(selected, noun)} permanently</button>{' '}
            <button type="button" onClick={() => setAsking(null)}>Keep them</button>
          </span>
        </div>
      )}
      {asking?.action === 'schedule' && (
        <div className="notice notice-error" role="alert">
          <span>{formatSiteDate(asking.when, zone)} has passed, so nothing can be scheduled for it. Publish the {count(selected, noun)} now instead?</span>
          <span>
            <button type="button" className="primary" onClick={() => run('publish')}>Publish now</button>{' '}
            <button type="button" onClick={() => setAsking(null)}>Pick another date</button>
          </span>
        </div>
      )}
    </div>
  );
}
