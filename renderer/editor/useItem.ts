// Loads an item to edit, with its version (ETag) for the preconditions of later saves, and
// what the writer has not chosen about yet: words journalled on this computer that never
// reached the site, and an autosave newer than the saved version. Both become offers kept in
// the recovered versions, so they stay until the writer restores or dismisses them, whatever
// is typed meanwhile.
import { useQuery } from '@tanstack/react-query';
import type { Post, Revision } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../routing/routes.ts';
import { clearJournal, journalKey, keepRecovered, markRecovered, readJournal, recoveredOf, type ItemKey, type JournalEntry, type RecoveredVersion } from './journal.ts';
import type { TextVersion } from './text-version.ts';
import { api } from '../../shared/api-routes.ts';
import { itemFieldsOf } from './post-fields.ts';
import { sameValue, type ItemFields } from './edit-record.ts';

export interface LoadedItem {
  post: Post | null;
  etag: string | null;
  /** The item this computer's journal and offers are kept under: its id, or a new item's local id. */
  item: ItemKey;
  /** Versions offered back, newest first. */
  offers: RecoveredVersion[];
}

const textOf = (post: Post | Revision): TextVersion => ({ title: post.title.raw ?? '', content: post.content.raw ?? '', excerpt: post.excerpt.raw ?? '' });

/** Whether a version would change anything of the item as loaded, or of the synced patterns it shows. */
const changesSomething = ({ fields, patterns }: Pick<JournalEntry, 'fields' | 'patterns'>, base: ItemFields) =>
  patterns !== undefined || Object.entries(fields).some(([field, value]) => !sameValue(base[field as keyof ItemFields], value));

export function useItem(kind: PostKind, id: number | null, localId: string) {
  const client = useClient();
  return useQuery({
    queryKey: ['item', kind, id ?? localId],
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async (): Promise<LoadedItem> => {
      const item: ItemKey = id ?? localId;
      let post: Post | null = null;
      let etag: string | null = null;
      if (id !== null) {
        const loaded = await client.request('GET', api.post(kind, id), { query: { context: 'edit' } });
        post = loaded.body;
        etag = loaded.headers.get('etag');
        const autosaves = await client.get(api.autosaves(kind, id), { context: 'edit' });
        const saved = textOf(post);
        // An autosave written in the same second as the save may be the newer one: offering it
        // with a preview costs the writer a click; not offering it would hide their words.
        const autosave = autosaves.find((candidate) => candidate.modified_gmt >= post!.modified_gmt && !sameValue(textOf(candidate), saved));
        // Kept here too: typing on autosaves over it on the site.
        if (autosave) keepRecovered(client.apiRoot, { ...textOf(autosave), fields: textOf(autosave), at: `${autosave.modified_gmt}Z`, kind, item: String(id), source: 'autosave', state: 'offered' });
      }
      // The journal of an earlier session becomes an offer; this session journals afresh.
      const key = journalKey(client.apiRoot, kind, item);
      const journal = readJournal(key);
      if (journal && changesSomething(journal, itemFieldsOf(post))) keepRecovered(client.apiRoot, { ...journal, kind, item: String(item), source: 'journal', state: 'offered' });
      clearJournal(key);
      const base = itemFieldsOf(post);
      const offers: RecoveredVersion[] = [];
      for (const version of recoveredOf(client.apiRoot, kind, item).filter((kept) => kept.state === 'offered')) {
        // What reached the site after all is no offer (it stays in the list).
        if (changesSomething(version, base)) offers.push(version);
        else markRecovered(client.apiRoot, version.key, 'restored');
      }
      return { post, etag, item, offers };
    },
  });
}
