// A part of the app loaded when first needed (Vite splits it into its own chunk), its place
// saying in words what is loading until it comes, never empty.
import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';

/** A component loaded on demand, and `preload` to fetch it ahead of need (the module loader keeps what it fetched). */
export type OnDemand<P> = ((props: P) => ReactElement) & { preload(): void };

/** A component loaded on demand by `load`, shown with `waiting` (what is loading, in words) until it comes. */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, waiting: string): OnDemand<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function Shown(props: P) {
    return (
      <Suspense fallback={<p className="loading-part" role="status">{waiting}</p>}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  // A preload that fails is no matter: the part's own load says so when it is needed.
  return Object.assign(Shown, { preload: () => void load().catch(() => undefined) });
}
