// The patterns as the inserter lists them (block-catalogue.ts): each by its title with its first
// category's label beside it, found by its title, keywords, description and categories, inserted
// from its markup as any block is. The app's come first, then the connected site's; a pattern the
// site keeps out of its inserter, or one of a name already listed, is left out.
import type { SitePatterns } from '../../shared/block-patterns.ts';
import type { CatalogueEntry } from './block-catalogue.ts';

/** The label a pattern of no known category is listed under, as the block editor's. */
export const UNCATEGORISED = 'Uncategorised';

export function patternEntries(sources: readonly SitePatterns[]): CatalogueEntry[] {
  const seen = new Set<string>();
  return sources.flatMap(({ patterns, categories }) => {
    const labels = new Map(categories.map((category) => [category.name, category.label]));
    return patterns.flatMap((pattern): CatalogueEntry[] => {
      if (pattern.inserter === false || seen.has(pattern.name)) return [];
      seen.add(pattern.name);
      const named = pattern.categories.flatMap((name) => labels.get(name) ?? []);
      return [{
        title: pattern.title,
        keywords: ['pattern', ...pattern.keywords, pattern.description, ...named.slice(1)].join(' '),
        category: named[0] ?? UNCATEGORISED,
        creation: { kind: 'markup', markup: pattern.content },
      }];
    });
  });
}
