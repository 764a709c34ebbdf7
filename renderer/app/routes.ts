// Screens are addressed by the URL hash, so reloads and the back button work.
import { useEffect, useState } from 'react';

export type PostKind = 'posts' | 'pages';

export type Route =
  | { screen: 'list'; kind: PostKind }
  | { screen: 'edit'; kind: PostKind; id: number | null }
  | { screen: 'media' }
  | { screen: 'sites' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  if (parts[0] === 'media') return { screen: 'media' };
  if (parts[0] === 'sites') return { screen: 'sites' };
  const kind: PostKind = parts[0] === 'pages' ? 'pages' : 'posts';
  if (parts[1] === 'new') return { screen: 'edit', kind, id: null };
  if (parts[1] && /^\d+$/.test(parts[1])) return { screen: 'edit', kind, id: Number(parts[1]) };
  return { screen: 'list', kind };
}

export function href(route: Route): string {
  if (route.screen === 'media') return '#/media';
  if (route.screen === 'sites') return '#/sites';
  if (route.screen === 'edit') return `#/${route.kind}/${route.id ?? 'new'}`;
  return `#/${route.kind}`;
}

export function navigate(route: Route): void {
  window.location.hash = href(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
