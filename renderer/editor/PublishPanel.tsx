// The check before an item goes live: what a writer usually wants to look at (title, excerpt,
// categories, featured image, when), the date in the site's zone, and a date that has passed
// turned into "Publish now" only when the writer says so. An account that may not publish
// submits for review instead (no date to schedule: the site's editors choose when).
import { useEffect, useRef } from 'react';
import { formatSiteDate, siteNow } from '../components/site-dates.ts';
import { useEscape } from '../components/useEscape.ts';
import type { FieldsPanelProps } from './post-fields.ts';
import { ACTION_TEXT, type PublishAction, hasPastDate, prePublishChecks, publishAction } from './publishing.ts';
import { useWritingRights } from './account-rights.ts';

const HEADINGS: Record<PublishAction, string> = {
  publish: 'Ready to publish?', update: 'Ready to publish?', schedule: 'Ready to schedule?',
  submit: 'Ready to submit for review? This account may not publish here: the site’s editors do.',
};

interface Props extends FieldsPanelProps {
  /** Goes live (or is scheduled, or submitted for review) with this date; '' is now. */
  onPublish(date: string): void;
  onCancel(): void;
}

export function PublishPanel({ kind, post, fields, zone, onChange, onPublish, onCancel }: Props) {
  const { mayPublish } = useWritingRights(kind);
  const action = publishAction(post, fields, zone, new Date(), mayPublish);
  const past = mayPublish && hasPastDate(post, fields, zone);
  const first = useRef<HTMLButtonElement>(null);
  useEscape(onCancel);
  useEffect(() => first.current?.focus(), []);
  return (
    <section className="publish-panel" aria-label="Before publishing">
      <h2>{HEADINGS[action]}</h2>
      <ul className="checks">
        {prePublishChecks(kind, fields, zone).filter((check) => mayPublish || check.name !== 'When').map((check) => (
          <li key={check.name} data-ok={check.ok}>
            <span aria-hidden="true">{check.ok ? '✓' : '!'}</span> <strong>{check.name}:</strong> {check.text}
          </li>
        ))}
      </ul>
      {mayPublish && <div className="toolbar">
        <label className="inline-field">
          Publish on ({zone.label})
          <input type="datetime-local" step={1} value={fields.date} min={siteNow(zone)} onChange={(event) => onChange({ date: event.target.value })} />
        </label>
        {fields.date !== '' && <button type="button" className="link" onClick={() => onChange({ date: '' })}>Publish now instead</button>}
      </div>}
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
