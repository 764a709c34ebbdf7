// Another process on a site's SQLite file, as a second instance or a CLI command is: on "lock"
// it takes the file's write lock (BEGIN IMMEDIATE, waiting for it as long as it takes) and says
// "locked"; on "release" it ends that transaction and says "released". The driver is the one the
// site's store runs on (INKWELL_SQLITE): better-sqlite3, or node:sqlite under a Node whose ABI
// better-sqlite3 was not built for.
'use strict';
const readline = require('node:readline');

const file = process.argv[2];
const db = process.env.INKWELL_SQLITE === 'node:sqlite' ? new (require('node:sqlite').DatabaseSync)(file) : new (require('better-sqlite3'))(file);
db.exec('PRAGMA busy_timeout = 60000');
const say = (line) => process.stdout.write(`${line}\n`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'lock') {
    db.exec('BEGIN IMMEDIATE');
    say('locked');
  } else if (line === 'release') {
    db.exec('ROLLBACK');
    say('released');
  }
}).on('close', () => db.close());
say('ready');
