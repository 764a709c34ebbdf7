// Follows a site's running sync through its event stream: the latest progress while it
// runs; when it ends, the caller is told (to reload the sites and show the result).
import { useEffect, useRef, useState } from 'react';
import type { SyncProgress } from '../../shared/connected-sites.ts';
import { useHomeClient } from '../api/client-context.tsx';
import { sitesApi } from './sites-api.ts';
import { recordedFailure } from '../components/error-words.ts';
import { SiteError } from '../../shared/site-client.ts';

/** A stream cut under way is the browser's own error ("network error", "terminated"): told in words instead. */
const LOST_TRACK = new Error('The app lost track of this sync: its connection to the app broke. The sync itself goes on; open the Sites screen again to see how it ended.');

export function useSyncProgress(siteId: string, syncing: SyncProgress | null, onEnd: () => void): { progress: SyncProgress | null; error: unknown } {
  const client = useHomeClient();
  const [progress, setProgress] = useState<SyncProgress | null>(syncing);
  const [error, setError] = useState<unknown>(null);
  const end = useRef(onEnd);
  end.current = onEnd;
  const running = syncing !== null;

  useEffect(() => {
    if (!running) {
      setProgress(null);
      return;
    }
    const controller = new AbortController();
    setError(null);
    void (async () => {
      try {
        for await (const event of sitesApi.follow(client, siteId, controller.signal)) {
          if (event.event === 'progress') setProgress(event.data);
          if (event.event === 'error') setError(recordedFailure(event.data));
        }
      } catch (failure) {
        if (controller.signal.aborted) return;
        setError(failure instanceof SiteError ? failure : LOST_TRACK);
      }
      if (!controller.signal.aborted) end.current();
    })();
    return () => controller.abort();
  }, [client, siteId, running]);

  return { progress: running ? progress ?? syncing : null, error };
}
