// The check before an item goes live: what a writer usually wants to look at (title, excerpt,
// categories, featured image, when), the date in the site's zone, and a date that has passed
// turned into "Publish now" only when the writer says so.
import { useEffect, useRef } from 'react';
import { formatSiteDate, siteNow } from '../components/site-dates.ts';
import { useEscape } from '../components/useEscape.ts';
import type { FieldsPanelProps } from './post-fields.ts';
import { ACTION_TEXT, hasPastDate, prePublishChecks, publishAction } from './publishing.ts';

interface Props extends FieldsPanelProps {
  /** Goes live (or is scheduled) with this date; '' is now. */
  onPublish(date: string): void;
  onCancel(): void;
}

export function PublishPanel({ kind, post, fields, zone, onChange, onPublish, onCancel }: Props) {
  const action = publishAction(post, fields, zone);
  const past = hasPastDate(post, fields, zone);
  const first = useRef<HTMLButtonElement>(null);
  useEscape(onCancel);
  useEffect(() => first.current?.focus(), []);
  return (
    <section className="publish-panel" aria-label="Before publishing">
      <h2>{action === 'schedule' ? 'Ready to schedule?' : 'Ready to publish?'}</h2>
      <ul className="checks">
        {prePublishChecks(kind, fields, zone).map((check) => (
          <li key={check.name} data-ok={check.ok}>
            <span aria-hidden="true">{check.ok ? '✓' : '!'}</span> <strong>{check.name}:</strong> {check.text}
          </li>
        ))}
      </ul>
      <div className="toolbar">
        <label className="inline-field">
          Publish on ({zone.label})
          <input type="datetime-local" step={1} value={fields.date} min={siteNow(zone)} onChange={(event) => onChange({ date: event.target.value })} />
        </label>
        {fields.date !== '' && <button type="button" className="link" onClick={() => onChange({ date: '' })}>Publish now instead</button>}
      </div>
      {past && (
        <div className="notice notice-error" role="alert">
          <span>{formatSiteDate(fields.date, zone)} has passed, so it cannot be scheduled. Publish it now, or pick a later date?</span>
          <span>
            <button ref={first} type="button" className="primary" onClick={() => onPublish('')}>Publish now</button>{' '}
            <button type="button" onClick={() => onPublish(fields.date)}>Publish dated {formatSiteDate(fields.date, zone)}</button>
          </span>
        </div>
      )}
      <div className="toolbar">
        {!past && <button ref={first} type="button" className="primary" onClick={() => onPublish(fields.date)}>{ACTION_TEXT[action]}</button>}
        <button type="button" onClick={onCancel}>Not yet</button>
      </div>
    </section>
  );
}
