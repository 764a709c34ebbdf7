// The block patterns a connected WordPress lends its editors (`/wp/v2/block-patterns/patterns` and
// `/categories`, WordPress 6.0+, for accounts that may edit posts), read with the writer's account
// for the inserter. A site without the routes (older, or not a WordPress: 404), or that refuses
// the account (401, 403), lends none: not an error for the writer.
import { unlessRefused, type SiteClient } from './site-client.ts';
import { contentRoutes } from './api-routes.ts';
import { NO_PATTERNS, type BlockPattern, type PatternCategory, type SitePatterns } from './block-patterns.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const words = (value: unknown): string[] => (Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : []);

/** The well-formed patterns of an answer: a name, a title and markup at least. */
function patternsOf(answer: unknown): BlockPattern[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((entry: Record<string, unknown> | null) => {
    const { name, title, content } = entry ?? {};
    if (typeof name !== 'string' || typeof title !== 'string' || typeof content !== 'string' || title === '' || content.trim() === '') return [];
    return [{ name, title, content, categories: words(entry?.categories), keywords: words(entry?.keywords), description: text(entry?.description), ...(entry?.inserter === false ? { inserter: false } : {}) }];
  });
}

function categoriesOf(answer: unknown): PatternCategory[] {
  if (!Array.isArray(answer)) return [];
  return answer.flatMap((entry: Record<string, unknown> | null) => (typeof entry?.name === 'string' && typeof entry.label === 'string' ? [{ name: entry.name, label: entry.label }] : []));
}

/** The patterns the site lends and their categories' labels, read on the content namespace `namespace`. */
export async function readSitePatterns(client: SiteClient, namespace: string): Promise<SitePatterns> {
  const routes = contentRoutes(namespace);
  const patterns = patternsOf(await unlessRefused(() => client.get(routes.blockPatterns())));
  if (patterns.length === 0) return NO_PATTERNS;
  return { patterns, categories: categoriesOf(await unlessRefused(() => client.get(routes.blockPatternCategories()))) };
}
