// An address typed in place, under the toolbar (for a link or an embed): Enter applies,
// Escape goes back to the text. Electron has no window.prompt, and a prompt hides the text.
import { useState, type FormEvent } from 'react';

interface Props {
  label: string;
  initial?: string;
  applyLabel: string;
  /** Shown for an existing link. */
  onRemove?(): void;
  onApply(address: string): void;
  onCancel(): void;
}

export function UrlField({ label, initial = '', applyLabel, onRemove, onApply, onCancel }: Props) {
  const [address, setAddress] = useState(initial);
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
    </form>
  );
}
