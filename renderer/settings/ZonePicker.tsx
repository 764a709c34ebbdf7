// The site's time zone, picked from a list the writer narrows by typing ("new york", "paris",
// "utc+5"); what it is now stays in the list whatever the search.
import { useMemo, useState } from 'react';
import { matchingZones, zoneChoices } from './zone-choices.ts';
import { offsetLabel, zoneLabel } from '../components/site-dates.ts';

interface Props {
  value: string;
  now: Date;
  onChange(zone: string): void;
}

export function ZonePicker({ value, now, onChange }: Props) {
  const [search, setSearch] = useState('');
  const choices = useMemo(() => zoneChoices(now), [now]);
  const found = useMemo(() => matchingZones(choices, search), [choices, search]);
  // What the site has stays offered, even when the search or this browser's list leaves it out.
  const chosen = choices.find((choice) => choice.value === value) ?? { value, label: `${zoneLabel(value)} (${offsetLabel(value, now)})`, words: '' };
  const shown = found.some((choice) => choice.value === value) ? found : [chosen, ...found];
  return (
    <fieldset className="zone-picker">
      <legend>Time zone</legend>
      <label>
        Find a city or an offset
        <input type="search" value={search} placeholder="New York, Paris, UTC+5…" onChange={(event) => setSearch(event.target.value)} />
      </label>
      <select aria-label="Time zone" size={8} value={value} onChange={(event) => onChange(event.target.value)}>
        {shown.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
      </select>
      <p className="muted">{found.length === 0 ? `No zone matches “${search}”. Try a city in the same zone, or an offset such as UTC+5.` : 'Choose a city in the same time zone as the site, so that summer time is followed.'}</p>
    </fieldset>
  );
}
