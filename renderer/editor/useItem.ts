// Loads an item to edit, with its version (ETag) for the preconditions of later saves, and
// the newest text that never became the saved version, if any: an autosave on the site, or
// words journalled on this computer that never reached it.
import { useQuery } from '@tanstack/react-query';
import type { Post, Revision } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';
import type { PostKind } from '../routing/routes.ts';
import { clearJournal, journalKey, readJournal } from './journal.ts';
import type { TextVersion } from './text-version.ts';

/** Text offered for restore: where it is kept, and when it was written (for the writer to judge). */
export interface RestoreOffer extends TextVersion {
  source: 'autosave' | 'journal';
  at: Date;
}

export interface LoadedItem {
  post: Post | null;
  etag: string | null;
  offer: RestoreOffer | null;
}

const textOf = (post: Post | Revision): TextVersion => ({ title: post.title.raw ?? '', content: post.content.raw ?? '', excerpt: post.excerpt.raw ?? '' });
const sameText = (a: TextVersion, b: TextVersion) => a.title === b.title && a.content === b.content && a.excerpt === b.excerpt;
const EMPTY: TextVersion = { title: '', content: '', excerpt: '' };

export function useItem(kind: PostKind, id: number | null) {
  const client = useClient();
  return useQuery({
    queryKey: ['item', kind, id],
    staleTime: Infinity,
    gcTime: 0,
    queryFn: async (): Promise<LoadedItem> => {
      const key = journalKey(client.apiRoot, kind, id);
      const journal = readJournal(key);
      if (id === null) {
        const offer = journal && !sameText(journal, EMPTY) ? { ...journal, source: 'journal' as const, at: new Date(journal.at) } : null;
        return { post: null, etag: null, offer };
      }
      const loaded = await client.request<Post>('GET', `cms/v2/${kind}/${id}`, { query: { context: 'edit' } });
      const post = loaded.body;
      const autosaves = await client.get<Revision[]>(`cms/v2/${kind}/${id}/autosaves`, { context: 'edit' });
      const saved = textOf(post);
      // An autosave written in the same second as the save may be the newer one: offering it
      // with a preview costs the writer a click; not offering it would hide their words.
      const autosave = autosaves.find((candidate) => candidate.modified_gmt >= post.modified_gmt && !sameText(textOf(candidate), saved));
      const autosaveOffer: RestoreOffer | null = autosave ? { ...textOf(autosave), source: 'autosave', at: new Date(`${autosave.modified_gmt}Z`) } : null;
      let offer = autosaveOffer;
      if (journal && sameText(journal, saved)) clearJournal(key);
      else if (journal && !(autosaveOffer && sameText(journal, autosaveOffer))) offer = { ...journal, source: 'journal', at: new Date(journal.at) };
      return { post, etag: loaded.headers.get('etag'), offer };
    },
  });
}
