// Which synced pattern of the site written for a post's `{"ref":N}` names. On the app's own site,
// N itself. In a connected site's local copy, N is the remote site's id (the post's markup
// travels byte for byte both ways), or the copy's own reference to a pattern made here
// (shared/copy-pattern-refs.ts), so the pattern here is found through sync's mapping, asked
// of the desktop app each time a reference is shown (a sync may have brought the pattern since).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useHomeClient, useSiteChoice } from '../api/client-context.tsx';
import { desktopApi } from '../../shared/api-routes.ts';
import { ownPatternOf, ownPatternRef } from '../../shared/copy-pattern-refs.ts';

/** A reference's pattern here: its id; null when the copy holds none for it; undefined while asking. */
export type PatternOf = (ref: number) => number | null | undefined;

/** The pattern's id here; null when the copy holds none for the reference; undefined while asking. */
export function usePatternId(ref: number): number | null | undefined {
  return usePatternIds()(ref);
}

/** The desktop app's answer for a connected site's copy (reference → pattern here); null on the app's own site. */
function usePatternIdsAnswer() {
  const home = useHomeClient();
  const { current } = useSiteChoice();
  const ids = useQuery({
    queryKey: ['pattern-ids', current?.siteId], enabled: current !== null, retry: false, refetchOnWindowFocus: false,
    queryFn: () => home.get(desktopApi.patternIds(current!.siteId)),
  });
  return current ? ids : null;
}

/** How the references of the site written for find their pattern here (the word count reads the patterns through it too). */
export function usePatternIds(): PatternOf {
  const ids = usePatternIdsAnswer();
  if (!ids) return (ref) => ref;
  if (ids.error) return () => null;
  const { data } = ids;
  return data ? (ref) => data[ref] ?? null : () => undefined;
}

/**
 * The reference a post here holds for the pattern here `id` (the inserter and Create synced pattern
 * put it in): in a copy, the site's id where sync maps one to it, else the copy's own reference (a
 * pattern made here, sent before the post, which then names its id there; shared/copy-pattern-refs.ts).
 */
export function usePatternRefs(): (id: number) => number {
  const answer = usePatternIdsAnswer();
  const data = answer?.data;
  const copy = answer !== null;
  return useMemo(() => {
    const refs = new Map<number, number>();
    for (const [ref, id] of Object.entries(data ?? {})) if (ownPatternOf(Number(ref)) === undefined) refs.set(id, Number(ref));
    return (id: number) => refs.get(id) ?? (copy ? ownPatternRef(id) : id);
  }, [data, copy]);
}
