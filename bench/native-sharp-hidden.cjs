// Preloaded (`node --require`) by `npm run bench:media -- --wasm`: the site's process cannot
// find sharp's native build, so sharp loads its WebAssembly one, as in the desktop app on
// Linux (build/electron-builder.yml leaves the native build out of that package).
const Module = require('node:module');

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (/^@img\/sharp-(libvips-)?(linux|linuxmusl|darwin|win32)-/.test(request)) {
    throw Object.assign(new Error(`Cannot find module '${request}' (hidden: the WebAssembly build is measured)`), { code: 'MODULE_NOT_FOUND' });
  }
  return resolve.call(this, request, ...rest);
};
