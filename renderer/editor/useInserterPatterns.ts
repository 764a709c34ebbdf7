// The patterns the inserter offers: the app's own, and for a connected site the patterns it lends
// (a WordPress 6.0+ asked through the desktop app; none from a site that has none, refuses the
// writer or cannot be reached, and no error shown). The app's serve at once, without waiting.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { desktopApi } from '../../shared/api-routes.ts';
import { NO_PATTERNS } from '../../shared/block-patterns.ts';
import { APP_PATTERN_CATEGORIES, APP_PATTERNS } from './app-patterns.ts';
import { patternEntries } from './pattern-entries.ts';
import type { CatalogueEntry } from './block-catalogue.ts';

const APP = { patterns: [...APP_PATTERNS], categories: [...APP_PATTERN_CATEGORIES] };

export function useInserterPatterns(): readonly CatalogueEntry[] {
  const home = useHomeClient();
  const { current } = useSiteChoice();
  const { data } = useQuery({
    queryKey: ['patterns', current?.siteId ?? 'this-computer'],
    // A site's patterns change with its theme and plugins: once per editor visit is plenty.
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: () => (current ? home.get(desktopApi.patterns(current.siteId)) : NO_PATTERNS),
  });
  return useMemo(() => patternEntries([APP, data ?? NO_PATTERNS]), [data]);
}
