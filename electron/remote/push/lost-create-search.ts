// Where an item whose create answer was lost can be on the remote, by its modified date: every
// create sync makes (posts, pages, synced patterns, media) is looked for through these windows.
// WordPress dates a new item's modified_gmt by the date it is sent with, not by when it makes
// it (wp_insert_post), so an item written here before the sync is older than the journal's
// time: it is looked for in its own date's second too (wordpress-lost-creates).

export interface LostCreate {
  /** On the remote's clock: the create was sent after this. */
  afterGmt: string;
  /** The date the create was sent with (GMT, `YYYY-MM-DDTHH:mm:ss`), or '' when it had none. */
  dateGmt: string;
}

/** `modified_after` and `modified_before` (both strict, as WordPress's and the local site's lists take them). */
export interface ModifiedWindow {
  modified_after: string;
  modified_before?: string;
}

function secondOf(millis: number): string {
  return `${new Date(millis).toISOString().slice(0, 19)}Z`;
}

/** Milliseconds of a GMT date, written with or without its `Z`. */
function millisOf(gmt: string): number {
  return Date.parse(gmt.endsWith('Z') ? gmt : `${gmt}Z`);
}

/**
 * Everything modified since a second before the earliest journal time (modified_after is
 * strict), and the second of each date sent that falls before that.
 */
export function windowsOf(creates: readonly LostCreate[]): ModifiedWindow[] {
  const since = Math.min(...creates.map((create) => millisOf(create.afterGmt))) - 1000;
  const dated = new Set(creates.filter((create) => create.dateGmt).map((create) => millisOf(create.dateGmt)).filter((date) => date <= since));
  return [
    { modified_after: secondOf(since) },
    ...[...dated].sort((a, b) => a - b).map((date) => ({ modified_after: secondOf(date - 1000), modified_before: secondOf(date + 1000) })),
  ];
}

/** The items `list` gives for every window the creates may be in, each once, by id. */
export async function lostCreateCandidates<T extends { id: number }>(creates: readonly LostCreate[], list: (window: ModifiedWindow) => Promise<T[]>): Promise<T[]> {
  const found = new Map<number, T>();
  for (const window of windowsOf(creates)) {
    for (const item of await list(window)) found.set(item.id, item);
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}
