// Preloaded into a site process (`node --require ./tests/helpers/without-pg-native.cjs <the compiled
// command line>`) to stand for a machine where `npm ci` could not build PostgreSQL's client (no
// libpq-dev): loading pg-native fails as it then does. The store loads it with require (CommonJS),
// which Node 20's module.register hooks do not see, so the CommonJS resolver is wrapped instead.
// Plain CommonJS, so that the process needs no TypeScript loader (tsx's costs ~0.9 s of CPU).
const Module = require('node:module');

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'pg-native') throw Object.assign(new Error("Cannot find module 'pg-native'"), { code: 'MODULE_NOT_FOUND' });
  return resolve.call(this, request, ...rest);
};
