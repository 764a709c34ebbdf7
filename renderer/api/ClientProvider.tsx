// Provides the clients: the app's own site, and the one written for now. Choosing another
// site empties the query cache, so no screen shows one site's items as another's. Choosing the
// site already written for changes nothing: emptying the cache then, with nothing to show anew,
// left the requests a screen was waiting for unanswered for good (the settings form never came).
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SiteClient } from '../../shared/site-client.ts';
import type { CopySession } from '../../shared/connected-sites.ts';
import { ClientContext, HomeClientContext, SiteChoiceContext, type SiteChoice } from './client-context.tsx';
import { loadSiteChoice, saveSiteChoice } from './session.ts';

export function ClientProvider({ home, children }: { home: SiteClient; children: ReactNode }) {
  const queries = useQueryClient();
  const [current, setCurrent] = useState<CopySession | null>(loadSiteChoice);
  // The choice last made, which a choice made from an earlier render compares with.
  const chosen = useRef(current);
  const client = useMemo(() => (current ? new SiteClient(current.apiRoot, current.credentials) : home), [current, home]);
  const choice = useMemo<SiteChoice>(() => ({
    current,
    choose(session) {
      if ((session?.siteId ?? null) === (chosen.current?.siteId ?? null)) return;
      chosen.current = session;
      saveSiteChoice(session);
      queries.clear();
      setCurrent(session);
    },
  }), [current, queries]);
  return (
    <HomeClientContext.Provider value={home}>
      <SiteChoiceContext.Provider value={choice}>
        <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
      </SiteChoiceContext.Provider>
    </HomeClientContext.Provider>
  );
}
