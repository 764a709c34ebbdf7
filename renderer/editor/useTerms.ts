// Categories and tags to choose from in the side panel.
import { useQuery } from '@tanstack/react-query';
import type { Term } from '../../shared/site-types.ts';
import { useClient } from '../api/client-context.tsx';

export function useTerms(taxonomy: 'categories' | 'tags', enabled: boolean) {
  const client = useClient();
  return useQuery({
    queryKey: ['terms', taxonomy],
    enabled,
    queryFn: async () => (await client.list<Term>(`cms/v2/${taxonomy}`, { per_page: 100, orderby: 'name', order: 'asc' })).items,
  });
}
