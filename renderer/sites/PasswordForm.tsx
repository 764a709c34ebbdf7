// A new application password for a connected site's account, checked by the site before it
// replaces the stored one (after the old one was revoked), so the local copy is kept.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConnectedSite } from '../../shared/connected-sites.ts';
import { useHomeClient } from '../api/client-context.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useAction } from '../components/useAction.ts';
import { SITES_QUERY, sitesApi } from './sites-api.ts';

export function PasswordForm({ site, onDone }: { site: ConnectedSite; onDone(): void }) {
  const client = useHomeClient();
  const queries = useQueryClient();
  const [password, setPassword] = useState('');
  const saving = useAction();

  const save = (event: FormEvent) => {
    event.preventDefault();
    return saving.run(async () => {
      await sitesApi.replacePassword(client, site.id, password);
      await queries.invalidateQueries({ queryKey: SITES_QUERY, exact: true });
      onDone();
    });
  };

  return (
    <form className="toolbar" onSubmit={(event) => void save(event)} aria-label={`New application password for ${site.name}`}>
      <label className="inline-field">
        New application password for {site.login}
        <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="off" required autoFocus />
      </label>
      <button type="submit" className="primary" disabled={saving.busy}>{saving.busy ? 'Checking…' : 'Save password'}</button>
      <button type="button" onClick={onDone}>Cancel</button>
      <ErrorNotice error={saving.error} />
    </form>
  );
}
