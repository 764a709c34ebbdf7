// The patterns the inserter offers: the app's own, and for a connected site the patterns it lends
// (a WordPress 6.0+ asked through the desktop app; none from a site that has none, refuses the
// writer or cannot be reached, and no error shown). The app's serve at once, without waiting.
import { useMemo } from 'react';
import { desktopApi } from '../../shared/api-routes.ts';
import { NO_PATTERNS } from '../../shared/block-patterns.ts';
import { APP_PATTERN_CATEGORIES, APP_PATTERNS } from './app-patterns.ts';
import { patternEntries } from './pattern-entries.ts';
import type { CatalogueEntry } from './block-catalogue.ts';
import { useConnectedSiteAnswer } from './useConnectedSiteAnswer.ts';

const APP = { patterns: [...APP_PATTERNS], categories: [...APP_PATTERN_CATEGORIES] };

export function useInserterPatterns(): readonly CatalogueEntry[] {
  const lent = useConnectedSiteAnswer('patterns', (home, siteId) => home.get(desktopApi.patterns(siteId)), NO_PATTERNS);
  return useMemo(() => patternEntries([APP, lent]), [lent]);
}
