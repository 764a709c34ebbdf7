// Seeds a site's data directory with posts, categories and tags through the site's own
// writer, so that rendered caches, slugs, revisions and the search index are real.
import { performance } from 'node:perf_hooks';
import { createSite } from '../server/site.ts';
import type { SiteContext } from '../server/site-context.ts';
import { createPost } from '../server/content/post-writer.ts';
import { createTerm } from '../server/store/terms.ts';
import { appPasswordCreateCommand } from '../server/auth/account-commands.ts';
import { getUserByLogin } from '../server/store/users.ts';

const WORDS = ('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore ' +
  'magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat ' +
  'garden kitchen bicycle mountain harbour lantern violin meadow thunder orchard').split(' ');

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let index = 0; index < length; index++) words.push(WORDS[(seed * 31 + index * 17) % WORDS.length]);
  return words.join(' ');
}

export interface Seeded {
  appPassword: string;
  somePostId: number;
  batchIds: number[];
  searchWord: string;
  seconds: number;
}

export interface SeedOptions {
  /** A postgres:// address to seed instead of SQLite in `dataDir`. */
  database?: string;
  /** More markup for post `index`, which may link to the posts made before it (`earlierIds`). */
  moreContent?: (index: number, earlierIds: readonly number[]) => string;
}

/** Writes `count` published posts (and their categories and tags) into a site, as its administrator; their ids. */
export function seedInto(context: SiteContext, count: number, moreContent?: SeedOptions['moreContent']): number[] {
  const { store } = context;
  const admin = getUserByLogin(store, 'admin')!;
  const user = { id: admin.id, login: admin.login, role: admin.role };
  const categories = Array.from({ length: 20 }, (_, index) =>
    createTerm(store, { taxonomy: 'category', name: `Category ${index}`, slug: `category-${index}`, parent: 0, description: '' }));
  const tags = Array.from({ length: 100 }, (_, index) =>
    createTerm(store, { taxonomy: 'post_tag', name: `Tag ${index}`, slug: `tag-${index}`, parent: 0, description: '' }));
  const ids: number[] = [];
  store.transaction(() => {
    for (let index = 0; index < count; index++) {
      const params = {
        title: `${sentence(index, 5)} ${index}`,
        content: `<!-- wp:paragraph -->\n<p>${sentence(index, 80)}</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>${sentence(index + 7, 80)}</p>\n<!-- /wp:paragraph -->${moreContent?.(index, ids) ?? ''}`,
        status: 'publish',
        date: new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString().slice(0, 19),
        categories: [categories[index % categories.length]],
        tags: [tags[index % tags.length], tags[(index * 7) % tags.length]],
      };
      ids.push(createPost(context, 'post', user, params, new Set(Object.keys(params))).id);
    }
  });
  return ids;
}

export function seedPosts(dataDir: string, count: number, options: SeedOptions = {}): Seeded {
  const started = performance.now();
  const site = createSite({ dataDir, database: options.database, deployment: 'a', baseUrl: 'http://127.0.0.1' });
  const { store } = site.context;
  const ids = seedInto(site.context, count, options.moreContent);
  const appPassword = appPasswordCreateCommand(store, { login: 'admin', name: 'bench' }).password;
  site.close();
  return {
    appPassword,
    somePostId: ids[Math.floor(ids.length / 2)],
    batchIds: ids.slice(0, 25),
    searchWord: 'orchard',
    seconds: (performance.now() - started) / 1000,
  };
}
