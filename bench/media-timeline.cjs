// Preloaded (`node --require`) into the site's process by `npm run bench:media -- --timeline`
// (and bench:peer's): notes, for each upload and image edit the site serves (a POST to
// …/media or …/media/{id}/edit), when its body was read, when each sharp call (a header
// read, a pipeline) started and ended, and when its answer was sent, in ms from its arrival;
// one JSON line a request in the file MEDIA_TIMELINE_FILE names (media-timeline.ts reads it).
// Each call is counted to the request in whose async context it began. sharp is loaded when the
// first of them arrives, as the site loads it (at the process's start, sharp's WebAssembly build,
// which --wasm measures, would keep the site from starting).
const fs = require('node:fs');
const http = require('node:http');
const { AsyncLocalStorage } = require('node:async_hooks');
const { performance } = require('node:perf_hooks');
const file = process.env.MEDIA_TIMELINE_FILE;
const requests = new AsyncLocalStorage();
const MEDIA_WRITE = /\/media(\/\d+\/edit)?(\?|$)/;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event !== 'request' || request.method !== 'POST' || !MEDIA_WRITE.test(request.url)) return emit.apply(this, arguments);
  const started = performance.now();
  watchSharp();
  const record = { url: request.url, steps: [] };
  const at = () => performance.now() - started;
  request.once('end', () => record.steps.push({ step: 'body read', end: at() }));
  response.once('finish', () => {
    record.steps.push({ step: 'answer sent', end: at() });
    fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
  });
  return requests.run({ record, at }, () => emit.apply(this, arguments));
};

/** Wraps a sharp method that answers with a promise, so that its start and end are noted. */
function timed(sharp, method, describe) {
  const original = sharp.prototype[method];
  sharp.prototype[method] = function (...args) {
    const request = requests.getStore();
    const result = original.apply(this, args);
    if (!request || typeof result?.then !== 'function') return result;
    const start = request.at();
    const note = (step) => request.record.steps.push({ step, start, end: request.at() });
    result.then((value) => note(describe(value)), () => note('failed'));
    return result;
  };
}

let watched = false;
function watchSharp() {
  if (watched) return;
  watched = true;
  const sharp = require('sharp');
  timed(sharp, 'metadata', () => 'header read');
  timed(sharp, 'toBuffer', (made) => (made?.info ? `${made.info.format} ${made.info.width}×${made.info.height}` : 'pipeline'));
}
