// Another program's file that takes all the room left on a (small, test-mounted) disk but
// `leave` bytes, for the tests of a full disk; its path, to remove when there is room again.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export function fillDiskBut(disk: string, leave: number): string {
  const room = Number(spawnSync('df', ['--output=avail', '-B1', disk], { encoding: 'utf8' }).stdout.split('\n')[1]);
  const filler = path.join(disk, 'someone-elses-file');
  fs.writeFileSync(filler, Buffer.alloc(Math.max(0, room - leave)));
  return filler;
}
