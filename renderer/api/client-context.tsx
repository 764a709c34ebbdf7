// The site client for every screen, from React context: the site the user writes for now
// (the app's own site, or a connected site's local copy), and the app's own site, where
// the app's private routes (connected sites, sync) live.
import { createContext, useContext } from 'react';
import type { SiteClient } from '../../shared/site-client.ts';
import type { CopySession } from '../../shared/connected-sites.ts';

export const ClientContext = createContext<SiteClient | null>(null);
export const HomeClientContext = createContext<SiteClient | null>(null);

export interface SiteChoice {
  /** The connected site written for now; null for the app's own site. */
  current: CopySession | null;
  choose(session: CopySession | null): void;
}

export const SiteChoiceContext = createContext<SiteChoice | null>(null);

function required<T>(value: T | null, name: string): T {
  if (!value) throw new Error(`${name} outside of its provider`);
  return value;
}

export function useClient(): SiteClient {
  return required(useContext(ClientContext), 'useClient');
}

export function useHomeClient(): SiteClient {
  return required(useContext(HomeClientContext), 'useHomeClient');
}

export function useSiteChoice(): SiteChoice {
  return required(useContext(SiteChoiceContext), 'useSiteChoice');
}
