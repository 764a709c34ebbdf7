// Preloaded (--require) into the stand-in's utility process (tests/helpers/fake-electron.ts),
// which runs on Electron 42's Node major (24): the site's process then meets what Electron's
// utility process gives it, and fails where that would. process.parentPort, whose messages
// come as { data, ports }; no process.send (Electron's utility process has none);
// process.versions.electron, which makes the store choose node:sqlite (as in the desktop app)
// and sharp take its Electron path. Underneath, Node's IPC channel carries the messages.
'use strict';
// Node hands a process's --require to its worker threads too; Electron's utility process gives
// its workers none of this, so a worker (the site's log checkpointer) starts as it would there.
if (!require('node:worker_threads').isMainThread) return;
const { EventEmitter } = require('node:events');

const send = process.send.bind(process);
const parentPort = new EventEmitter();
parentPort.postMessage = (message) => send(message);
process.on('message', (message) => parentPort.emit('message', { data: message, ports: [] }));
Object.defineProperty(process, 'parentPort', { value: parentPort, enumerable: true });
delete process.send;
Object.defineProperty(process.versions, 'electron', { value: process.env.INKWELL_STAND_IN_ELECTRON_VERSION, enumerable: true });
delete process.env.INKWELL_STAND_IN_ELECTRON_VERSION;
