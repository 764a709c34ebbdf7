// Asks for an address (a link's, an embed's) in the app's own dialog. window.prompt does
// not exist in Electron (it throws), so Link and Embed did nothing in the desktop window;
// this is the same in the window and in a browser.
import { useState } from 'react';
import { Dialog } from '../media/Dialog.tsx';

interface Props {
  title: string;
  /** The confirming button's label. */
  action: string;
  initial?: string;
  /** The address typed, trimmed ('' when emptied). */
  onAnswer(address: string): void;
  /** Cancel or Escape. */
  onCancel(): void;
}

export function AddressDialog({ title, action, initial = '', onAnswer, onCancel }: Props) {
  const [address, setAddress] = useState(initial);
  return (
    <Dialog title={title} onClose={onCancel}>
      <form
        className="address-form"
        onSubmit={(event) => {
          event.preventDefault();
          onAnswer(address.trim());
        }}
      >
        <label>
          Address
          <input type="text" inputMode="url" autoFocus value={address} onChange={(event) => setAddress(event.target.value)} placeholder="https://" />
        </label>
        <div className="toolbar">
          <button type="submit">{action}</button>
          <button type="button" onClick={onCancel}>Cancel</button>
        </div>
      </form>
    </Dialog>
  );
}
