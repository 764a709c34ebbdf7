// Categories and tags to choose from in the side panel.
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../api/client-context.tsx';
import { api } from '../../shared/api-routes.ts';

export function useTerms(taxonomy: 'categories' | 'tags', enabled: boolean) {
  const client = useClient();
  return useQuery({
    queryKey: ['terms', taxonomy],
    enabled,
    queryFn: async () => (await client.list(api.terms(taxonomy), { per_page: 100, orderby: 'name', order: 'asc' })).items,
  });
}
