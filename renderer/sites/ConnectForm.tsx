// Connecting a site: its address, then either a user name and application password, or the
// site's own sign-in page for apps (opened in the browser; the app waits for the answer). A
// site that sends the app to another origin is connected there only when the writer confirms.
// A WordPress site sends its answer only to the desktop app (its inkwell:// address): in
// browser mode the form says to paste an application password, with a link to the profile
// page where WordPress makes one.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applicationPasswordsPage, type FoundSite, type GrantStarted } from '../../shared/connected-sites.ts';
import { useHomeClient } from '../api/client-context.tsx';
import { describeError, ErrorNotice } from '../components/ErrorNotice.tsx';
import { recordedFailure } from '../components/error-words.ts';
import { useAction } from '../components/useAction.ts';
import { describeFound } from './describe-site.ts';
import { originToConfirm, SITES_QUERY, sitesApi } from './sites-api.ts';

const GRANT_POLL_MS = 1000;

type Step = 'check' | 'connect' | 'grant';

export function ConnectForm() {
  const client = useHomeClient();
  const queries = useQueryClient();
  const [address, setAddress] = useState('');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [found, setFound] = useState<FoundSite | null>(null);
  const action = useAction<Step>();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [grant, setGrant] = useState<GrantStarted | null>(null);
  /** Other origins the writer confirmed for this address, and the step that asked. */
  const [confirmed, setConfirmed] = useState<string[]>([]);
  const [lastStep, setLastStep] = useState<Step>('check');

  const run = (step: Step, work: () => Promise<void>) => {
    setOutcome(null);
    setLastStep(step);
    return action.run(work, step);
  };

  const check = (origins = confirmed) => run('check', async () => setFound(await sitesApi.discover(client, address, origins)));

  /** Either way of connecting ends alike: the site is in the list above, the form empty for the next one (the user name kept). */
  const connected = useCallback((message: string) => {
    setOutcome(message);
    setAddress('');
    setPassword('');
    setFound(null);
    setConfirmed([]);
    return queries.invalidateQueries({ queryKey: SITES_QUERY, exact: true });
  }, [queries]);

  const connectNow = (origins = confirmed) => {
    void run('connect', async () => {
      const site = await sitesApi.connect(client, address, login, password, origins);
      await connected(`Connected to ${site.name} as ${site.login}. Sync it below.`);
    });
  };

  const connect = (event: FormEvent) => {
    event.preventDefault();
    connectNow();
  };

  const signInWithSite = (origins = confirmed) => run('grant', async () => {
    const started = await sitesApi.startGrant(client, address, origins);
    setFound(started.site);
    setGrant(started);
    window.open(started.authorizeUrl, '_blank', 'noopener');
  });

  const elsewhere = originToConfirm(action.error);
  /** The writer confirms the other origin: the step that asked runs again, allowed to go there. */
  const confirmElsewhere = (origin: string) => {
    const origins = [...confirmed, origin];
    setConfirmed(origins);
    if (lastStep === 'connect') connectNow(origins);
    else if (lastStep === 'grant') void signInWithSite(origins);
    else void check(origins);
  };
  /** In browser mode, a WordPress site's profile page: its answer to a sign-in cannot reach the app here. */
  const pastePasswordFrom = window.inkwell === undefined && found ? applicationPasswordsPage(found.authUrl) : null;

  const { fail } = action;
  // The site's page answers to the app's own address; the app learns the outcome by asking.
  useEffect(() => {
    if (!grant) return;
    const timer = window.setInterval(() => {
      sitesApi.grant(client, grant.id).then((state) => {
        if (state.status === 'waiting') return;
        setGrant(null);
        if (state.status === 'connected') {
          // Said as a connection made with a password is (the site's name, and the next step).
          void connected(`Connected to ${grant.site.name}. Sync it below.`);
        } else {
          fail(recordedFailure(state));
        }
      }, (failure: unknown) => {
        setGrant(null);
        fail(failure);
      });
    }, GRANT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [client, connected, fail, grant]);

  return (
    <form className="connect-form" onSubmit={connect} aria-label="Connect a site">
      <h2>Connect a site</h2>
      <label>
        Site address
        <span className="inline-field">
          <input value={address} onChange={(event) => { setAddress(event.target.value); setFound(null); setConfirmed([]); }} placeholder="https://example.com" inputMode="url" autoComplete="url" required />
          <button type="button" disabled={action.busy || address.trim() === ''} onClick={() => void check()}>{action.running === 'check' ? 'Checking…' : 'Check address'}</button>
        </span>
      </label>
      {found && <p className="notice" role="status">Found {describeFound(found)}</p>}
      <div className="connect-fields">
        <label>
          User name
          <input value={login} onChange={(event) => setLogin(event.target.value)} autoComplete="username" required />
        </label>
        <label>
          Application password
          <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="off" required />
        </label>
      </div>
      {pastePasswordFrom ? (
        <p className="notice" role="note">
          <span>
            In the browser, Inkwell cannot receive the answer of {found!.name} to a sign-in (only the desktop app can). Create an application password on{' '}
            <a href={pastePasswordFrom} target="_blank" rel="noopener noreferrer">your profile page there</a> and paste it above with your user name.
          </span>
        </p>
      ) : (
        <p className="muted">Create an application password in your profile on the site, or sign in on the site itself and let it make one for Inkwell.</p>
      )}
      <div className="toolbar">
        <button type="submit" className="primary" disabled={action.busy}>{action.running === 'connect' ? 'Connecting…' : 'Connect'}</button>
        {!pastePasswordFrom && (
          <button type="button" disabled={action.busy || grant !== null || address.trim() === ''} onClick={() => void signInWithSite()}>Sign in with the site</button>
        )}
      </div>
      {grant && (
        <p className="notice" role="status">
          Approve Inkwell on the page of {grant.site.name} that opened in your browser. Waiting for your answer…{' '}
          <a href={grant.authorizeUrl} target="_blank" rel="noopener noreferrer">Open the page again</a>{' '}
          <button type="button" className="link" onClick={() => setGrant(null)}>Stop waiting</button>
        </p>
      )}
      {outcome && <p className="notice notice-ok" role="status">{outcome}</p>}
      {elsewhere ? (
        <div className="notice notice-error" role="alert">
          <span>{describeError(action.error)}</span>{' '}
          <button type="button" disabled={action.busy} onClick={() => confirmElsewhere(elsewhere)}>Connect to {elsewhere}</button>{' '}
          <button type="button" className="link" onClick={action.reset}>Dismiss</button>
        </div>
      ) : (
        <ErrorNotice error={action.error} onDismiss={action.reset} />
      )}
    </form>
  );
}
