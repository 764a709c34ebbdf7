// The site client for every screen, from React context.
import { createContext, useContext } from 'react';
import type { SiteClient } from '../../shared/site-client.ts';

export const ClientContext = createContext<SiteClient | null>(null);

export function useClient(): SiteClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside of ClientContext');
  return client;
}
