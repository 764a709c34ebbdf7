// A date or time format picked as in the reference's settings: its usual formats, each shown
// as the site's clock reads now, or a custom PHP format with its live example.
import { useId, useState } from 'react';
import { formatExample, type SiteZone } from '../components/site-dates.ts';

interface Props {
  legend: string;
  /** The reference's choices, first the default. */
  formats: readonly string[];
  value: string;
  zone: SiteZone;
  now: Date;
  onChange(format: string): void;
}

export function FormatChoice({ legend, formats, value, zone, now, onChange }: Props) {
  const name = useId();
  const [customChosen, setCustomChosen] = useState(!formats.includes(value));
  const [customText, setCustomText] = useState(formats.includes(value) ? '' : value);
  const choose = (format: string) => {
    setCustomChosen(false);
    onChange(format);
  };
  const typeCustom = (text: string) => {
    setCustomChosen(true);
    setCustomText(text);
    onChange(text);
  };
  return (
    <fieldset className="format-choice">
      <legend>{legend}</legend>
      {formats.map((format) => (
        <label key={format}>
          <input type="radio" name={name} checked={!customChosen && value === format} onChange={() => choose(format)} />
          <span>{formatExample(format, zone, now)}</span>
          <code className="muted">{format}</code>
        </label>
      ))}
      <label>
        <input type="radio" name={name} checked={customChosen} onChange={() => typeCustom(customText || value)} />
        <span>Custom:</span>
        <input aria-label={`Custom ${legend.toLowerCase()}`} value={customText} placeholder={value} onChange={(event) => typeCustom(event.target.value)} />
        {customChosen && customText.trim() !== '' && <span aria-live="polite">{formatExample(customText, zone, now)}</span>}
      </label>
    </fieldset>
  );
}
