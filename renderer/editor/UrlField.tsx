// An address typed in place, under the toolbar (for a link or an embed): Enter applies,
// Escape goes back to the text. Electron has no window.prompt, and a prompt hides the text.
// For a link, words typed instead of an address find the site's own posts and pages.
import { useState, type FormEvent } from 'react';
import { useLinkSuggestions } from './useLinkSuggestions.ts';

interface Props {
  label: string;
  initial?: string;
  applyLabel: string;
  /** Shown for an existing link. */
  onRemove?(): void;
  /** Offers the site's posts and pages whose titles match the words typed. */
  suggest?: boolean;
  onApply(address: string): void;
  onCancel(): void;
}

export function UrlField({ label, initial = '', applyLabel, onRemove, suggest = false, onApply, onCancel }: Props) {
  const [address, setAddress] = useState(initial);
  const suggestions = useLinkSuggestions(suggest ? address : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(address);
  };
  return (
    <form className="toolbar url-field" aria-label={label} onSubmit={submit} onKeyDown={(event) => { if (event.key === 'Escape') { event.preventDefault(); onCancel(); } }}>
      <label>
        {label}
        {/* The field opens because the writer asked for it: it takes the focus. */}
        <input type="text" inputMode="url" autoFocus value={address} placeholder="https://" onChange={(event) => setAddress(event.target.value)} />
      </label>
      <button type="submit" className="primary" disabled={address.trim() === ''}>{applyLabel}</button>
      {onRemove && <button type="button" onClick={onRemove}>Remove link</button>}
      <button type="button" onClick={onCancel}>Cancel</button>
      {suggestions.length > 0 && (
        <ul className="link-suggestions" aria-label="Posts and pages of this site">
          {suggestions.map((suggestion) => (
            <li key={suggestion.url}>
              <button type="button" className="link" onClick={() => onApply(suggestion.url)}>{suggestion.title || suggestion.url}</button>{' '}
              <span className="muted">{suggestion.url}</span>
              {suggestion.warning && <span className="link-warning">{suggestion.warning}</span>}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
