// sharp (libvips) loaded when an image is first read, not when the site starts: most processes
// of the site (its commands, an instance that serves no upload) never touch an image, and
// loading it costs each of them ~0.12 s of CPU.
import { createRequire } from 'node:module';
import type { default as SharpLibrary, Sharp } from 'sharp';

// The desktop's site process runs as a CommonJS bundle, where import.meta is empty.
const load = typeof require === 'function' ? require : createRequire(import.meta.url);

let library: typeof SharpLibrary | undefined;

function loaded(): typeof SharpLibrary {
  if (library) return library;
  library = load('sharp') as typeof SharpLibrary;
  // Each image is processed once; libvips' operation cache would only hold memory.
  library.cache(false);
  return library;
}

/** `sharp(input, options)`, sharp loaded on the first call. */
export function sharp(...args: Parameters<typeof SharpLibrary>): Sharp {
  return loaded()(...args);
}
