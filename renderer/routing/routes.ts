// Screens are addressed by the URL hash, so reloads and the back button work.
import { useEffect, useState } from 'react';

export type PostKind = 'posts' | 'pages';

export type Route =
  | { screen: 'list'; kind: PostKind }
  | { screen: 'edit'; kind: PostKind; id: number | null }
  | { screen: 'media' }
  | { screen: 'sites' }
  | { screen: 'settings' };

export function parseRoute(hash: string): Route {
  // What follows `?` is the screen's own state (a list's tab, search, page), not the route.
  const parts = hash.replace(/^#\/?/, '').split('?')[0].split('/');
  if (parts[0] === 'media') return { screen: 'media' };
  if (parts[0] === 'sites') return { screen: 'sites' };
  if (parts[0] === 'settings') return { screen: 'settings' };
  const kind: PostKind = parts[0] === 'pages' ? 'pages' : 'posts';
  if (parts[1] === 'new') return { screen: 'edit', kind, id: null };
  if (parts[1] && /^\d+$/.test(parts[1])) return { screen: 'edit', kind, id: Number(parts[1]) };
  return { screen: 'list', kind };
}

export function href(route: Route): string {
  if (route.screen === 'media') return '#/media';
  if (route.screen === 'sites') return '#/sites';
  if (route.screen === 'settings') return '#/settings';
  if (route.screen === 'edit') return `#/${route.kind}/${route.id ?? 'new'}`;
  return `#/${route.kind}`;
}

export function navigate(route: Route): void {
  window.location.hash = href(route);
}

/** A route as reached: `visit` counts navigations, so going to the same address again opens a fresh screen. */
export type Visit = Route & { visit: number };

export function useRoute(): Visit {
  const [route, setRoute] = useState<Visit>(() => ({ ...parseRoute(window.location.hash), visit: 0 }));
  useEffect(() => {
    // A new item's address is replaced without a navigation once it is saved: "New" again must still open a new one.
    const update = () => setRoute((previous) => ({ ...parseRoute(window.location.hash), visit: previous.visit + 1 }));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
