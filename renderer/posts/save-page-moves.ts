// Saves a move in the page tree: the pages' new parent and menu order in one batch request,
// each only if the page is unchanged since the tree read it (If-Unmodified-Since). When any
// write is refused, the ones that went through are put back, so the site keeps the old tree.
import { subRequest, type SiteClient } from '../../shared/site-client.ts';
import type { ErrorBody, Post } from '../../shared/site-types.ts';
import { api } from '../../shared/api-routes.ts';
import { httpDate } from '../../shared/dates.ts';
import type { PageChange } from './tree-moves.ts';

/** A move the site refused, in words for the writer. */
export class MoveRefused extends Error {}

function reasonOf(status: number, body: unknown): string {
  if (status === 412) return 'it was changed elsewhere since the tree was shown';
  // The site's own words, without their full stop (the sentence goes on).
  return ((body as Partial<ErrorBody> | null)?.message ?? `the site answered ${status}`).replace(/\.$/, '');
}

/**
 * Writes the changes; `pages` is the tree before the move (what a refusal puts back) and
 * `versionOf` the modified date each page had when the writer last saw it. Answers the new
 * modified date of each page written, so that a next move's preconditions hold.
 */
export async function savePageMoves(client: SiteClient, pages: readonly Post[], changes: readonly PageChange[], versionOf: (id: number) => string | undefined): Promise<Map<number, string>> {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const write = (id: number, place: { parent: number; menu_order: number }, since?: string) =>
    subRequest('POST', api.post('pages', id), place, since ? { 'if-unmodified-since': httpDate(since) } : undefined);
  const results = await client.batch(changes.map((change) => write(change.id, { parent: change.parent, menu_order: change.menu_order }, versionOf(change.id))));
  const refused = results.findIndex((result) => result.status >= 400);
  if (refused < 0) return new Map(changes.map((change, index) => [change.id, (results[index].body as Post).modified_gmt]));
  const done = changes.filter((_, index) => results[index].status < 400);
  await client.batch(done.map((change) => {
    const before = byId.get(change.id)!;
    return write(change.id, { parent: before.parent ?? 0, menu_order: before.menu_order ?? 0 });
  }));
  const title = byId.get(changes[refused].id)?.title.raw || '(no title)';
  throw new MoveRefused(`“${title}” could not be moved: ${reasonOf(results[refused].status, results[refused].body)}. The tree is as it was.`);
}
