// The settings of the site written for: its title and tagline, its time zone and its date and
// time formats, with a live example; saved on the site itself (a connected site's own settings),
// after which every date on every screen reads in the new zone and formats at once.
import { useMemo, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '../../shared/site-types.ts';
import { SiteError } from '../../shared/site-client.ts';
import { useClient, useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { formatInstant, useSiteIndex, useSiteZone, zoneNamed } from '../components/site-dates.ts';
import { connectedSettings, localSettings, type SettingsSource } from './settings-source.ts';
import { ZonePicker } from './ZonePicker.tsx';
import { FormatChoice } from './FormatChoice.tsx';

/** The reference's offered formats, its default first. */
const DATE_FORMATS = ['F j, Y', 'Y-m-d', 'm/d/Y', 'd/m/Y'];
const TIME_FORMATS = ['g:i a', 'g:i A', 'H:i'];

function useSettingsSource(): SettingsSource {
  const client = useClient();
  const home = useHomeClient();
  const { current } = useSiteChoice();
  return useMemo(() => (current ? connectedSettings(home, client, current) : localSettings(client)), [client, home, current]);
}

/** A 403 from the site: the account may write but not manage the site. */
const notAllowed = (error: unknown) => error instanceof SiteError && (error.status === 403 || error.code === 'inkwell_remote_not_allowed');

export function SettingsScreen() {
  const source = useSettingsSource();
  const settings = useQuery({ queryKey: ['settings-screen', source.name], queryFn: () => source.read(), retry: false });
  // The form starts once the zone is known too: a site on a manual offset says it only in its index.
  const index = useSiteIndex();
  return (
    <div className="screen settings-screen">
      <h1>Site settings</h1>
      <p className="muted">The title, time zone and date format of {source.name}. Every date in the app is shown in this zone and format, and dates you set are read in it.</p>
      {settings.isPending && <p role="status">Loading the settings…</p>}
      {settings.error && notAllowed(settings.error) ? (
        <p className="notice" role="status">Only an administrator of {source.name} can change its settings. Ask one to change them, or connect it with an administrator’s account on the Sites screen.</p>
      ) : (
        <ErrorNotice error={settings.error} />
      )}
      {settings.data && index.data && <SettingsForm key={source.name} source={source} saved={settings.data} />}
    </div>
  );
}

function SettingsForm({ source, saved }: { source: SettingsSource; saved: SiteSettings }) {
  const queries = useQueryClient();
  const siteZone = useSiteZone();
  // A site on a manual offset has no zone name in its settings: its index says which offset.
  const [draft, setDraft] = useState<SiteSettings>(() => ({ ...saved, timezone: saved.timezone || siteZone.zone }));
  const [now] = useState(() => new Date());
  const save = useAction();
  const [done, setDone] = useState(false);
  const change = (fields: Partial<SiteSettings>) => {
    setDone(false);
    setDraft((current) => ({ ...current, ...fields }));
  };
  const changes = Object.fromEntries(Object.entries(draft).filter(([name, value]) => value !== (name === 'timezone' ? saved.timezone || siteZone.zone : saved[name as keyof SiteSettings]))) as Partial<SiteSettings>;
  const emptyFormat = draft.date_format.trim() === '' || draft.time_format.trim() === '';
  const offsetRefused = !source.takesOffsets && draft.timezone.startsWith('UTC') && draft.timezone !== 'UTC' && changes.timezone !== undefined;
  const preview = zoneNamed(draft.timezone, { dateFormat: draft.date_format, timeFormat: draft.time_format });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      await source.save(changes);
      // Every screen's dates, lists and names follow at once.
      await queries.invalidateQueries();
      setDone(true);
    });
  };

  return (
    <form className="settings-form" onSubmit={submit} aria-label="Site settings">
      <fieldset>
        <legend>The site</legend>
        <label>
          Site title
          <input value={draft.title} onChange={(event) => change({ title: event.target.value })} required />
        </label>
        <label>
          Tagline
          <input value={draft.description} onChange={(event) => change({ description: event.target.value })} placeholder="In a few words, what this site is about" />
        </label>
      </fieldset>
      <ZonePicker value={draft.timezone} now={now} onChange={(timezone) => change({ timezone })} />
      <div className="format-choices">
        <FormatChoice legend="Date format" formats={DATE_FORMATS} value={draft.date_format} zone={preview} now={now} onChange={(date_format) => change({ date_format })} />
        <FormatChoice legend="Time format" formats={TIME_FORMATS} value={draft.time_format} zone={preview} now={now} onChange={(time_format) => change({ time_format })} />
      </div>
      <p className="settings-example" aria-live="polite">
        A date will read: <strong>{emptyFormat ? '…' : formatInstant(now, preview)}</strong>
      </p>
      {offsetRefused && <p className="notice notice-error" role="alert">{source.name} takes a city’s time zone, not a fixed offset: its REST API only saves zone names. Choose a city in the same zone.</p>}
      {emptyFormat && <p className="muted">Type a custom format, or choose one of the formats above.</p>}
      <p className="muted">Scheduled posts keep their moment: 9:00 in New York stays the same instant when the zone changes, and is shown in the new zone.</p>
      <ErrorNotice error={save.error} onDismiss={save.reset} />
      <div className="toolbar">
        <button type="submit" className="primary" disabled={save.busy || emptyFormat || offsetRefused || Object.keys(changes).length === 0}>{save.busy ? 'Saving…' : 'Save settings'}</button>
        {done && <span className="save-state" role="status">Saved. Every date now reads {preview.label === 'UTC' ? 'in UTC' : `in ${preview.label}`}.</span>}
      </div>
    </form>
  );
}
