// Batch actions on the selected items, through the site's batch route in chunks of 25.
import { useState } from 'react';
import type { StatusTab, BatchAction } from './list-options.ts';
import { ACTION_LABELS, actionsFor } from './list-options.ts';

interface Props {
  tab: StatusTab;
  selected: number;
  busy: boolean;
  onRun(action: BatchAction, when?: string): void;
}

export function BatchBar({ tab, selected, busy, onRun }: Props) {
  const [when, setWhen] = useState('');
  if (selected === 0) return null;
  return (
    <div className="toolbar" role="group" aria-label="Batch actions">
      <strong>{selected} selected</strong>
      {actionsFor(tab).map((action) =>
        action === 'schedule' ? (
          <span key={action} className="toolbar">
            <label>
              Publish on <input type="datetime-local" aria-label="Schedule date" value={when} onChange={(event) => setWhen(event.target.value)} />
            </label>
            <button type="button" disabled={busy || when === ''} onClick={() => onRun(action, `${when}:00`.slice(0, 19))}>{ACTION_LABELS[action]}</button>
          </span>
        ) : (
          <button key={action} type="button" className={action === 'delete' ? 'danger' : undefined} disabled={busy} onClick={() => onRun(action)}>
            {ACTION_LABELS[action]}
          </button>
        ),
      )}
    </div>
  );
}
