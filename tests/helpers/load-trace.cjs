// Preloaded (--require) into the packaged-layout test's site process, and so into its worker
// threads (they inherit execArgv): writes every file the process loads, one path a line, to
// INKWELL_LOAD_TRACE: CommonJS modules and JSON, native addons (process.dlopen), ES modules
// (a module.register load hook) and, at exit, the shared libraries the system linked.
const fs = require('node:fs');
const Module = require('node:module');
const { isMainThread } = require('node:worker_threads');

const trace = process.env.INKWELL_LOAD_TRACE;
const note = (file) => fs.appendFileSync(trace, `${file}\n`);

for (const extension of Object.keys(Module._extensions)) {
  const load = Module._extensions[extension];
  Module._extensions[extension] = function traced(module, filename) {
    note(filename);
    return load.call(this, module, filename);
  };
}
const dlopen = process.dlopen;
process.dlopen = function traced(module, filename, ...rest) {
  note(filename);
  return dlopen.call(this, module, filename, ...rest);
};
const hook = `
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(trace)}, fileURLToPath(url) + '\\n');
  return next(url, context);
}`;
Module.register(`data:text/javascript,${encodeURIComponent(hook)}`);
if (isMainThread) process.on('exit', () => process.report.getReport().sharedObjects.forEach(note));
