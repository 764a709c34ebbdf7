// Reading a remote list to its end: the first page alone (its X-WP-TotalPages says how
// many there are), then the others a few at a time. WordPress pages its query first and then
// drops, item by item, what the account may not read or edit: an author's pages come back
// empty or short while others' items fill them, and more follow. So an empty or short page
// does not end the list; a page of items all seen before does (a remote that repeats itself),
// and a list longer than any site holds is refused, by its count or by what it gave.
import { SiteError, type Exactly, type ItemOf, type QueryFor, type SiteClient } from '../../../shared/site-client.ts';
import type { AnswerOf, PathFor } from '../../../shared/api-routes.ts';
import { RemoteSiteError } from './errors.ts';

/** The most a list page may hold in this interface. */
export const PAGE_SIZE = 100;
/** Pages in flight at once: enough to hide latency, few enough to spare the remote. */
export const PAGE_CONCURRENCY = 4;
/** More items of one kind than a site this app can sync plausibly holds (WordPress's largest blogs hold some hundred thousand). */
export const MAX_LISTED_ITEMS = 1_000_000;

/** Runs `work(0 … count-1)`, at most `limit` at a time; work answering 'stop' ends it (what runs finishes); the first failure stops new work and is thrown. */
export async function runBounded(count: number, limit: number, work: (index: number) => Promise<void | 'stop'>): Promise<void> {
  let next = 0;
  let failed = false;
  let stopped = false;
  const worker = async () => {
    while (!failed && !stopped && next < count) {
      const index = next++;
      try {
        if ((await work(index)) === 'stop') stopped = true;
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** Wraps `work` so that its calls run one after another, in the order they were made. */
export function oneAtATime<T>(work: (input: T) => Promise<void>): (input: T) => Promise<void> {
  let last = Promise.resolve();
  return (input) => (last = last.then(() => work(input)));
}

/** Items deleted while the pages are read shorten the list: a page past its new end is empty, not an error. */
function isPastTheEnd(error: unknown): boolean {
  return error instanceof SiteError && error.status === 400 && error.code.endsWith('invalid_page_number');
}

function itemsOf<T>(body: unknown, client: SiteClient): T[] {
  if (Array.isArray(body)) return body as T[];
  throw new RemoteSiteError('http_error', `${new URL(client.apiRoot).host} answered a list with something that is not one. Try again later; if it goes on, ask the site's administrator.`);
}

/** What the pages so far say of the list: whether it has ended, and how many distinct items it held. */
class ListEnd {
  private readonly ids = new Set<unknown>();
  private count = 0;

  constructor(private readonly client: SiteClient) {}

  private tooLarge(): RemoteSiteError {
    return new RemoteSiteError('too_large', `${new URL(this.client.apiRoot).host} listed more than ${MAX_LISTED_ITEMS.toLocaleString('en')} items of one kind, more than a site holds, so the app stopped reading its list. Ask the site's administrator.`);
  }

  /** The pages to read by the first answer's headers; a count no site holds is refused before they are read. */
  pagesOf(headers: Headers): number {
    if (Number(headers.get('x-wp-total') ?? 0) > MAX_LISTED_ITEMS) throw this.tooLarge();
    return Number(headers.get('x-wp-totalpages') ?? 1);
  }

  /** The page's items not seen before, and whether it ends the list (items, none of them new: a remote that repeats itself). */
  page<T>(items: T[]): { fresh: T[]; last: boolean } {
    const fresh = items.filter((item) => {
      const id = (item as { id?: unknown } | null)?.id ?? this.count++;
      if (this.ids.has(id)) return false;
      this.ids.add(id);
      return true;
    });
    if (this.ids.size > MAX_LISTED_ITEMS) throw this.tooLarge();
    return { fresh, last: items.length > 0 && fresh.length === 0 };
  }
}

/**
 * Calls `onPage` with each page's items, one call at a time (pages arrive in any order).
 * Returns the remote's clock (the Date header) when the first page was answered.
 */
export async function readAllPages<P extends PathFor<'GET'>, Q extends QueryFor<P, 'GET'>>(
  client: SiteClient,
  route: P,
  query: Exactly<Q, QueryFor<P, 'GET'>>,
  concurrency: number,
  onPage: (items: ItemOf<AnswerOf<P, 'GET'>>[]) => Promise<void>,
): Promise<{ remoteDate: string | null }> {
  type Item = ItemOf<AnswerOf<P, 'GET'>>;
  const deliver = oneAtATime(onPage);
  const end = new ListEnd(client);
  // Every list route of the interface takes the paging arguments.
  const pageOf = (page: number) => ({ ...query, per_page: PAGE_SIZE, page }) as Exactly<Q, QueryFor<P, 'GET'>>;
  const first = await client.request('GET', route, { query: pageOf(1) });
  const { fresh, last } = end.page(itemsOf<Item>(first.body, client));
  await deliver(fresh);
  const totalPages = last ? 1 : end.pagesOf(first.headers);
  await runBounded(totalPages - 1, concurrency, async (index) => {
    try {
      const page = end.page(itemsOf<Item>((await client.list(route, pageOf(index + 2))).items, client));
      await deliver(page.fresh);
      return page.last ? 'stop' : undefined;
    } catch (error) {
      if (!isPastTheEnd(error)) throw error;
      return 'stop';
    }
  });
  return { remoteDate: first.headers.get('date') };
}

/** Every item of the list, read to its end as readAllPages reads it; each call reads it from its first page. */
export async function listAllPages<P extends PathFor<'GET'>, Q extends QueryFor<P, 'GET'>>(
  client: SiteClient,
  route: P,
  query: Exactly<Q, QueryFor<P, 'GET'>>,
): Promise<ItemOf<AnswerOf<P, 'GET'>>[]> {
  const items: ItemOf<AnswerOf<P, 'GET'>>[] = [];
  await readAllPages(client, route, query, PAGE_CONCURRENCY, async (page) => {
    items.push(...page);
  });
  return items;
}
