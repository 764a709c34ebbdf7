// A part of the app loaded when first needed (Vite splits it into its own chunk), its place
// saying in words what is loading until it comes, never empty.
import { Suspense, lazy, type ComponentType, type ReactElement } from 'react';

/** A component loaded on demand by `load`, shown with `waiting` (what is loading, in words) until it comes. */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, waiting: string): (props: P) => ReactElement {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={<p className="loading-part" role="status">{waiting}</p>}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
