// Another process on a site's SQLite file, as a second instance or a CLI command is: on "lock"
// it takes the file's write lock (BEGIN IMMEDIATE, waiting for it as long as it takes) and says
// "locked"; on "release" it ends that transaction and says "released". On "change" it changes
// the schema without pause (a table made and dropped, as another instance's migrations do) and
// says "changing"; on "still" it stops and says "still". The driver is the one the
// site's store runs on (INKWELL_SQLITE): better-sqlite3, or node:sqlite under a Node whose ABI
// better-sqlite3 was not built for.
'use strict';
const readline = require('node:readline');

const file = process.argv[2];
const db = process.env.INKWELL_SQLITE === 'node:sqlite' ? new (require('node:sqlite').DatabaseSync)(file) : new (require('better-sqlite3'))(file);
db.exec('PRAGMA busy_timeout = 60000');
const say = (line) => process.stdout.write(`${line}\n`);

let changing = false;
let changes = 0;
function changeSchema() {
  // In short runs, so that "still" is read between them.
  for (let run = 0; run < 20 && changing; run += 1, changes += 1) db.exec(`CREATE TABLE schema_change_${changes} (x); DROP TABLE schema_change_${changes}`);
  if (changing) setImmediate(changeSchema);
  else say('still');
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'change') {
    changing = true;
    say('changing');
    setImmediate(changeSchema);
  } else if (line === 'still') {
    changing = false;
  } else if (line === 'lock') {
    db.exec('BEGIN IMMEDIATE');
    say('locked');
  } else if (line === 'release') {
    db.exec('ROLLBACK');
    say('released');
  }
}).on('close', () => db.close());
say('ready');
