// Preloaded into a site process (`node --import tsx --import ./tests/helpers/without-pg-native.ts`)
// to stand for a machine where `npm ci` could not build PostgreSQL's client (no libpq-dev):
// loading pg-native fails as it then does. The store loads it with require (CommonJS), which
// Node 20's module.register hooks do not see, so the CommonJS resolver is wrapped instead.
import Module from 'node:module';

type Resolve = (this: unknown, request: string, ...rest: unknown[]) => string;
const cjs = Module as unknown as { _resolveFilename: Resolve };
const resolve = cjs._resolveFilename;
cjs._resolveFilename = function (request, ...rest) {
  if (request === 'pg-native') throw Object.assign(new Error("Cannot find module 'pg-native'"), { code: 'MODULE_NOT_FOUND' });
  return resolve.call(this, request, ...rest);
};
