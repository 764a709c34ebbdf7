// The pixel size of an image, once it has loaded: the editor lays out its preview from it.
import { useEffect, useState } from 'react';
import type { Size } from '../../shared/edit-geometry.ts';

export function useNaturalSize(url: string): { size: Size | null; error: Error | null } {
  const [size, setSize] = useState<Size | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    const image = new Image();
    image.onload = () => setSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => setError(new Error('The image could not be loaded for editing. Check that the site is running and try again.'));
    image.src = url;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [url]);
  return { size, error };
}
