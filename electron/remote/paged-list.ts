// Reading a remote list to its end: the first page alone (its X-WP-TotalPages says how
// many there are), then the others a few at a time.
import { SiteError, type Query, type SiteClient } from '../../shared/site-client.ts';

/** The most a list page may hold in this interface. */
export const PAGE_SIZE = 100;
/** Pages in flight at once: enough to hide latency, few enough to spare the remote. */
export const PAGE_CONCURRENCY = 4;

/** Runs `work(0 … count-1)`, at most `limit` at a time; the first failure stops new work and is thrown. */
export async function runBounded(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++;
      try {
        await work(index);
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

/**
 * Calls `onPage` with each page's items, one call at a time (pages arrive in any order).
 * Returns the remote's clock (the Date header) when the first page was answered.
 */
export async function readAllPages<T>(
  client: SiteClient,
  route: string,
  query: Query,
  concurrency: number,
  onPage: (items: T[]) => Promise<void>,
): Promise<{ remoteDate: string | null }> {
  const deliver = oneAtATime(onPage);
  const first = await client.request<T[]>('GET', route, { query: { ...query, per_page: PAGE_SIZE, page: 1 } });
  await deliver(first.body);
  const totalPages = Number(first.headers.get('x-wp-totalpages') ?? 1);
  await runBounded(totalPages - 1, concurrency, async (index) => {
    try {
      await deliver((await client.list<T>(route, { ...query, per_page: PAGE_SIZE, page: index + 2 })).items);
    } catch (error) {
      if (!isPastTheEnd(error)) throw error;
    }
  });
  return { remoteDate: first.headers.get('date') };
}
