// Formats libvips here cannot read (BMP, HEIC photos in HEVC) are decoded in JavaScript
// (bmp-js, heic-decode), which takes seconds for a large image: on a worker thread of its
// own, so the site keeps answering meanwhile. Each decode gets a fresh worker.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface RgbaImage {
  width: number;
  height: number;
  /** Four bytes a pixel: red, green, blue, alpha. */
  data: Buffer;
}

export type JsFormat = 'bmp' | 'heic';

// Bundled for the desktop app as CommonJS, `require` is there; run as ES modules, it is made.
const resolveModule = typeof require === 'function' ? require.resolve : createRequire(import.meta.url).resolve;

/** The worker gets the decoders' paths: resolved here, as this module would load them. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
async function decode({ format, bytes, modules }) {
  if (format === 'bmp') {
    // bmp-js gives pixels as ABGR; sharp wants RGBA.
    const image = require(modules.bmp).decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    const pixels = Buffer.alloc(image.width * image.height * 4);
    for (let offset = 0; offset < pixels.length; offset += 4) {
      pixels[offset] = image.data[offset + 3];
      pixels[offset + 1] = image.data[offset + 2];
      pixels[offset + 2] = image.data[offset + 1];
      pixels[offset + 3] = 255;
    }
    return { width: image.width, height: image.height, data: pixels };
  }
  const { default: decodeHeic } = await import(pathToFileURL(modules.heic).href);
  const image = await decodeHeic({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) });
  return { width: image.width, height: image.height, data: image.data };
}
decode(workerData).then(
  (image) => parentPort.postMessage(image, [image.data.buffer]),
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

/** Decodes `bytes` of a BMP or an HEVC HEIC off the event loop; rejects when they cannot be read. */
export function decodeInWorker(format: JsFormat, bytes: Buffer): Promise<RgbaImage> {
  const modules = { bmp: resolveModule('bmp-js'), heic: resolveModule('heic-decode') };
  return new Promise((resolve, reject) => {
    // The caller's bytes stay usable (an upload stores them meanwhile): the worker is handed a copy of its own.
    const copy = new Uint8Array(bytes);
    const worker = new Worker(WORKER, { eval: true, workerData: { format, bytes: copy, modules }, transferList: [copy.buffer] });
    worker.once('message', (answer: { width: number; height: number; data: Uint8Array } | { error: string }) => {
      void worker.terminate();
      if ('error' in answer) reject(new Error(`The ${format.toUpperCase()} image could not be decoded: ${answer.error}`));
      else resolve({ width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) });
    });
    worker.once('error', reject);
  });
}
