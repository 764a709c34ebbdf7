// The patterns the inserter offers: the app's own, and for a connected site the patterns it lends
// (a WordPress 6.0+ asked through the desktop app; none from a site that has none, refuses the
// writer or cannot be reached, and no error shown), then the site's synced patterns (each inserted as
// a reference to it). The app's serve at once, without waiting.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { listPatterns, syncedPatternEntries } from './synced-patterns.ts';
import { usePatternRefs } from './usePatternId.ts';
import { desktopApi } from '../../shared/api-routes.ts';
import { NO_PATTERNS } from '../../shared/block-patterns.ts';
import { APP_PATTERN_CATEGORIES, APP_PATTERNS } from './app-patterns.ts';
import { patternEntries } from './pattern-entries.ts';
import type { CatalogueEntry } from './block-catalogue.ts';
import { useConnectedSiteAnswer } from './useConnectedSiteAnswer.ts';

const APP = { patterns: [...APP_PATTERNS], categories: [...APP_PATTERN_CATEGORIES] };

export function useInserterPatterns(): readonly CatalogueEntry[] {
  const lent = useConnectedSiteAnswer('patterns', (home, siteId) => home.get(desktopApi.patterns(siteId)), NO_PATTERNS);
  const client = useClient();
  // Asked again each time a post is opened (not the app's 5 s of freshness): a pattern made on the
  // site just before, by another writer or another window, is offered at once.
  const synced = useQuery({ queryKey: ['synced-patterns', client.apiRoot], retry: false, staleTime: 0, queryFn: () => listPatterns(client) });
  // In a connected site's copy, a pattern goes in under the site's id for it (usePatternRefs).
  const refOf = usePatternRefs();
  return useMemo(() => [...patternEntries([APP, lent]), ...syncedPatternEntries(synced.data ?? [], refOf)], [lent, synced.data, refOf]);
}
